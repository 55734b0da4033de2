import Foundation
import Testing
import TestSupport

/// `import har` and `history export --har`, through the built binary, against a real loopback server.
@Suite("apiexplorer import har and history export --har", .serialized)
struct HARCLITests {
    /// A HAR as Chrome's devtools save it: pseudo-headers, client hints, cookies, a duplicate.
    static func devtoolsHAR(_ base: String) -> String {
        func entry(_ method: String, _ url: String, _ headers: [(String, String)], cookies: String = "[]", post: String? = nil) -> String {
            let list = headers.map { "{\"name\": \"\($0.0)\", \"value\": \"\($0.1)\"}" }.joined(separator: ", ")
            return """
                {"startedDateTime": "2026-11-20T10:00:00.000Z", "time": 3,
                 "request": {"method": "\(method)", "url": "\(url)", "httpVersion": "HTTP/1.1", "headers": [\(list)],
                             "queryString": [], "cookies": \(cookies), "headersSize": -1, "bodySize": 0\(post.map { ", \"postData\": \($0)" } ?? "")},
                 "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                              "content": {"size": 0, "mimeType": ""}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
                 "cache": {}, "timings": {"send": 0, "wait": 3, "receive": 0}}
                """
        }
        let noise = [(":authority", "127.0.0.1"), ("sec-fetch-mode", "cors"), ("user-agent", "Mozilla/5.0"), ("accept-language", "en")]
        return """
            {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "entries": [
            \(entry("POST", "\(base)/echo/items?via=har", noise + [("x-api", "v2"), ("content-type", "application/json"), ("cookie", "sid=s-1")],
                    cookies: "[{\"name\": \"sid\", \"value\": \"s-1\"}]", post: "{\"mimeType\": \"application/json\", \"text\": \"{\\\"item\\\":7}\"}")),
            \(entry("GET", "\(base)/echo/items?via=har", noise)),
            \(entry("POST", "\(base)/echo/items?via=har", noise))
            ]}}
            """
    }

    @Test func aDevtoolsHARImportsWithoutTheBrowsersNoiseAndSends() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("session.har", Self.devtoolsHAR(server.baseURL.absoluteString))
        let port = server.baseURL.port ?? 0
        let imported = try await CLIRunner.run(["import", "har", temp.path + "/session.har", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 'session': 2 requests in \(temp.path)/cols/session\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  request session/127-0-0-1-\(port)/post-echo-items\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  log.entries[0]: 1 later entry with the same method and URL collapsed into this one\n"))
        #expect(imported.stdout.contains("  log.entries: cookies of 1 request left out; pass --keep-cookies to send them as Cookie headers"))

        let reference = "session/127-0-0-1-\(port)/post-echo-items"
        let sent = try await CLIRunner.run(["send", reference, "--collections", temp.path + "/cols", "--print", "b", "--pretty", "none", "--no-history"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains(#""method":"POST""#) && sent.stdout.contains(#""path":"/echo/items""#))
        #expect(sent.stdout.contains(#"{"name":"via","value":"har"}"#) && sent.stdout.contains(#"{"name":"X-Api","value":"v2"}"#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#""body":"{\"item\":7}""#), "\(sent.stdout)")
        #expect(!sent.stdout.contains("Mozilla") && !sent.stdout.contains("Sec-Fetch") && !sent.stdout.contains("s-1"), "\(sent.stdout)")

        // From standard input, cookies kept, replacing the collection.
        let again = try await CLIRunner.run(["import", "har", "-", "--into", temp.path + "/cols", "--name", "session", "--keep-cookies"],
                                            input: Self.devtoolsHAR(server.baseURL.absoluteString))
        #expect(again.status == 2, "\(again.stderr)")
        let forced = try await CLIRunner.run(["import", "har", "-", "--into", temp.path + "/cols", "--name", "session", "--keep-cookies", "--force"],
                                             input: Self.devtoolsHAR(server.baseURL.absoluteString))
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.hasPrefix("Replaced 'session'") && !forced.stdout.contains("--keep-cookies"), "\(forced.stdout)")
        let withCookie = try await CLIRunner.run(["send", reference, "--collections", temp.path + "/cols", "--print", "b", "--pretty", "none", "--no-history"])
        #expect(withCookie.stdout.contains(#"{"name":"Cookie","value":"sid=s-1"}"#), "\(withCookie.stdout)")
        await server.stop()
    }

    @Test func malformedHARExitsOneAndWritesNothing() async throws {
        let temp = try TempDirectory()
        try temp.write("bad.har", "{\"log\": {\"entries\": [\n  {\"request\": {\"method\": \"GET\"}}]}}\n")
        let output = try await CLIRunner.run(["import", "har", temp.path + "/bad.har", "--into", temp.path + "/cols"])
        #expect(output.status == 1)
        #expect(output.stderr == "\(temp.path)/bad.har:2:15: error: log.entries[0].request: missing 'url'; each request needs the URL it was sent to\n")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/cols"))
        let cookies = try await CLIRunner.run(["import", "postman", temp.path + "/bad.har", "--keep-cookies"])
        #expect(cookies.status == 64 && cookies.stderr.contains("--keep-cookies applies to har only"), "\(cookies.stderr)")
    }

    @Test func historyExportsAMaskedHARThatImportsBackAndSends() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("cols/C/collection.yaml", """
            name: C
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: token
                    value: har-SECRET-token-42
                    secret: true
            """)
        try temp.write("cols/C/echo.yaml", "method: POST\nurl: /echo/export?n=1\nauth:\n  type: bearer\n  token: \"{{token}}\"\nbody:\n  type: json\n  content: '{\"token\": \"{{token}}\", \"n\": 1}'\n")
        try temp.write("cols/C/missing.yaml", "url: /status/404\n")
        let history = temp.path + "/h.sqlite"
        for name in ["echo", "missing", "echo"] {
            let sent = try await CLIRunner.run(["send", "C/\(name)", "--collections", temp.path + "/cols", "--history", history])
            #expect(sent.status == 0, "\(sent.stderr)")
        }
        let file = temp.path + "/out.har"
        let exported = try await CLIRunner.run(["history", "export", "--har", file, "--history", history])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr == "Wrote 3 exchanges to \(file)\n")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(HARShape.problems(data) == [])
        #expect(data.range(of: Data("har-SECRET-token-42".utf8)) == nil, "the token is in the exported HAR")
        #expect(data.range(of: Data("Bearer ••••••".utf8)) != nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        // The filters are history's: only the 4xx, to standard output.
        let only = try await CLIRunner.run(["history", "export", "--har", "-", "--status", "4xx", "--history", history])
        #expect(only.status == 0 && HARShape.problems(Data(only.stdout.utf8)) == [], "\(only.stderr)")
        #expect(only.stdout.contains("/status/404") && !only.stdout.contains("/echo/export"))
        let none = try await CLIRunner.run(["history", "export", "--har", temp.path + "/none.har", "--env", "prod", "--history", history])
        #expect(none.status == 1 && none.stderr == "error: no exchanges kept that match; nothing written\n", "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/none.har"))

        let imported = try await CLIRunner.run(["import", "har", file, "--into", temp.path + "/back"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 'out': 2 requests"), "\(imported.stdout)")
        #expect(imported.stdout.contains("'Authorization', the body hold a masked value"), "\(imported.stdout)")
        let port = server.baseURL.port ?? 0
        let resent = try await CLIRunner.run(["send", "out/127-0-0-1-\(port)/get-status-404", "--collections", temp.path + "/back", "--no-history",
                                              "--print", "m"])
        #expect(resent.status == 0 && resent.stdout.contains("404"), "\(resent.stdout)\(resent.stderr)")
        await server.stop()
    }
}
