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
    /// A publisher of the response: nothing is sent until the first subscriber, every subscriber shares one request,
    /// and the request is cancelled when all subscribers have cancelled.
    public func send(session: URLSession? = nil) -> AnyPublisher<PublisherResponse, RequestError> {
        let request = self
        return SharedResultPublisher<PublisherResponse> { deliver in
            let operation = RequestOperation(request: request, transport: request.transport(session: session), completion: deliver)
            operation.start()
            return { operation.cancel() }
        }.eraseToAnyPublisher()
    }

    /// A publisher of the decoded model with its response, shared and lazy like `send(session:)`.
    public func send<Model: Decodable & SendableMetatype>(
        decoder: JSONDecoder = JSONDecoder(),
        session: URLSession? = nil
    ) -> AnyPublisher<PublisherModelResponse<Model>, RequestError> {
        let request = self
        return SharedResultPublisher<PublisherModelResponse<Model>> { deliver in
            let operation = RequestOperation(request: request, transport: request.transport(session: session)) { result in
                deliver(result.flatMap { response in
                    Request.decode(Model.self, from: response, decoder: decoder)
                        .map { PublisherModelResponse(response: response, responseModel: $0) }
                })
            }
            operation.start()
            return { operation.cancel() }
        }.eraseToAnyPublisher()
    }
}
