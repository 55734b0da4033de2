import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif

extension Request {
    /// Sends the request and returns the response, handing a streamed body (an event stream, JSON lines, or any
    /// response when `configuration.streamsEveryResponse` is set) to `onPart` as it arrives: the head, then each
    /// piece, on the transport's own thread. The transport reads no further while `onPart` runs, so a slow receiver
    /// slows the server down instead of filling memory. Cancelling the calling task cancels the request.
    public func send(session: URLSession? = nil,
                     onPart: @escaping @Sendable (ResponseStreamPart) -> Void) async throws(RequestError) -> Response {
        try await preparingOAuthToken()
        let handle = OperationHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Response, RequestError>, Never>) in
                let operation = RequestOperation(request: self, transport: transport(session: session), onPart: onPart) { result in
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

    /// Sends the request and hands its body over as it arrives: for an event stream, JSON lines, or any response when
    /// `configuration.streamsEveryResponse` is set, the head, each piece, then the end; for any other response the end
    /// alone. Ending the iteration (or cancelling its task) cancels the request. Pieces the caller has not taken yet
    /// wait in the stream's buffer; `send(session:onPart:)` instead holds the transport back.
    public func stream(session: URLSession? = nil) -> AsyncThrowingStream<ResponseStreamPart, any Error> {
        let request = self
        return AsyncThrowingStream { continuation in
            let operation = RequestOperation(request: request, transport: request.transport(session: session),
                                             onPart: { continuation.yield($0) }) { result in
                switch result {
                case let .success(response):
                    continuation.yield(.end(response))
                    continuation.finish()
                case let .failure(error):
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { termination in
                if case .cancelled = termination { operation.cancel() }
            }
            operation.start()
        }
    }

    /// A publisher of the parts `stream(session:)` hands over, for each subscriber its own request, sent when it
    /// subscribes and cancelled when it cancels. Parts beyond the subscriber's demand are dropped, as a subject does.
    public func streamPublisher(session: URLSession? = nil) -> AnyPublisher<ResponseStreamPart, RequestError> {
        let request = self
        return Deferred { () -> Publishers.HandleEvents<PassthroughSubject<ResponseStreamPart, RequestError>> in
            let subject = PassthroughSubject<ResponseStreamPart, RequestError>()
            let operation = RequestOperation(request: request, transport: request.transport(session: session),
                                             onPart: { subject.send($0) }) { result in
                switch result {
                case let .success(response):
                    subject.send(.end(response))
                    subject.send(completion: .finished)
                case let .failure(error):
                    subject.send(completion: .failure(error))
                }
            }
            return subject.handleEvents(receiveSubscription: { _ in operation.start() }, receiveCancel: { operation.cancel() })
        }.eraseToAnyPublisher()
    }
}
