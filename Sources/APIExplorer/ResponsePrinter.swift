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
    func responseText(_ response: Request.Response) -> String {
        var out = ""
        if parts.contains("m") {
            let status = "\(response.statusCode) \(response.reasonPhrase)"
            let color = response.statusCode >= 500 ? "1;31" : response.statusCode >= 400 ? "1;33" : response.statusCode >= 300 ? "1;36" : "1;32"
            var line = paint(status, color) + "  " + MeasurementText.duration(response.duration) + "  " + MeasurementText.byteCount(response.byteCount)
            if response.wasRedirected, let url = response.url { line += "  → " + clean(url.absoluteString) }
            out += line + "\n"
        }
        if parts.contains("h") {
            out += paint("HTTP/1.1 \(response.statusCode) \(response.reasonPhrase)", "1") + "\n"
            for field in response.headers.fields { out += paint(clean(field.name), "36") + ": " + clean(field.value) + "\n" }
        }
        if parts.contains("b") {
            if parts.contains("h") || parts.contains("m") { out += "\n" }
            out += body(response)
        }
        return out
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
