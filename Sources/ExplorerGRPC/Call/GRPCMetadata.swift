import Foundation

/// gRPC's metadata rules: `-bin` values in unpadded base64, `grpc-message` percent-encoded, and the headers a call
/// sets itself (which metadata may not override).
enum GRPCMetadata {
    /// Headers the call writes itself; metadata with these names is refused.
    static let reserved: Set<String> = [
        ":method", ":path", ":scheme", ":authority", "content-type", "te", "grpc-timeout", "grpc-encoding", "grpc-accept-encoding",
        "connection", "host", "transfer-encoding", "upgrade", "keep-alive", "proxy-connection",
    ]

    /// A `-bin` value's bytes, padded or not.
    static func decodeBinary(_ text: String) -> Data? {
        var padded = text.trimmingCharacters(in: .whitespaces)
        while padded.count % 4 != 0 { padded += "=" }
        return Data(base64Encoded: padded)
    }

    /// `grpc-message` decoded (`%20` → space); the text as it is when it is not valid percent-encoding.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// The `grpc-timeout` value for `seconds`: the finest unit that fits the protocol's eight digits.
    static func timeout(_ seconds: Double) -> String {
        let nanos = max(1, seconds * 1e9)
        for (unit, scale) in [("n", 1.0), ("u", 1e3), ("m", 1e6), ("S", 1e9), ("M", 60e9), ("H", 3600e9)] {
            let value = (nanos / scale).rounded(.up)
            if value < 100_000_000 { return "\(Int(value))\(unit)" }
        }
        return "99999999H"
    }
}
