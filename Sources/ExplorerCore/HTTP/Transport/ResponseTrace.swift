import Foundation

/// The connection and timing of a response as lines of text: protocol, TLS session and server certificate, then per
/// hop the connection it went over (when the transport tells) and the phases the transport measured. Shared by
/// `send --print t` and the explorer.
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
            if let line = connectionText(hop.connection, timing: hop.timing) { lines.append("             " + line) }
            lines.append("             " + phases(hop.timing))
        }
        let final = response.hops.isEmpty ? "response     " : "hop \(response.hops.count + 1)        "
        lines.append(final + "\(response.statusCode) \(response.request.httpMethod.rawValue) \(response.url?.absoluteString ?? "")")
        if let line = connectionText(response.connection, timing: response.timing) { lines.append("             " + line) }
        lines.append("             " + phases(response.timing))
        return lines
    }

    /// "new connection #3 to 127.0.0.1:8443, ready after 2.1 ms" or "reused connection #3 to 127.0.0.1:8443"; `nil`
    /// when the transport did not say which connection it was. The phases of opening it are on the phases line.
    static func connectionText(_ connection: ConnectionDetails?, timing: HopTiming) -> String? {
        guard let connection, let number = connection.number else { return nil }
        var text = (connection.reused ? "reused" : "new") + " connection #\(number)"
        if let address = connection.remoteAddress { text += " to " + address }
        if !connection.reused, let connect = timing.connect {
            text += ", ready after \(fine(connect))"
        }
        return text
    }

    /// "dns 1 ms  tcp 0.2 ms  tls 4 ms  first byte 9 ms  download 1 ms  total 10 ms": the phases of a new connection
    /// when the transport measured them apart (the SwiftNIO transport), which add up to its "ready after": led by
    /// "tls setup 17 ms" when the hop waited for the TLS context to be made and "queued 2 ms" when it waited a
    /// millisecond or more before opening began; then the response's.
    static func phases(_ timing: HopTiming) -> String {
        var parts: [String] = []
        func add(_ name: String, _ value: TimeInterval?) {
            if let value { parts.append("\(name) \(MeasurementText.duration(value))") }
        }
        // A wait under a millisecond is left out: it is always there, and says nothing.
        let queued = timing.queued.flatMap { $0 >= 0.001 ? $0 : nil }
        for (name, value) in [("tls setup", timing.tlsSetup), ("queued", queued), ("dns", timing.dns), ("tcp", timing.tcp),
                              ("tls", timing.tlsHandshake)] {
            if let value { parts.append("\(name) \(fine(value))") }
        }
        add("first byte", timing.firstByte)
        add("download", timing.download)
        add("total", timing.end)
        return parts.joined(separator: "  ")
    }

    /// A duration as `MeasurementText` writes it, but with a tenth of a millisecond below 10 ms: loopback connections
    /// open in well under a millisecond, and "0.3 ms" says more than "0 ms".
    static func fine(_ seconds: TimeInterval) -> String {
        seconds < 0.01 ? String(format: "%.1f ms", seconds * 1000) : MeasurementText.duration(seconds)
    }
}
