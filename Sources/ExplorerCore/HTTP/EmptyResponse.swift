import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A model for responses that have no body (204, or an empty 200); decoding an empty body into it never fails.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates the empty model.
    public init() {}
    /// Accepts any body and ignores it.
    public init(from decoder: any Decoder) throws {}
}

extension EmptyResponse: EmptyBodyRepresentable {
    /// The empty model.
    public static var emptyBodyValue: EmptyResponse { EmptyResponse() }
}
