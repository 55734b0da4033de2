import ExplorerCore
import Foundation

/// The parts of a response that checks and captures read, independent of the transport that fetched it.
public struct CheckedResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The headers in the order received (names as sent).
    public var headers: [(name: String, value: String)]
    /// The body (decoded when it was compressed).
    public var body: Data
    /// How long the response took, in seconds.
    public var duration: Double
    /// The events of a streamed response, those kept (`$events` in a JSONPath); nil when it did not stream.
    public var events: [StreamEvent]?
    /// How many events the streamed response had, kept or not.
    public var eventCount = 0
    /// A gRPC call's status, with its message; nil for other requests.
    public var grpcStatus: (code: GRPCStatusCode, message: String)?

    /// Creates a response value.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(), duration: Double = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
    }

    /// The values of the header `name`, case-insensitively.
    public func values(of name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}
