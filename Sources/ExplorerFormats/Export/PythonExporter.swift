import ExplorerCore
import Foundation

/// Writes a resolved request as a Python script sending it with requests (`pip install requests`).
struct PythonExporter {
    /// The request, its values masked.
    var request: ExportedRequest

    /// The script, ending with a line break.
    func render() -> String {
        var lines = ["# \(CodeLiteral.comment(request.title, in: .python)), exported by apiexplorer.",
                     "# Needs requests: pip install requests"]
        if let note = request.unsupportedCredentials("requests", digest: true) { lines.append("# " + CodeLiteral.comment(note, in: .python)) }
        lines.append("import requests")
        if case .multipart = request.body { lines.append("from pathlib import Path") }
        if case .file = request.body { lines.append("from pathlib import Path") }
        if case .digest = request.credentials { lines.append("from requests.auth import HTTPDigestAuth") }
        lines += ["", "response = requests.request(", "    \(literal(request.method)),", "    \(literal(request.url)),"]
        // A dictionary holds a name once, so a repeated header is sent joined.
        let headers = request.mergedHeaders
        if !headers.isEmpty {
            lines.append("    headers={")
            lines += headers.map { "        \(literal($0.name)): \(utf8Literal($0.value))," }
            lines.append("    },")
        }
        switch request.credentials {
        case let .basic(username, password): lines.append("    auth=(\(utf8Literal(username)), \(utf8Literal(password))),")
        case let .digest(username, password): lines.append("    auth=HTTPDigestAuth(\(utf8Literal(username)), \(utf8Literal(password))),")
        case .none, .aws: break
        }
        switch request.body {
        case .none: break
        // Bytes, not a str or a dict: requests would encode a str as Latin-1 and re-encode a form its own way.
        case let .text(text): lines.append("    data=\(literal(text)).encode(\"utf-8\"),")
        case let .file(path): lines.append("    data=Path(\(literal(path))).read_bytes(),")
        case let .multipart(parts):
            lines.append("    files=[")
            for part in parts {
                if let path = part.path {
                    lines.append("        (\(literal(part.name)), (\(literal(part.filename)), Path(\(literal(path))).read_bytes(), \(literal(part.contentType)))),")
                } else {
                    // No file name: requests writes it as a plain form field.
                    lines.append("        (\(literal(part.name)), (None, \(literal(part.value ?? "")).encode(\"utf-8\"))),")
                }
            }
            lines.append("    ],")
        }
        if !request.followsRedirects { lines.append("    allow_redirects=False,") }
        lines += [")", "print(response.status_code, response.reason)", "print(response.text)"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func literal(_ text: String) -> String {
        CodeLiteral.string(text, in: .python)
    }

    /// `text` as a literal, as bytes when it is not ASCII: requests encodes a str credential or header value as Latin-1,
    /// and bytes are sent as they are, UTF-8 as `send` sends them.
    private func utf8Literal(_ text: String) -> String {
        text.unicodeScalars.allSatisfy({ $0.value < 0x80 }) ? literal(text) : literal(text) + ".encode(\"utf-8\")"
    }
}
