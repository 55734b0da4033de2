import Foundation
import Testing
import TestSupport

/// `apiexplorer mcp` driven over stdio by a test client, as an agent's MCP client drives it: the handshake, the
/// tool list, sends with secrets masked (the server's echo of them too), protected environments refused until
/// allowed, `{{$command}}` and `{{$prompt}}` never run, and the listing, preview, run and history tools.
@Suite("apiexplorer mcp over stdio", .serialized)
struct MCPServerCLITests {
    static let secret = "sk-mcp-0123456789abcdef"

    /// Collection `S` on `server`: a default environment and a protected one, each with the secret `apiSecret` from
    /// secrets.local.yaml; `echo` sends it in a query and a header (the server echoes the query), `reflect` gets it
    /// back in a response header and body.
    static func collection(_ server: FaultServer) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            description: Secrets and refusals for the MCP tests.
            environments:
              - name: local
                default: true
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: apiSecret
                    secret: true
              - name: prod
                baseURL: \(server.baseURL.absoluteString)
                protected: true
                variables:
                  - name: apiSecret
                    secret: true
            """)
        try temp.write("S/secrets.local.yaml", "local:\n  apiSecret: \(secret)\nprod:\n  apiSecret: \(secret)\n")
        try temp.write("S/echo.yaml", """
            name: Echo the secret
            description: Sends the secret in a query and a header; the server echoes the query.
            url: /echo
            query:
              - name: key
                value: "{{apiSecret}}"
            headers:
              - name: Authorization
                value: "Bearer {{apiSecret}}"
            checks:
              - status: 200
              - bodyContains: "key="
            """)
        try temp.write("S/reflect.yaml", "url: /reflect\nchecks:\n  - status: 200\n")
        return temp
    }

    static func server() throws -> FaultServer {
        try FaultServer(routes: [
            "/echo": .echoTarget,
            "/reflect": .respond(status: 200, headers: ["Content-Type: application/json", "X-Token: \(secret)"], body: "{\"token\": \"\(secret)\"}"),
        ])
    }

    @Test func initializeListToolsAndSendWithTheSecretMasked() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let temp = try Self.collection(server)
        let client = try MCPStdioClient(arguments: ["--collections", temp.path])

        let initialized = try await client.initialize()
        #expect((initialized["serverInfo"] as? [String: Any])?["name"] as? String == "apiexplorer", "\(initialized)")
        #expect((initialized["capabilities"] as? [String: Any])?["tools"] != nil, "\(initialized)")
        #expect(initialized["protocolVersion"] as? String == "2025-06-18")

        let listed = try await client.request("tools/list")
        let tools = try #require(listed["tools"] as? [[String: Any]])
        let schemas = Dictionary(uniqueKeysWithValues: tools.compactMap { tool in
            (tool["name"] as? String).map { ($0, tool["inputSchema"] as? [String: Any] ?? [:]) }
        })
        #expect(Set(schemas.keys) == ["list_requests", "show_request", "send_request", "run", "search_history"])
        func properties(_ name: String) -> Set<String> { Set((schemas[name]?["properties"] as? [String: Any] ?? [:]).keys) }
        func required(_ name: String) -> [String] { schemas[name]?["required"] as? [String] ?? [] }
        #expect(schemas.values.allSatisfy { $0["type"] as? String == "object" })
        #expect(properties("list_requests") == ["collection"] && required("list_requests").isEmpty)
        #expect(properties("show_request") == ["request", "environment"] && required("show_request") == ["request"])
        #expect(properties("send_request") == ["request", "environment", "variables"] && required("send_request") == ["request"])
        #expect(properties("run") == ["reference", "environment", "variables"] && required("run") == ["reference"])
        #expect(properties("search_history") == ["text", "request", "status", "environment", "source", "limit"])

        let (text, isError) = try await client.callTool("send_request", ["request": "S/echo"])
        #expect(!isError, "\(text)")
        // The secret did go out, in the query and the header: it is the answer that must not carry it.
        let received = try #require(server.requests(to: "/echo").first)
        #expect(received.target == "/echo?key=\(Self.secret)" && received.headers["authorization"] == "Bearer \(Self.secret)")
        #expect(!text.contains(Self.secret) && !text.contains("0123456789abcdef"), "\(text)")
        let sent = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let response = try #require(sent["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200)
        #expect(response["body"] as? String == "/echo?key=••••••", "the server's echo, masked: \(text)")
        let request = try #require(sent["request"] as? [String: Any])
        #expect(request["url"] as? String == server.baseURL.absoluteString + "/echo?key=••••••", "\(request)")
        let headers = request["headers"] as? [[String: String]] ?? []
        #expect(headers.contains { $0["name"] == "Authorization" && $0["value"] == "Bearer ••••••" }, "\(headers)")
        #expect(sent["passed"] as? Bool == true)
        let checks = sent["checks"] as? [[String: Any]] ?? []
        #expect(checks.count == 2 && checks.allSatisfy { $0["passed"] as? Bool == true }, "\(checks)")

        // A server answering with the secret in a header and the body is masked there too.
        let (reflected, reflectedError) = try await client.callTool("send_request", ["request": "S/reflect"])
        #expect(!reflectedError && !reflected.contains(Self.secret), "\(reflected)")
        let answer = try #require((try JSONSerialization.jsonObject(with: Data(reflected.utf8)) as? [String: Any])?["response"] as? [String: Any])
        #expect((answer["headers"] as? [[String: String]] ?? []).contains { $0["name"] == "X-Token" && $0["value"] == "••••••" }, "\(answer)")
        #expect(answer["body"] as? String == "{\"token\": \"••••••\"}", "\(answer)")

        #expect(await client.close() == 0)
        #expect(client.strayOutput.isEmpty, "standard output carries the protocol alone: \(client.strayOutput)")
        #expect(!client.stderr.contains(Self.secret))
    }

    @Test func aLongBodyIsCutWithANoteAndASecretAcrossTheCutStaysMasked() async throws {
        // The secret starts five bytes before the 64 KB cut: masked whole before the text is cut, no prefix of it shows.
        let limit = 64 * 1024
        let long = String(repeating: "a", count: limit - 5) + Self.secret + String(repeating: "b", count: 1000)
        let server = try FaultServer(routes: [
            "/long": .respond(status: 200, headers: ["Content-Type: text/plain"], body: long),
            "/binary": .invalidUTF8JSON,
        ])
        defer { server.stop() }
        let temp = try Self.collection(server)
        try temp.write("S/long.yaml", "url: /long\n")
        try temp.write("S/binary.yaml", "url: /binary\n")
        let client = try MCPStdioClient(arguments: ["--collections", temp.path])
        _ = try await client.initialize()
        let (text, isError) = try await client.callTool("send_request", ["request": "S/long"])
        #expect(!isError && !text.contains("sk-mc"), "no part of the secret: \(text.suffix(300))")
        let response = try #require((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["response"] as? [String: Any])
        let body = try #require(response["body"] as? String)
        #expect(body.utf8.count <= limit && body.hasPrefix("aaaa") && !body.contains("b"), "\(body.suffix(40))")
        #expect(body.hasSuffix("a•"), "the mask is cut, not the secret: \(body.suffix(40))")
        #expect(response["bodyTruncated"] as? Bool == true && response["bodyBytes"] as? Int == long.utf8.count)
        #expect((response["bodyNote"] as? String)?.contains("64.0 KB of 65.0 KB") == true, "\(response)")

        let binary = try await client.callToolJSON("send_request", ["request": "S/binary"])
        let answer = try #require(binary["response"] as? [String: Any])
        #expect(answer["body"] is NSNull && (answer["bodyNote"] as? String)?.hasPrefix("binary body of 31 B (application/json)") == true, "\(answer)")
        #expect(await client.close() == 0)
    }

    @Test func aProtectedEnvironmentIsRefusedUntilTheServerAllowsIt() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let temp = try Self.collection(server)
        let guarded = try MCPStdioClient(arguments: ["--collections", temp.path])
        _ = try await guarded.initialize()
        let refused = try await guarded.callTool("send_request", ["request": "S/echo", "environment": "prod"])
        #expect(refused.isError && refused.text.contains("'prod'") && refused.text.contains("protected")
                && refused.text.contains("--allow-protected"), "\(refused.text)")
        let refusedRun = try await guarded.callTool("run", ["reference": "S", "environment": "prod"])
        #expect(refusedRun.isError && refusedRun.text.contains("--allow-protected"), "\(refusedRun.text)")
        #expect(server.requests(to: "/echo").isEmpty && server.requests(to: "/reflect").isEmpty)
        // The default environment is not protected.
        let local = try await guarded.callToolJSON("send_request", ["request": "S/echo"])
        #expect(local["environment"] as? String == "local")
        #expect(await guarded.close() == 0)
        #expect(server.requests(to: "/echo").count == 1)

        let allowed = try MCPStdioClient(arguments: ["--collections", temp.path, "--allow-protected"])
        _ = try await allowed.initialize()
        let sent = try await allowed.callToolJSON("send_request", ["request": "S/echo", "environment": "prod"])
        #expect(sent["environment"] as? String == "prod" && (sent["response"] as? [String: Any])?["status"] as? Int == 200, "\(sent)")
        #expect(await allowed.close() == 0)
        #expect(server.requests(to: "/echo").count == 2)
    }

    @Test func commandsAndPromptsAreNeverRunEvenInATrustedCollection() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("C/collection.yaml", """
            name: C
            variables:
              - name: stamp
                value: "{{$command touch ran-variable}}"
              - name: password
                value: "{{$prompt Password}}"
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("C/cmd.yaml", "url: /echo\nheaders:\n  - name: X-Stamp\n    value: \"{{stamp}}\"\n")
        try temp.write("C/inline.yaml", "url: /echo\nheaders:\n  - name: X-Stamp\n    value: \"{{ $command touch ran-inline}}\"\n")
        try temp.write("C/ask.yaml", "url: /echo\nheaders:\n  - name: X-Pass\n    value: \"{{password}}\"\n")
        let environment = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let ranVariable = temp.path + "/C/ran-variable", ranInline = temp.path + "/C/ran-inline"
        // Trusted, the command does run from `send`: the refusal below is the server's own, not the trust's.
        let trusted = try await CLIRunner.run(["trust", "C", "--yes", "--collections", temp.path], environment: environment)
        #expect(trusted.status == 0, "\(trusted.stdout)\(trusted.stderr)")
        let control = try await CLIRunner.run(["send", "C/cmd", "--collections", temp.path], environment: environment)
        #expect(control.status == 0 && FileManager.default.fileExists(atPath: ranVariable), "\(control.stderr)")
        try FileManager.default.removeItem(atPath: ranVariable)
        let sentBefore = server.requests(to: "/echo").count

        let client = try MCPStdioClient(arguments: ["--collections", temp.path], environment: environment)
        _ = try await client.initialize()
        let command = try await client.callTool("send_request", ["request": "C/cmd"])
        #expect(command.isError && command.text.contains("variable 'stamp'") && command.text.contains("{{$command touch ran-variable}}")
                && command.text.contains("never runs commands"), "\(command.text)")
        let inline = try await client.callTool("send_request", ["request": "C/inline"])
        #expect(inline.isError && inline.text.contains("{{$command touch ran-inline}}"), "\(inline.text)")
        let prompt = try await client.callTool("send_request", ["request": "C/ask"])
        #expect(prompt.isError && prompt.text.contains("variable 'password'") && prompt.text.contains("{{$prompt Password}}"), "\(prompt.text)")
        let run = try await client.callTool("run", ["reference": "C"])
        // The run is looked at whole before anything goes: its first request in order asks a question.
        #expect(run.isError && run.text.contains("request C/ask") && run.text.contains("never asks"), "\(run.text)")
        #expect(!FileManager.default.fileExists(atPath: ranVariable) && !FileManager.default.fileExists(atPath: ranInline))
        #expect(server.requests(to: "/echo").count == sentBefore, "nothing was sent")

        // Given as variables, the values are used as they are, and the request goes.
        let given = try await client.callToolJSON("send_request", ["request": "C/cmd", "variables": ["stamp": "{{$command touch ran-given}}"]])
        #expect((given["response"] as? [String: Any])?["status"] as? Int == 200, "\(given)")
        #expect(server.requests(to: "/echo").last?.headers["x-stamp"] == "{{$command touch ran-given}}")
        let answered = try await client.callToolJSON("send_request", ["request": "C/ask", "variables": ["password": "pw-given"]])
        #expect((answered["response"] as? [String: Any])?["status"] as? Int == 200, "\(answered)")
        #expect(server.requests(to: "/echo").last?.headers["x-pass"] == "pw-given")
        #expect(await client.close() == 0)
        #expect(!FileManager.default.fileExists(atPath: ranVariable) && !FileManager.default.fileExists(atPath: temp.path + "/C/ran-given"))
    }

    @Test func listShowRunAndSearchHistory() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let temp = try Self.collection(server)
        let client = try MCPStdioClient(arguments: ["--collections", temp.path, "--history", temp.path + "/history.sqlite"])
        _ = try await client.initialize()

        let listed = try await client.callToolJSON("list_requests", ["collection": "S"])
        let collection = try #require((listed["collections"] as? [[String: Any]])?.first)
        let requests = collection["requests"] as? [[String: Any]] ?? []
        let echo = try #require(requests.first { $0["reference"] as? String == "S/echo" })
        #expect(echo["method"] as? String == "GET" && echo["url"] as? String == "/echo" && echo["name"] as? String == "Echo the secret")
        #expect((echo["description"] as? String)?.hasPrefix("Sends the secret") == true)
        let environments = collection["environments"] as? [[String: Any]] ?? []
        #expect(environments.contains { $0["name"] as? String == "prod" && $0["protected"] as? Bool == true }, "\(environments)")
        #expect(environments.contains { $0["name"] as? String == "local" && $0["default"] as? Bool == true }, "\(environments)")

        let (shownText, shownError) = try await client.callTool("show_request", ["request": "S/echo"])
        #expect(!shownError && !shownText.contains(Self.secret), "\(shownText)")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(shownText.utf8)) as? [String: Any])
        #expect((shown["source"] as? String)?.contains("value: \"{{apiSecret}}\"") == true, "\(shown)")
        #expect((shown["preview"] as? String)?.contains("GET \(server.baseURL.absoluteString)/echo?key=••••••") == true, "\(shown)")
        #expect(shown["checks"] as? [String] == ["status 200", "body contains key="], "\(shown)")
        #expect(server.requests(to: "/echo").isEmpty, "a preview sends nothing")

        let (runText, runError) = try await client.callTool("run", ["reference": "S"])
        #expect(!runError && !runText.contains(Self.secret), "\(runText)")
        let run = try #require(try JSONSerialization.jsonObject(with: Data(runText.utf8)) as? [String: Any])
        let summary = try #require(run["summary"] as? [String: Any])
        #expect(summary["requests"] as? Int == 2 && summary["sent"] as? Int == 2 && summary["checksPassed"] as? Int == 3
                && summary["checksFailed"] as? Int == 0 && summary["environment"] as? String == "local", "\(summary)")
        #expect(server.requests(to: "/echo").count == 1 && server.requests(to: "/reflect").count == 1)

        let history = try await client.callToolJSON("search_history", ["request": "S/echo", "source": "mcp"])
        let entries = history["exchanges"] as? [[String: Any]] ?? []
        #expect(entries.count == 1 && entries.first?["status"] as? Int == 200 && entries.first?["environment"] as? String == "local", "\(history)")
        #expect(entries.first?["url"] as? String == server.baseURL.absoluteString + "/echo?key=••••••", "\(history)")
        let failed = try await client.callToolJSON("search_history", ["status": "failed"])
        #expect(failed["count"] as? Int == 0, "\(failed)")

        // Mistakes are tool errors that say what to do, and the server goes on.
        let unknown = try await client.callTool("show_request", ["request": "S/ech"])
        #expect(unknown.isError && unknown.text.contains("Did you mean: S/echo"), "\(unknown.text)")
        let badArgument = try await client.callTool("send_request", ["request": "S/echo", "env": "local"])
        #expect(badArgument.isError && badArgument.text.contains("unknown argument 'env'"), "\(badArgument.text)")
        let missing = try await client.callTool("run", [:])
        #expect(missing.isError && missing.text.contains("missing 'reference'"), "\(missing.text)")
        #expect(try await client.callToolJSON("list_requests")["collections"] != nil)
        #expect(await client.close() == 0)
        #expect(client.strayOutput.isEmpty, "\(client.strayOutput)")
    }
}
