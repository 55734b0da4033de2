import ExplorerCore
import Foundation

/// Prints a request and its response like HTTPie: selected parts, formatted and coloured, secrets masked,
/// control characters made visible.
struct ResponsePrinter {
    /// `--print` letters: H request head, B request body, h response head, b response body, m status/time/size line.
    var parts: Set<Character>
    var pretty: PrettyMode
    var useColor: Bool
    var masker: SecretMasker

    private func paint(_ text: String, _ sgr: String) -> String {
        useColor ? "\u{1B}[\(sgr)m\(text)\u{1B}[0m" : text
    }

    /// Untrusted text (from the server or a collection file) with secrets masked and controls made visible; line breaks
    /// are kept. Colours are added only after this, so they are the only escape sequences that reach the terminal.
    private func clean(_ text: String) -> String {
        TerminalSafeText.sanitizedLines(utf8: Array(masker.mask(text).utf8)).joined(separator: "\n")
    }

    /// The request part of the output.
    func requestText(_ request: Request) -> String {
        var out = ""
        if parts.contains("H") {
            let url = request.url
            let target = (url?.path.isEmpty == false ? url?.path ?? "/" : "/") + (url?.query.map { "?\($0)" } ?? "")
            out += paint(clean("\(request.httpMethod.rawValue) \(target) HTTP/1.1"), "1") + "\n"
            if let host = url?.host { out += paint("Host", "36") + ": " + clean("\(host)\(url?.port.map { ":\($0)" } ?? "")") + "\n" }
            var headers = request.effectiveHeaders
            if let contentType = request.body?.contentType, headers["Content-Type"] == nil { headers.set("Content-Type", contentType) }
            for field in headers.fields { out += paint(clean(field.name), "36") + ": " + clean(field.value) + "\n" }
            out += "\n"
        }
        if parts.contains("B"), let body = request.body, let data = try? body.encoded() {
            out += clean(String(decoding: data, as: UTF8.self)) + "\n\n"
        }
        return out
    }

    /// The response part of the output.
    /// The response part of the output, as bytes ready for stdout.
    ///
    /// A JSON body is pretty-printed straight into bytes (already terminal-safe) and masked in place, so a 50 MB
    /// body costs one pass and one output buffer instead of a string per line.
    func responseBytes(_ response: Request.Response) -> [UInt8] {
        var out = ""
        if parts.contains("m") {
            let status = "\(response.statusCode) " + clean(response.reasonPhrase)
            let color = response.statusCode >= 500 ? "1;31" : response.statusCode >= 400 ? "1;33" : response.statusCode >= 300 ? "1;36" : "1;32"
            var line = paint(status, color) + "  " + MeasurementText.duration(response.duration) + "  " + MeasurementText.byteCount(response.byteCount)
            if response.wasRedirected, let url = response.url { line += "  → " + clean(url.absoluteString) }
            out += line + "\n"
        }
        if parts.contains("h") {
            out += paint("HTTP/1.1 \(response.statusCode) " + clean(response.reasonPhrase), "1") + "\n"
            for field in response.headers.fields { out += paint(clean(field.name), "36") + ": " + clean(field.value) + "\n" }
        }
        guard parts.contains("b") else { return Array(out.utf8) }
        if parts.contains("h") || parts.contains("m") { out += "\n" }
        if let json = prettyJSON(response) {
            return Array(out.utf8) + masker.mask(utf8: json) + [0x0A]
        }
        return Array((out + body(response)).utf8)
    }

    /// The body pretty-printed by the streaming formatter (terminal-safe by construction), when formatting is on and
    /// it is valid JSON labelled UTF-8 or not labelled at all; nil sends it through the general path.
    private func prettyJSON(_ response: Request.Response) -> [UInt8]? {
        guard pretty.formats, !response.data.isEmpty else { return nil }
        let contentType = response.headers["Content-Type"].map(ContentType.init)
        guard BodyFormatter.kind(of: response.data, contentType: contentType) == .json,
              contentType?.charset.map({ $0 == "utf-8" || $0 == "utf8" }) ?? true else { return nil }
        return try? JSONFormatter.prettyPrinted(response.data, style: useColor && pretty.colors ? .standard : nil)
    }

    private func body(_ response: Request.Response) -> String {
        let contentType = response.headers["Content-Type"]
        guard pretty != .none else { return clean(String(decoding: response.data, as: UTF8.self)) + "\n" }
        let formatted = BodyFormatter.format(response.data, contentType: contentType)
        if pretty.formats {
            return (useColor && pretty.colors ? colored(formatted.lines) : clean(formatted.text)) + "\n"
        }
        // Colours without re-formatting: only binary bodies are still summarised, never dumped.
        if formatted.kind == .binary { return clean(formatted.text) + "\n" }
        return clean(String(decoding: response.data, as: UTF8.self)) + "\n"
    }

    /// Formatted lines with ANSI colours; a line holding a secret is printed masked and uncoloured, since masking
    /// token by token could miss a secret split across tokens.
    private func colored(_ lines: [BodyLine]) -> String {
        let style = ANSIStyle.standard
        return lines.map { line in
            let plain = line.text
            let masked = masker.mask(plain)
            guard masked == plain else { return clean(masked) }
            return String(repeating: " ", count: line.indent) + line.tokens.map { token in
                ANSIStyle.wrap(TerminalSafeText.sanitize(token.text), parameters: style.parameters(for: token.kind))
            }.joined()
        }.joined(separator: "\n")
    }
}
