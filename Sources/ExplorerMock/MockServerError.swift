import Foundation

/// Why the mock could not start.
public enum MockServerError: Error, Equatable, CustomStringConvertible {
    /// The address could not be bound: `reason` is the system's word for it (`Address already in use`).
    case cannotListen(host: String, port: Int, reason: String)

    /// One line for people.
    public var description: String {
        switch self {
        case let .cannotListen(host, port, reason): "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
