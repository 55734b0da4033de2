import ExplorerCore
import Foundation

/// Writes a resolved request as JavaScript sending it with `fetch`, for Node 18+ (`node FILE.js`) and browsers.
struct JavaScriptExporter {
    /// The request, its values masked.
    var request: ExportedRequest

    /// The script, ending with a line break.
    func render() -> String {
        var lines = ["// \(CodeLiteral.comment(request.title, in: .javascript)), exported by apiexplorer.",
                     "// Runs in Node 18+ (node FILE.js) and in browsers (which refuse some headers, such as Host and Cookie)."]
        if let note = request.unsupportedCredentials("fetch", digest: false) { lines.append("// " + CodeLiteral.comment(note, in: .javascript)) }
        var usesFiles = false
        if case .file = request.body { usesFiles = true }
        if case let .multipart(parts) = request.body, parts.contains(where: { $0.path != nil }) { usesFiles = true }
        if usesFiles { lines.append("// Files are read from disk, which only Node can do.") }
        // An async function rather than top-level await, which works only in modules.
        lines.append("(async () => {")
        let utf8 = request.headers.contains { !$0.value.unicodeScalars.allSatisfy(\.isASCII) }
        if utf8 {
            // fetch sends each character of a header value as one byte; `send` sends UTF-8.
            lines.append("  const utf8 = (text) => String.fromCharCode(...new TextEncoder().encode(text));")
        }
        if usesFiles { lines.append("  const { readFile } = await import(\"node:fs/promises\");") }
        if case let .multipart(parts) = request.body {
            lines.append("  const form = new FormData();")
            for part in parts {
                if let path = part.path {
                    lines.append("  form.append(\(literal(part.name)), new Blob([await readFile(\(literal(path)))], { type: \(literal(part.contentType)) }), \(literal(part.filename)));")
                } else {
                    lines.append("  form.append(\(literal(part.name)), \(literal(part.value ?? "")));")
                }
            }
        }
        lines.append("  const response = await fetch(\(literal(request.url)), {")
        lines.append("    method: \(literal(request.method)),")
        var headers = request.headers.map { header in
            let value = literal(header.value)
            return "[\(literal(header.name)), \(header.value.unicodeScalars.allSatisfy(\.isASCII) ? value : "utf8(\(value))")]"
        }
        if case let .basic(username, password) = request.credentials {
            // btoa takes Latin-1 only; the credentials are encoded as UTF-8 first, as `send` encodes them.
            headers.append("[\"Authorization\", \"Basic \" + btoa(String.fromCharCode(...new TextEncoder().encode(\(literal(username + ":" + password)))))]")
        }
        if !headers.isEmpty {
            // Pairs rather than an object, so a header given twice is sent twice.
            lines.append("    headers: [")
            lines += headers.map { "      \($0)," }
            lines.append("    ],")
        }
        switch request.body {
        case .none: break
        case let .text(text): lines.append("    body: \(literal(text)),")
        case let .file(path): lines.append("    body: await readFile(\(literal(path))),")
        case .multipart: lines.append("    body: form,")
        }
        if !request.followsRedirects { lines.append("    redirect: \"manual\",") }
        lines += ["  });", "  console.log(response.status, response.statusText);", "  console.log(await response.text());", "})();"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func literal(_ text: String) -> String {
        CodeLiteral.string(text, in: .javascript)
    }
}
