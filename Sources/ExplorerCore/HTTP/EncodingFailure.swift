import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reason a body could not be encoded.
public struct EncodingFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
