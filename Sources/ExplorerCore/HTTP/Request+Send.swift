import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// The completion handler of `send(session:autoResumeTask:completion:)`.
    public typealias Completion = @Sendable (Result<Response, RequestError>) -> Void

    /// Sends the request over URLSession and calls back with the response or the error; returns the first attempt's first hop's task, already resumed unless `autoResumeTask` is false.
    ///
    /// Cancelling the returned task cancels the first attempt. The callback runs on a background queue.
    @discardableResult
    public func send(
        session: URLSession? = nil,
        autoResumeTask: Bool = true,
        completion: @escaping Completion
    ) -> URLSessionDataTask {
        let session = session ?? self.session
        let exchange = RequestOperation(request: self, transport: URLSessionTransport(session: session), completion: completion)
            .start(autoResume: autoResumeTask)
        // When nothing was sent (the request could not be built), a task for an unroutable URL that is never resumed
        // stands in: the API promises one.
        return (exchange as? URLSessionExchange)?.task
            ?? session.dataTask(with: URL(string: "http://127.0.0.1:9/") ?? URL(fileURLWithPath: "/"))
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
