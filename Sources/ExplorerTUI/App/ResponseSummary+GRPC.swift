import ExplorerCore
import ExplorerWorkspace
import Foundation

extension ResponseSummary {
    /// A gRPC call's end as the response pane shows it: `gRPC NOT_FOUND (5): no item missing` where an HTTP status
    /// goes, the headers then the trailers in the Headers tab, the reply (or the array of a stream's replies) as the
    /// body, and a stream's replies as events with their times (nil for one reply); `masker` hides secrets the server
    /// echoes back.
    public init(grpcStatus code: GRPCStatusCode, text: String, headers: [(name: String, value: String)], body: String,
                replies: [StreamEvent]?, duration: Double, masker: SecretMasker) {
        let data = Data(masker.mask(body).utf8)
        self.init(statusCode: ResponseSummary.httpClass(of: code), reason: masker.mask(text), duration: duration, byteCount: data.count,
                  redirectedTo: nil, headers: headers.map { ($0.name, masker.mask($0.value)) },
                  body: BodyDocument(data, contentType: "application/json"), data: data)
        grpcStatus = code
        protocolText = "gRPC · HTTP/2"
        events = replies?.map { reply in
            var masked = reply
            masked.data = masker.mask(reply.data)
            return masked
        }
        eventCount = replies?.count ?? 0
    }

    /// The colour class of a gRPC status: OK as a 2xx, the caller's mistakes as a 4xx, the server's trouble as a 5xx.
    static func httpClass(of code: GRPCStatusCode) -> Int {
        switch code {
        case .ok: return 200
        case .invalidArgument, .notFound, .alreadyExists, .permissionDenied, .failedPrecondition, .outOfRange, .unauthenticated, .cancelled:
            return 400
        default: return 500
        }
    }
}
