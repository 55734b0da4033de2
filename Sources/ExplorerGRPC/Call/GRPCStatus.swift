import ExplorerCore
import Foundation

/// How a call ended: its code, the server's message, and the `grpc-status-details-bin` trailer's `google.rpc.Status`
/// when one came.
public struct GRPCStatus: Error, Sendable, Equatable, CustomStringConvertible {
    /// The code.
    public var code: GRPCStatusCode
    /// The message (`grpc-message`, percent-decoded); empty when none.
    public var message: String
    /// The serialized `google.rpc.Status` of `grpc-status-details-bin`, when the server sent one.
    public var details: [UInt8]?

    /// A status with this code and message.
    public init(code: GRPCStatusCode, message: String = "", details: [UInt8]? = nil) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// `OK`, or `NOT_FOUND (5): no item missing`.
    public var description: String {
        code == .ok && message.isEmpty ? "OK" : "\(code.name) (\(code.rawValue))" + (message.isEmpty ? "" : ": \(message)")
    }

    /// The status a call's trailers (or a trailers-only answer's headers) carry; nil when they have no `grpc-status`.
    init?(trailers: [(name: String, value: String)]) {
        guard let raw = trailers.first(where: { $0.name == "grpc-status" })?.value else { return nil }
        let code = Int(raw).flatMap(GRPCStatusCode.init(rawValue:)) ?? .unknown
        let message = trailers.first { $0.name == "grpc-message" }?.value ?? ""
        var details: [UInt8]?
        if let encoded = trailers.first(where: { $0.name == "grpc-status-details-bin" })?.value {
            details = GRPCMetadata.decodeBinary(encoded).map { [UInt8]($0) }
        }
        self.init(code: code, message: GRPCMetadata.percentDecoded(message), details: details)
    }
}
