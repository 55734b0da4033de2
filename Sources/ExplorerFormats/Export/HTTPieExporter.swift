import ExplorerCore
import Foundation

/// Writes a resolved request as an HTTPie command (`http`, which xh also reads) for a POSIX shell.
struct HTTPieExporter {
    /// The request, its values masked.
    var request: ExportedRequest

    /// The command, ending with a line break.
    func render() -> String {
        var prefix = ""
        var first = ["http"]
        var words: [String] = []
        switch request.body {
        case .none, .multipart:
            // Without it HTTPie reads a piped or redirected stdin as the body.
            first.append("--ignore-stdin")
        case let .text(text):
            // Raw bytes on stdin, so HTTPie sends the body as it is rather than re-encoding a form or JSON.
            prefix = "printf '%s' " + ShellQuote.quote(text) + " |\n  "
        case .file:
            break
        }
        if case .multipart = request.body { first.append("--multipart") }
        if request.followsRedirects { first.append("--follow") }
        switch request.credentials {
        case let .basic(username, password):
            words.append("-a " + ShellQuote.quote(HTTPieExporter.escaped(username, ":") + ":" + HTTPieExporter.escaped(password, ":")))
        case let .digest(username, password):
            words.append("-A digest -a " + ShellQuote.quote(HTTPieExporter.escaped(username, ":") + ":" + HTTPieExporter.escaped(password, ":")))
        case .none, .aws:
            break
        }
        first += [ShellQuote.quote(request.method), ShellQuote.quote(request.url)]
        for header in request.headers {
            // `Name:` with nothing after it tells HTTPie to remove the header; `Name;` sends it empty.
            let item = header.value.isEmpty ? escaped(header.name) + ";" : escaped(header.name) + ":" + escaped(header.value)
            words.append(ShellQuote.quote(item))
        }
        switch request.body {
        case let .multipart(parts):
            for part in parts {
                if let path = part.path {
                    words.append(ShellQuote.quote(escaped(part.name) + "@" + escaped(path) + ";type=" + part.contentType))
                } else {
                    words.append(ShellQuote.quote(escaped(part.name) + "=" + escaped(part.value ?? "")))
                }
            }
        case let .file(path):
            words.append("< " + ShellQuote.quote(path))
        case .none, .text:
            break
        }
        var lines: [String] = []
        if let note = request.unsupportedCredentials("HTTPie", digest: true) { lines.append("# " + CodeLiteral.comment(note, in: .python)) }
        lines.append(([prefix + first.joined(separator: " ")] + words.map { "  " + $0 }).joined(separator: " \\\n"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with every character that separates a request item (`:` `=` `@` `;`, and the backslash itself) escaped
    /// with a backslash, which HTTPie reads as that character taken literally.
    private func escaped(_ text: String) -> String {
        HTTPieExporter.escaped(text, ":=@;")
    }

    private static func escaped(_ text: String, _ separators: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || separators.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
