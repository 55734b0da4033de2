import Foundation

/// Why a `FaultServer` could not start.
public enum FaultServerError: Error, CustomStringConvertible {
    /// A socket call failed with this errno.
    case socket(Int32)

    /// The failing errno, spelled out.
    public var description: String {
        switch self {
        case let .socket(code): return "fault server socket error: \(String(cString: strerror(code)))"
        }
    }
}
