import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// Sends the request on the configured transport without a task: `onPart` hears the streamed answer and
    /// `completion` the end, both on the transport's own thread. For callers that already live on an event loop (the
    /// capturing proxy): a task and its continuation cost two thread hops a request there. No OAuth token is fetched
    /// first. Returns what cancels the send (the completion then hears the cancellation, unless it came already).
    @discardableResult
    package func forward(onPart: @escaping @Sendable (ResponseStreamPart) -> Void,
                         completion: @escaping @Sendable (Result<Response, RequestError>) -> Void) -> @Sendable () -> Void {
        let operation = RequestOperation(request: self, transport: transport(session: nil), onPart: onPart, completion: completion)
        operation.start()
        return { operation.cancel() }
    }
}
