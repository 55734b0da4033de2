import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// Why `response` is refused: the status check, then each validator; `nil` when it is accepted.
    func rejection(of response: Response) -> RequestError? {
        if !configuration.accepts(statusCode: response.statusCode) {
            return .httpStatus(request: self, error: HTTPError(response: response))
        }
        for validator in configuration.validators {
            do {
                try validator.validate(response)
            } catch {
                return .validation(request: self, validator: validator.name, message: "\(error)", response: response)
            }
        }
        return nil
    }
}
