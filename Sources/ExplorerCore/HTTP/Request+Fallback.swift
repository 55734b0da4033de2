import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// The fallback response in place of `failure`, when the request has one for its URL and it passes validation;
    /// otherwise the failure (or why the fallback was refused).
    func fallbackResult(after failure: RequestError, attempts: Int, totalDuration: TimeInterval) -> Result<Response, RequestError> {
        guard let fallback, let url, let urlResponse = fallback.urlResponse(for: url) else { return .failure(failure) }
        let response = Response(request: self, urlResponse: urlResponse, data: fallback.data, totalDuration: totalDuration,
                                attempts: attempts, isFallback: true)
        if let rejected = rejection(of: response) { return .failure(rejected) }
        RequestLog(request: self).debug("using the fallback response for \(description) after: \(failure.description)")
        return .success(response)
    }
}
