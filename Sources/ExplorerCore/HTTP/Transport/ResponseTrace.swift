import Foundation

/// The connection and timing of a response as lines of text: protocol, TLS session and server certificate, then one
/// line per hop with the phases the transport measured. Shared by `send --print t` and the explorer.
public enum ResponseTrace {
    /// "HTTP/2 · TLSv1.3" for the status line; `nil` when the transport did not say.
    public static func protocolText(_ connection: ConnectionDetails?) -> String? {
        guard let connection else { return nil }
        return [connection.httpVersion, connection.tls?.version].compactMap { $0 }.joined(separator: " · ")
    }

    /// The full trace of `response`.
    public static func lines(for response: Request.Response) -> [String] {
        var lines: [String] = []
        if let connection = response.connection {
            lines.append("protocol     \(connection.httpVersion)")
            if let tls = connection.tls {
                lines.append("tls          \(tls.version)")
                lines.append("certificate  \(tls.subject)")
                lines.append("issuer       \(tls.issuer)")
                if let expires = tls.expires {
                    lines.append("expires      \(ISO8601DateFormatter().string(from: expires))")
                }
            }
        }
        for (index, hop) in response.hops.enumerated() {
            lines.append("hop \(index + 1)        \(hop.statusCode) \(hop.method) \(hop.url.absoluteString) → \(hop.location.absoluteString)")
            lines.append("             " + phases(hop.timing))
        }
        let final = response.hops.isEmpty ? "response     " : "hop \(response.hops.count + 1)        "
        lines.append(final + "\(response.statusCode) \(response.request.httpMethod.rawValue) \(response.url?.absoluteString ?? "")")
        lines.append("             " + phases(response.timing))
        return lines
    }

    /// "first byte 3 ms  download 1 ms  total 4 ms", with DNS, connect and TLS when they were measured.
    static func phases(_ timing: HopTiming) -> String {
        var parts: [String] = []
        func add(_ name: String, _ value: TimeInterval?) {
            if let value { parts.append("\(name) \(MeasurementText.duration(value))") }
        }
        add("dns", timing.dns)
        add("connect", timing.connect)
        add("tls", timing.tlsHandshake)
        add("first byte", timing.firstByte)
        add("download", timing.download)
        add("total", timing.end)
        return parts.joined(separator: "  ")
    }
}
