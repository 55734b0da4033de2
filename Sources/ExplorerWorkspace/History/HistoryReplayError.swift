import Foundation

/// Why a stored exchange cannot be sent again exactly as it was.
public struct HistoryReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence shown to the user.
    public let description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
