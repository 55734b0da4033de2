import ExplorerCore
import Foundation

/// Writes a resolved request as a GNU wget command for a POSIX shell, printing the response body; a multipart body,
/// which wget cannot build, is written to a temporary file first by the shell.
struct WgetExporter {
    /// The request, its values masked.
    var request: ExportedRequest

    /// The command, ending with a line break.
    func render() -> String {
        var lines: [String] = []
        if let note = request.unsupportedCredentials("wget", digest: true) { lines.append("# " + CodeLiteral.comment(note, in: .python)) }
        var options = ["--quiet", "--output-document=-", "--content-on-error", "--method=" + ShellQuote.quote(request.method)]
        if !request.followsRedirects { options.append("--max-redirect=0") }
        for header in request.headers { options.append("--header=" + ShellQuote.quote(header.name + ": " + header.value)) }
        switch request.credentials {
        case let .basic(username, password):
            // Sent with the first request, as `send` sends it, rather than after a 401.
            options += ["--user=" + ShellQuote.quote(username), "--password=" + ShellQuote.quote(password), "--auth-no-challenge"]
        case let .digest(username, password):
            options += ["--user=" + ShellQuote.quote(username), "--password=" + ShellQuote.quote(password)]
        case .none, .aws:
            break
        }
        switch request.body {
        case .none: break
        case let .text(text): options.append("--body-data=" + ShellQuote.quote(text))
        case let .file(path): options.append("--body-file=" + ShellQuote.quote(path))
        case let .multipart(parts):
            lines += multipartScript(parts)
            options.append("--header=" + ShellQuote.quote("Content-Type: multipart/form-data; boundary=" + HTTPFileExporter.boundary))
            options.append("--body-file=\"$body\"")
        }
        options.append(ShellQuote.quote(request.url))
        lines.append((["wget " + options[0]] + options.dropFirst().map { "  " + $0 }).joined(separator: " \\\n"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Shell lines writing the multipart body, framed as `send` frames it, to a temporary file named by `$body`.
    private func multipartScript(_ parts: [ExportedRequest.Part]) -> [String] {
        let boundary = "--" + HTTPFileExporter.boundary
        var lines = ["body=$(mktemp) && trap 'rm -f \"$body\"' EXIT", "{"]
        for part in parts {
            let disposition = "Content-Disposition: " + part.disposition
            if let path = part.path {
                lines.append("  printf '%s\\r\\n' " + [boundary, disposition, "Content-Type: " + part.contentType, ""].map(ShellQuote.quote).joined(separator: " "))
                lines.append("  cat " + ShellQuote.quote(path) + " && printf '\\r\\n'")
            } else {
                lines.append("  printf '%s\\r\\n' " + [boundary, disposition, "", part.value ?? ""].map(ShellQuote.quote).joined(separator: " "))
            }
        }
        lines.append("  printf '%s\\r\\n' " + ShellQuote.quote(boundary + "--"))
        lines.append("} > \"$body\"")
        return lines
    }
}
