@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Exporting a request as Python, JavaScript, HTTPie, wget, Java and Go")
struct CodeExportTests {
    /// A request whose header and body hold a quote, an apostrophe, a backslash, `$`, a line break and non-ASCII.
    func awkward() throws -> ResolvedRequest {
        let temp = try TempCollections()
        _ = try temp.write("Odd/collection.yaml", "name: Odd\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:8787\n")
        _ = try temp.write("Odd/odd.yaml", #"""
        method: POST
        url: /odd
        headers:
          - name: X-Odd
            value: "it's \"q\" \\ $HOME é"
        body:
          type: text
          content: "a\nb 😀 $x"
          contentType: text/plain
        """#)
        let collection = try #require(temp.load().collection(named: "Odd"))
        let located = try #require(collection.locate(["odd"]))
        return try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                   environment: collection.environment(named: "local"), processEnvironment: [:]).resolve()
    }

    @Test func literalsEscapeForEachLanguage() {
        let text = "a\"b\\c\n$x é 😀\u{1}1\u{2028}"
        #expect(CodeLiteral.string(text, in: .python) == #""a\"b\\c\n$x é 😀\x011\u2028""#)
        #expect(CodeLiteral.string(text, in: .javascript) == #""a\"b\\c\n$x é 😀\x011\u2028""#)
        #expect(CodeLiteral.string(text, in: .go) == #""a\"b\\c\n$x é 😀\x011\u2028""#)
        // Java: ASCII only, and a control character in three octal digits so the `1` after it stays a `1`.
        #expect(CodeLiteral.string(text, in: .java) == #""a\"b\\c\n$x \u00e9 \ud83d\ude00\0011\u2028""#)
        #expect(CodeLiteral.string("\u{10FFFF}\u{FEFF}", in: .python) == #""\U0010ffff\ufeff""#)
        #expect(CodeLiteral.string("\u{E000}", in: .javascript) == #""\ue000""#)
        #expect(CodeLiteral.string("\u{7F}\u{85}", in: .go) == #""\x7f\u0085""#)
    }

    @Test func commentsStayOnOneLine() {
        #expect(CodeLiteral.comment("a\nb\u{2028}c", in: .python) == "a b c")
        // Java turns `\u000a` into a line break even inside a comment.
        #expect(CodeLiteral.comment(#"X/\u000a é"#, in: .java) == "X/?u000a ?")
    }

    @Test func pythonForBasicCredentialsAndAText() throws {
        let fixture = try ExportFixture()
        #expect(RequestExporter(showSecrets: true).export(try fixture.resolved("login"), as: .python) == #"""
            # Shop/orders/login (environment local), exported by apiexplorer.
            # Needs requests: pip install requests
            import requests

            response = requests.request(
                "PUT",
                "http://127.0.0.1:8787/v2/login",
                headers={
                    "Accept": "application/json",
                    "X-Team": "orders",
                    "Content-Type": "text/plain",
                },
                auth=("ada", "it's a secret"),
                data="line one\nline 'two' \\ \"three\"".encode("utf-8"),
            )
            print(response.status_code, response.reason)
            print(response.text)

            """#)
    }

    @Test func httpieAndWgetForBasicCredentialsAndAText() throws {
        let fixture = try ExportFixture()
        let exporter = RequestExporter(showSecrets: true)
        #expect(exporter.export(try fixture.resolved("login"), as: .httpie) == #"""
            printf '%s' 'line one
            line '\''two'\'' \ "three"' |
              http --follow PUT http://127.0.0.1:8787/v2/login \
              -a 'ada:it'\''s a secret' \
              Accept:application/json \
              X-Team:orders \
              Content-Type:text/plain

            """#)
        #expect(exporter.export(try fixture.resolved("login"), as: .wget) == #"""
            wget --quiet \
              --output-document=- \
              --content-on-error \
              --method=PUT \
              --header='Accept: application/json' \
              --header='X-Team: orders' \
              --header='Content-Type: text/plain' \
              --user=ada \
              --password='it'\''s a secret' \
              --auth-no-challenge \
              --body-data='line one
            line '\''two'\'' \ "three"' \
              http://127.0.0.1:8787/v2/login

            """#)
    }

    @Test func awkwardValuesAreEscapedForEachLanguage() throws {
        let resolved = try awkward()
        let exporter = RequestExporter()
        let expected: [(ExportFormat, [String])] = [
            (.python, [#""X-Odd": "it's \"q\" \\ $HOME é".encode("utf-8"),"#, #"data="a\nb 😀 $x".encode("utf-8"),"#]),
            (.javascript, [#"["X-Odd", utf8("it's \"q\" \\ $HOME é")],"#, #"body: "a\nb 😀 $x","#]),
            (.java, [#".header("X-Odd", "it's \"q\" \\ $HOME \u00e9")"#, #"ofString("a\nb \ud83d\ude00 $x", StandardCharsets.UTF_8)"#]),
            (.go, [#"req.Header.Add("X-Odd", "it's \"q\" \\ $HOME é")"#, #"strings.NewReader("a\nb 😀 $x")"#]),
            // HTTPie reads a backslash in a request item as an escape: it is doubled, inside single quotes for the shell.
            (.httpie, [#"'X-Odd:it'\''s "q" \\ $HOME é'"#, "printf '%s' 'a\nb 😀 $x' |"]),
            (.wget, [#"--header='X-Odd: it'\''s "q" \ $HOME é'"#, "--body-data='a\nb 😀 $x'"]),
        ]
        for (format, fragments) in expected {
            let text = exporter.export(resolved, as: format)
            for fragment in fragments { #expect(text.contains(fragment), "\(format) lacks \(fragment):\n\(text)") }
        }
    }

    @Test func multipartPartsAreFramedAsSendFramesThem() throws {
        let fixture = try ExportFixture()
        let resolved = try fixture.resolved("upload")
        let exporter = RequestExporter()
        let path = fixture.invoicePath
        let expected: [(ExportFormat, [String])] = [
            (.python, [#"("note", (None, "@not-a-file;type=x".encode("utf-8"))),"#, #"("invoice", ("invoice.txt", Path("\#(path)").read_bytes(), "text/plain")),"#]),
            (.javascript, [#"form.append("note", "@not-a-file;type=x");"#,
                           #"form.append("invoice", new Blob([await readFile("\#(path)")], { type: "text/plain" }), "invoice.txt");"#]),
            (.java, [#"form.write("--apiexplorer-form-boundary\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n@not-a-file;type=x\r\n""#,
                     #".header("Content-Type", "multipart/form-data; boundary=apiexplorer-form-boundary")"#]),
            (.go, [#"writer.CreatePart(textproto.MIMEHeader{"Content-Disposition": {"form-data; name=\"invoice\"; filename=\"invoice.txt\""}, "Content-Type": {"text/plain"}})"#,
                   #"req.Header.Set("Content-Type", writer.FormDataContentType())"#]),
            // `@`, `;` and `=` would make HTTPie read a file or a type: escaped in a text value.
            (.httpie, [#"'note=\@not-a-file\;type\=x'"#, "'invoice@\(path);type=text/plain'", "--multipart"]),
            (.wget, [#"printf '%s\r\n' --apiexplorer-form-boundary 'Content-Disposition: form-data; name="note"' '' '@not-a-file;type=x'"#,
                     "--body-file=\"$body\""]),
        ]
        for (format, fragments) in expected {
            let text = exporter.export(resolved, as: format)
            #expect(!text.contains("Content-Type: multipart/form-data; boundary=ExplorerCore"), "\(format) kept send's boundary")
            for fragment in fragments { #expect(text.contains(fragment), "\(format) lacks \(fragment):\n\(text)") }
        }
    }

    @Test func formBodiesAreSentEncodedAsSendEncodesThem() throws {
        let fixture = try ExportFixture()
        let resolved = try fixture.resolved("signup")
        let exporter = RequestExporter()
        #expect(exporter.export(resolved, as: .python).contains(#"data="user+name=Ada+Lovelace&password=••••••".encode("utf-8"),"#))
        #expect(exporter.export(resolved, as: .go).contains(#"strings.NewReader("user+name=Ada+Lovelace&password=••••••")"#))
        #expect(exporter.export(resolved, as: .java).contains(#"ofString("user+name=Ada+Lovelace&password=\u2022\u2022\u2022\u2022\u2022\u2022""#))
    }

    @Test func redirectsAndUnsupportedCredentialsAreSaid() throws {
        let fixture = try ExportFixture()
        let search = try fixture.resolved("search")
        let exporter = RequestExporter()
        #expect(exporter.export(search, as: .python).contains("    allow_redirects=False,\n"))
        #expect(exporter.export(search, as: .javascript).contains("    redirect: \"manual\",\n"))
        #expect(!exporter.export(search, as: .httpie).contains("--follow"))
        #expect(exporter.export(search, as: .wget).contains("--max-redirect=0"))
        #expect(exporter.export(search, as: .java).contains("HttpClient.Redirect.NEVER"))
        #expect(exporter.export(search, as: .go).contains("return http.ErrUseLastResponse"))
    }
}
