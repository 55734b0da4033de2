import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// The Foundation request this value sends, with injected headers applied; `timeout` caps the configured one.
    public func makeURLRequest(timeout: TimeInterval? = nil) throws(RequestError) -> URLRequest {
        guard let url else { throw RequestError.invalidURL(request: self, url: baseURLString) }
        var urlRequest = URLRequest(url: url)
        // GET is Foundation's default; setting it anyway normalises the string again (~3 µs a send).
        if httpMethod != .get { urlRequest.httpMethod = httpMethod.rawValue }
        urlRequest.cachePolicy = configuration.cachePolicy
        urlRequest.httpShouldHandleCookies = configuration.httpShouldHandleCookies
        urlRequest.timeoutInterval = min(configuration.timeoutInterval, timeout ?? .infinity)
        var headers = effectiveHeaders
        for injector in hooks.headerInjectors { headers = headers.merging(injector(self)) }
        var seen = Set<String>()
        for field in headers where seen.insert(field.name.lowercased()).inserted {
            urlRequest.setValue(headers[field.name], forHTTPHeaderField: field.name)
        }
        // FoundationNetworking would send "<executable> (unknown version) curl/…", taken from a bundle we do not have.
        if urlRequest.value(forHTTPHeaderField: "User-Agent") == nil {
            urlRequest.setValue(ExplorerCoreInfo.userAgent, forHTTPHeaderField: "User-Agent")
        }
        if let body {
            // FoundationNetworking labels a body without a type application/x-www-form-urlencoded; bytes nobody typed
            // are not a form.
            if urlRequest.value(forHTTPHeaderField: "Content-Type") == nil {
                urlRequest.setValue(RequestBody.untypedContentType, forHTTPHeaderField: "Content-Type")
            }
            do {
                urlRequest.httpBody = try body.encoded()
            } catch {
                throw RequestError.encoding(request: self, message: "\(error)")
            }
        }
        return urlRequest
    }
}
