/// gRPC's status codes, named as the protocol names them (`NOT_FOUND`).
public enum GRPCStatusCode: Int, Sendable, CaseIterable, CustomStringConvertible {
    case ok = 0, cancelled, unknown, invalidArgument, deadlineExceeded, notFound, alreadyExists, permissionDenied,
         resourceExhausted, failedPrecondition, aborted, outOfRange, unimplemented, `internal`, unavailable, dataLoss,
         unauthenticated

    /// `OK`, `NOT_FOUND`, `DEADLINE_EXCEEDED`.
    public var name: String {
        switch self {
        case .ok: return "OK"
        case .cancelled: return "CANCELLED"
        case .unknown: return "UNKNOWN"
        case .invalidArgument: return "INVALID_ARGUMENT"
        case .deadlineExceeded: return "DEADLINE_EXCEEDED"
        case .notFound: return "NOT_FOUND"
        case .alreadyExists: return "ALREADY_EXISTS"
        case .permissionDenied: return "PERMISSION_DENIED"
        case .resourceExhausted: return "RESOURCE_EXHAUSTED"
        case .failedPrecondition: return "FAILED_PRECONDITION"
        case .aborted: return "ABORTED"
        case .outOfRange: return "OUT_OF_RANGE"
        case .unimplemented: return "UNIMPLEMENTED"
        case .internal: return "INTERNAL"
        case .unavailable: return "UNAVAILABLE"
        case .dataLoss: return "DATA_LOSS"
        case .unauthenticated: return "UNAUTHENTICATED"
        }
    }

    public var description: String { name }

    /// The code named `name` (`NOT_FOUND`, `not_found`) or numbered (`5`).
    public init?(name: String) {
        let upper = name.uppercased()
        if let number = Int(upper), let code = GRPCStatusCode(rawValue: number) {
            self = code
        } else if let code = GRPCStatusCode.allCases.first(where: { $0.name == upper }) {
            self = code
        } else {
            return nil
        }
    }

    /// The code a reply that is not gRPC gets from its HTTP status (gRPC's "HTTP to gRPC status code mapping").
    public init(httpStatus: Int) {
        switch httpStatus {
        case 400: self = .internal
        case 401: self = .unauthenticated
        case 403: self = .permissionDenied
        case 404: self = .unimplemented
        case 429, 502, 503, 504: self = .unavailable
        default: self = .unknown
        }
    }
}
