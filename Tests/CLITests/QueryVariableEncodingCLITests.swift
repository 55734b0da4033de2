import Foundation
import Testing
import TestSupport

/// A variable's value in a URL query reaches the server as that exact value: `+`, `&`, `=`, `#`, `%` and spaces in it
/// are percent-encoded, while a query written literally in the URL keeps meaning what it says (`a+b` is `a b`).
@Suite("Query values from variables arrive as written", .serialized)
struct QueryVariableEncodingCLITests {
    /// A base64-like token with every character a query treats specially.
    static let value = "ab+/cd==&x=1#frag%41 end"

    @Test func theServerDecodesExactlyTheVariablesValue() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("Q/collection.yaml", """
            name: Q
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: tok
                    value: "\(Self.value)"
                  - name: pairs
                    value: "p1=one&p2=two+three"
            """)
        try temp.write("Q/echo.yaml", """
            url: /echo/q?inline={{tok}}&literal=a+b%2Bc&both=pre-{{tok}}-post&{{pairs}}
            query:
              - name: row
                value: "{{tok}}"
            """)
        let sent = try await CLIRunner.run(["send", "Q/echo", "--env", "local", "--collections", temp.path, "--print", "b",
                                            "--pretty", "none", "--no-history"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any], "\(sent.stdout)")
        let query = try #require(json["query"] as? [[String: String]], "\(sent.stdout)")
        let pairs = query.map { ($0["name"] ?? "", $0["value"] ?? "") }
        #expect(pairs.map(\.0) == ["inline", "literal", "both", "p1", "p2", "row"], "\(pairs)")
        #expect(pairs.first { $0.0 == "inline" }?.1 == Self.value, "\(pairs)")
        #expect(pairs.first { $0.0 == "both" }?.1 == "pre-" + Self.value + "-post", "\(pairs)")
        #expect(pairs.first { $0.0 == "row" }?.1 == Self.value, "\(pairs)")
        // Written by hand in the URL, `+` is a space and `%2B` a plus, as before.
        #expect(pairs.first { $0.0 == "literal" }?.1 == "a b+c", "\(pairs)")
        // A variable standing for whole parameters (not a value) keeps its `&` and `=` as separators, as before.
        #expect(pairs.first { $0.0 == "p2" }?.1 == "two three", "\(pairs)")
        await server.stop()
    }
}
