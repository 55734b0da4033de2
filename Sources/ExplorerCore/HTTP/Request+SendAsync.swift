import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// Sends the request and returns the response; cancelling the calling task cancels the request and any retry.
    /// With no `session` it goes over `configuration.transport` (SwiftNIO on Linux), else over that session.
    public func send(session: URLSession? = nil) async throws(RequestError) -> Response {
        try await preparingOAuthToken()
        let handle = OperationHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Response, RequestError>, Never>) in
                let operation = RequestOperation(request: self, transport: transport(session: session)) { result in
                    continuation.resume(returning: result)
                }
                handle.attach(operation)
                operation.start()
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    /// Sends the request and decodes the body into `Model` (an empty body decodes to `nil` or `EmptyResponse`).
    public func send<Model: Decodable & SendableMetatype>(
        decoder: JSONDecoder = JSONDecoder(),
        session: URLSession? = nil
    ) async throws(RequestError) -> Model {
        let response = try await send(session: session)
        return try Request.decode(Model.self, from: response, decoder: decoder).get()
    }
}
