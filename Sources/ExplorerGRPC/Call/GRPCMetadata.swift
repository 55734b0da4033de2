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

    /// `grpc-message` encoded as the protocol asks: printable ASCII except `%` as is, the rest as UTF-8 `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if byte >= 0x20, byte <= 0x7E, byte != 0x25 {
                out.append(Character(UnicodeScalar(byte)))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
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

    /// The seconds a `grpc-timeout` value stands for; nil when it is malformed.
    static func seconds(ofTimeout text: String) -> Double? {
        guard let unit = text.last, let value = Double(text.dropLast()), text.count <= 9, value >= 0 else { return nil }
        switch unit {
        case "n": return value / 1e9
        case "u": return value / 1e6
        case "m": return value / 1e3
        case "S": return value
        case "M": return value * 60
        case "H": return value * 3600
        default: return nil
        }
    }
}
