import ExplorerCore
import Foundation

/// Writes a resolved request as a Go program sending it with net/http, run with `go run FILE.go`.
struct GoExporter {
    /// The request, its values masked.
    var request: ExportedRequest

    /// The program, ending with a line break.
    func render() -> String {
        var imports: Set<String> = ["fmt", "io", "log", "net/http", "os"]
        var body: [String] = []
        var reader = "nil"
        switch request.body {
        case .none:
            break
        case let .text(text):
            imports.insert("strings")
            reader = "strings.NewReader(\(literal(text)))"
        case let .file(path):
            // Read whole rather than streamed from the open file, so the request has a Content-Length as `send`'s has.
            imports.insert("bytes")
            body += ["\tdata, err := os.ReadFile(\(literal(path)))", "\tif err != nil {", "\t\tlog.Fatal(err)", "\t}"]
            reader = "bytes.NewReader(data)"
        case let .multipart(parts):
            imports.formUnion(["bytes", "mime/multipart", "net/textproto"])
            body += ["\tvar form bytes.Buffer", "\twriter := multipart.NewWriter(&form)"]
            for part in parts {
                // Each part's headers written as `send` writes them, in a block of its own so each can declare its variables.
                var header = "textproto.MIMEHeader{\"Content-Disposition\": {\(literal(part.disposition))}"
                if part.path != nil { header += ", \"Content-Type\": {\(literal(part.contentType))}" }
                body += ["\t{", "\t\tpart, err := writer.CreatePart(\(header)})", "\t\tif err != nil {", "\t\t\tlog.Fatal(err)", "\t\t}"]
                if let path = part.path {
                    body += ["\t\tdata, err := os.ReadFile(\(literal(path)))", "\t\tif err != nil {", "\t\t\tlog.Fatal(err)", "\t\t}",
                             "\t\tpart.Write(data)"]
                } else {
                    body.append("\t\tio.WriteString(part, \(literal(part.value ?? "")))")
                }
                body.append("\t}")
            }
            body.append("\twriter.Close()")
            reader = "&form"
        }
        // `:=` declares `req`, and reuses an `err` declared above for a file body.
        body += ["\treq, err := http.NewRequest(\(literal(request.method)), \(literal(request.url)), \(reader))",
                 "\tif err != nil {", "\t\tlog.Fatal(err)", "\t}"]
        for header in request.headers {
            // net/http takes the Host header from the request, not from its headers.
            if header.name.lowercased() == "host" {
                body.append("\treq.Host = \(literal(header.value))")
            } else {
                body.append("\treq.Header.Add(\(literal(header.name)), \(literal(header.value)))")
            }
        }
        if case .multipart = request.body { body.append("\treq.Header.Set(\"Content-Type\", writer.FormDataContentType())") }
        if case let .basic(username, password) = request.credentials { body.append("\treq.SetBasicAuth(\(literal(username)), \(literal(password)))") }
        if request.followsRedirects {
            body.append("\tclient := http.DefaultClient")
        } else {
            body += ["\tclient := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {",
                     "\t\treturn http.ErrUseLastResponse", "\t}}"]
        }
        body += ["\tresp, err := client.Do(req)", "\tif err != nil {", "\t\tlog.Fatal(err)", "\t}", "\tdefer resp.Body.Close()",
                 "\tfmt.Println(resp.Status)", "\tif _, err := io.Copy(os.Stdout, resp.Body); err != nil {", "\t\tlog.Fatal(err)", "\t}"]
        var lines = ["// \(CodeLiteral.comment(request.title, in: .go)), exported by apiexplorer. Run it with: go run FILE.go"]
        if let note = request.unsupportedCredentials("net/http", digest: false) { lines.append("// " + CodeLiteral.comment(note, in: .go)) }
        lines += ["package main", "", "import ("] + imports.sorted().map { "\t\"\($0)\"" } + [")", "", "func main() {"] + body + ["}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func literal(_ text: String) -> String {
        CodeLiteral.string(text, in: .go)
    }
}
