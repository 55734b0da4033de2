import Foundation
import Testing
import TestSupport

/// A header value holding a line break (a variable's value with `\r\n`) is refused before anything is sent, naming
/// the header, rather than dropped on the way while `--print H` shows it as sent.
@Suite("Header values with line breaks are refused", .serialized)
struct HeaderLineBreakCLITests {
    @Test func sendAndRunRefuseAndSendNothing() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("L/collection.yaml", """
            name: L
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - {name: note, value: "one\\r\\nX-Injected: yes"}
                  - {name: bare, value: "two\\nlines"}
            """)
        try temp.write("L/crlf.yaml", """
            url: /echo/crlf
            headers:
              - {name: X-Note, value: "{{note}}"}
            """)
        try temp.write("L/lf.yaml", """
            url: /echo/lf
            headers:
              - {name: X-Bare, value: "{{bare}}"}
            """)
        let common = ["--collections", temp.path, "--no-history"]
        let sent = try await CLIRunner.run(["send", "L/crlf", "--print", "H"] + common)
        #expect(sent.status == 1, "\(sent.stdout)\(sent.stderr)")
        #expect(sent.stderr.contains("X-Note") && sent.stderr.contains("line break (CR/LF)"), "\(sent.stderr)")
        #expect(!sent.stdout.contains("X-Injected"), "\(sent.stdout)")

        let lf = try await CLIRunner.run(["send", "L/lf"] + common)
        #expect(lf.status == 1 && lf.stderr.contains("X-Bare") && lf.stderr.contains("line break (CR/LF)"), "\(lf.stderr)")

        let run = try await CLIRunner.run(["run", "L"] + common)
        #expect(run.status != 0, "\(run.stdout)\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("line break (CR/LF)"), "\(run.stdout)\(run.stderr)")

        let hits = (await server.hits("/echo/crlf"), await server.hits("/echo/lf"))
        #expect(hits == (0, 0), "a request went out")
        await server.stop()
    }
}
