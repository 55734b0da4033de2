import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the decoding publisher sends: the decoded model with the response it came from.
public struct PublisherModelResponse<Model>: @unchecked Sendable {
    // Sendable as long as the caller's model is only read, which is how publishers hand values out.

    /// The request that was sent.
    public let request: Request
    /// Foundation's response.
    public let urlResponse: HTTPURLResponse
    /// The decoded body.
    public let responseModel: Model
    /// The full response, for headers, timings and raw bytes.
    public let response: Request.Response

    /// Creates a model response.
    public init(response: Request.Response, responseModel: Model) {
        self.request = response.request
        self.urlResponse = response.urlResponse
        self.responseModel = responseModel
        self.response = response
    }
}

extension Request {
    /// What the decoding publisher sends.
    public typealias PublisherModelResponse<Model> = ExplorerCore.PublisherModelResponse<Model>
}
