import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// The completion handler of `send(session:autoResumeTask:completion:)`.
    public typealias Completion = @Sendable (Result<Response, RequestError>) -> Void

    /// Sends the request and calls back with the response or the error; returns the first attempt's task, already resumed unless `autoResumeTask` is false.
    ///
    /// Cancelling the returned task cancels the first attempt. The callback runs on a background queue.
    @discardableResult
    public func send(
        session: URLSession? = nil,
        autoResumeTask: Bool = true,
        completion: @escaping Completion
    ) -> URLSessionDataTask {
        RequestOperation(request: self, session: session ?? self.session, completion: completion)
            .start(autoResume: autoResumeTask)
    }

    /// Sends the request and decodes the body into `Model` (an empty body decodes to `nil` or `EmptyResponse`).
    @discardableResult
    public func send<Model: Decodable & SendableMetatype>(
        decoder: JSONDecoder = JSONDecoder(),
        session: URLSession? = nil,
        autoResumeTask: Bool = true,
        completion: @escaping @Sendable (Result<Model, RequestError>) -> Void
    ) -> URLSessionDataTask {
        send(session: session, autoResumeTask: autoResumeTask) { result in
            completion(result.flatMap { Request.decode(Model.self, from: $0, decoder: decoder) })
        }
    }
}
