import ExplorerCore
import Foundation

/// Writes a resolved request as one Java file sending it with java.net.http, run with `java SendRequest.java`
/// (Java 11+, no build).
struct JavaExporter {
    /// The request, its values masked.
    var request: ExportedRequest
    /// Headers java.net.http refuses to set (it writes them itself).
    static let restricted: Set<String> = ["connection", "content-length", "expect", "host", "upgrade"]

    /// The source file, ending with a line break.
    func render() -> String {
        var lines = ["// \(CodeLiteral.comment(request.title, in: .java)), exported by apiexplorer.",
                     "// Save it as SendRequest.java and run it with: java SendRequest.java (Java 11+)."]
        if let note = request.unsupportedCredentials("java.net.http", digest: false) { lines.append("// " + CodeLiteral.comment(note, in: .java)) }
        let dropped = request.headers.filter { JavaExporter.restricted.contains($0.name.lowercased()) }.map(\.name)
        if !dropped.isEmpty { lines.append("// java.net.http writes these headers itself and refuses them: " + CodeLiteral.comment(dropped.joined(separator: ", "), in: .java)) }
        if request.headers.contains(where: { !$0.value.unicodeScalars.allSatisfy(\.isASCII) }) {
            lines.append("// java.net.http writes header values as ASCII: their other characters arrive as ?, where `send` sends UTF-8.")
        }
        lines += ["import java.io.ByteArrayOutputStream;", "import java.net.URI;", "import java.net.http.HttpClient;",
                  "import java.net.http.HttpRequest;", "import java.net.http.HttpResponse;",
                  "import java.nio.charset.StandardCharsets;", "import java.nio.file.Files;", "import java.nio.file.Path;",
                  "import java.util.Base64;", "",
                  "public class SendRequest {",
                  "    public static void main(String[] args) throws Exception {",
                  "        HttpClient client = HttpClient.newBuilder()",
                  // Over HTTP/2 the client would first ask a plain-HTTP server to upgrade, with headers `send` does not send.
                  "            .version(HttpClient.Version.HTTP_1_1)",
                  "            .followRedirects(HttpClient.Redirect.\(request.followsRedirects ? "NORMAL" : "NEVER"))",
                  "            .build();"]
        let publisher: String
        switch request.body {
        case .none: publisher = "HttpRequest.BodyPublishers.noBody()"
        case let .text(text): publisher = "HttpRequest.BodyPublishers.ofString(\(literal(text)), StandardCharsets.UTF_8)"
        case let .file(path): publisher = "HttpRequest.BodyPublishers.ofFile(Path.of(\(literal(path))))"
        case let .multipart(parts):
            // java.net.http has no multipart form: the parts are framed here as `send` frames them.
            let boundary = "--" + HTTPFileExporter.boundary
            lines.append("        ByteArrayOutputStream form = new ByteArrayOutputStream();")
            for part in parts {
                var head = boundary + "\r\nContent-Disposition: " + part.disposition + "\r\n"
                if let path = part.path {
                    head += "Content-Type: " + part.contentType + "\r\n\r\n"
                    lines.append("        form.write(\(literal(head)).getBytes(StandardCharsets.UTF_8));")
                    lines.append("        form.write(Files.readAllBytes(Path.of(\(literal(path)))));")
                    lines.append("        form.write(\"\\r\\n\".getBytes(StandardCharsets.UTF_8));")
                } else {
                    lines.append("        form.write(\(literal(head + "\r\n" + (part.value ?? "") + "\r\n")).getBytes(StandardCharsets.UTF_8));")
                }
            }
            lines.append("        form.write(\(literal(boundary + "--\r\n")).getBytes(StandardCharsets.UTF_8));")
            publisher = "HttpRequest.BodyPublishers.ofByteArray(form.toByteArray())"
        }
        lines.append("        HttpRequest request = HttpRequest.newBuilder(URI.create(\(literal(request.url))))")
        lines.append("            .method(\(literal(request.method)), \(publisher))")
        for header in request.headers where !JavaExporter.restricted.contains(header.name.lowercased()) {
            lines.append("            .header(\(literal(header.name)), \(literal(header.value)))")
        }
        if case .multipart = request.body {
            lines.append("            .header(\"Content-Type\", \(literal("multipart/form-data; boundary=" + HTTPFileExporter.boundary)))")
        }
        if case let .basic(username, password) = request.credentials {
            lines.append("            .header(\"Authorization\", \"Basic \" + Base64.getEncoder().encodeToString(\(literal(username + ":" + password)).getBytes(StandardCharsets.UTF_8)))")
        }
        lines += ["            .build();",
                  "        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());",
                  "        System.out.println(response.statusCode());",
                  "        System.out.println(response.body());",
                  "    }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func literal(_ text: String) -> String {
        CodeLiteral.string(text, in: .java)
    }
}
