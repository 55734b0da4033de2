import Foundation

/// Where the current request is.
public enum ResponseState: Sendable {
    /// Nothing sent yet.
    case idle
    /// In flight since `started`.
    case sending(id: Int, started: Date)
    /// A response arrived.
    case received(ResponseSummary)
    /// It failed; the message says why and what to try.
    case failed(String)
    /// The user cancelled it after it had run this long.
    case cancelled(after: TimeInterval)
}

extension ResponseState {
    /// True while a request is in flight.
    public var isSending: Bool {
        if case .sending = self { return true }
        return false
    }
}
