import Foundation
import Testing
import TestSupport

@Suite("apiexplorer import", .serialized)
struct ImportCLITests {
    static func fixture(_ name: String) -> String {
        CLIRunner.packageRoot.appendingPathComponent("Tests/ExplorerCoreTests/Import/Fixtures/\(name)").path
    }

    @Test func postmanImportRefusesToOverwriteUnlessForced() async throws {
        let temp = try TempDirectory()
        let into = temp.path + "/cols"
        let arguments = ["import", "postman", Self.fixture("shop.postman_collection.json"),
                         "--environment", Self.fixture("staging.postman_environment.json"), "--into", into]
        let first = try await CLIRunner.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Imported 'Shop API': 10 requests in \(into)/shop-api\n"))
        #expect(first.stdout.contains("  request shop-api/users/admin/purge-users\n"))
        #expect(first.stdout.contains("Environments: Staging\n"))
        #expect(first.stdout.contains("Not converted (8):\n"))
        #expect(!first.stdout.contains("oauth2"), "Postman's OAuth 2.0 client credentials are converted")
        let list = try await CLIRunner.run(["list", "--collections", into])
        // The converted oauth2 block loads without a problem.
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list.stderr)")
        #expect(list.stdout.contains("shop-api/users/get-user"))

        let again = try await CLIRunner.run(arguments)
        #expect(again.status == 2)
        #expect(again.stderr == "error: \(into)/shop-api already exists; pass --force to replace it, or --name to import under another name. Nothing was written.\n")
        let forced = try await CLIRunner.run(arguments + ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.hasPrefix("Replaced 'Shop API'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: into) == ["shop-api"])
    }

    @Test func malformedInputExitsOneAndWritesNothing() async throws {
        let temp = try TempDirectory()
        try temp.write("bad.json", "{\"info\": {\"name\": \"x\"},\n  \"item\": [\n    {\"name\": \"a\", \"request\": {\"url\": []}}\n  ]\n}\n")
        let output = try await CLIRunner.run(["import", "postman", temp.path + "/bad.json", "--into", temp.path + "/cols"])
        #expect(output.status == 1)
        #expect(output.stderr == "\(temp.path)/bad.json:3:38: error: item[0].request.url: expected a string or an object with 'raw', 'host' and 'path', found an array\n")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/cols"))
        let http = try await CLIRunner.run(["import", "http", temp.path + "/missing.http", "--into", temp.path + "/cols"])
        #expect(http.status == 1 && http.stderr == "\(temp.path)/missing.http: error: does not exist\n")
    }

    @Test func httpImportFindsItsEnvironmentFiles() async throws {
        let temp = try TempDirectory()
        let output = try await CLIRunner.run(["import", "http", Self.fixture("api.http"), "--into", temp.path, "--name", "Team API"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Environments: local, staging\n"))
        #expect(output.stdout.contains("  _files/body.json\n"))
        let envs = try await CLIRunner.run(["envs", "team-api", "--collections", temp.path])
        #expect(envs.status == 0, "\(envs.stderr)")
        #expect(envs.stdout.contains("token = ••••••  [secret]") && !envs.stdout.contains("local-secret"))
    }

    /// `import http DIR//é` crashed: Linux Foundation's NSString path methods trap on a path ending in `//` and one non-ASCII
    /// character, and the importer took the directory for the environment files from it that way.
    @Test func aSourcePathEndingInSlashesAndOneNonASCIICharacterImports() async throws {
        let temp = try TempDirectory()
        try temp.write("é", "GET {{host}}/users\n")
        try temp.write("http-client.env.json", "{\"dev\": {\"host\": \"http://127.0.0.1:1\"}}\n")
        let output = try await CLIRunner.run(["import", "http", temp.path + "//é", "--into", temp.path + "/cols"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("Imported 'é': 1 request"), "\(output.stdout)")
        #expect(output.stdout.contains("Environments: dev\n"), "\(output.stdout)")
    }

    @Test func curlImportThenSendAgainstTheDemoServer() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        let command = """
            curl '\(server.baseURL.absoluteString)/echo?from=curl&n=1' \\
              -H 'X-Imported: yes' \\
              -H 'Content-Type: application/json' \\
              --data-raw $'{"greeting":"it\\'s imported"}' \\
              --compressed
            """
        let imported = try await CLIRunner.run(["import", "curl", command, "--into", temp.path, "--name", "Pasted"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  request pasted/post-echo\n"))
        #expect(imported.stdout.contains("Everything was converted."))
        let sent = try await CLIRunner.run(["send", "pasted/post-echo", "--collections", temp.path, "--print", "b", "--pretty", "none"])
        await server.stop()
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains(#""method":"POST""#))
        #expect(sent.stdout.contains(#""path":"/echo""#))
        #expect(sent.stdout.contains(#""query":[{"name":"from","value":"curl"},{"name":"n","value":"1"}]"#))
        #expect(sent.stdout.contains(#"{"name":"X-Imported","value":"yes"}"#))
        #expect(sent.stdout.contains(#""body":"{\"greeting\":\"it's imported\"}""#))
    }

    /// A Postman WebSocket request imports as a WS request that `send` then holds a conversation with: its protocol
    /// offered, its saved messages sent; what has no equivalent is listed under "Not converted" with its JSON path.
    @Test func aPostmanWebSocketRequestImportsAndSends() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("chat.json", """
            {"info": {"name": "Chat", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [
              {"name": "Room", "request": {"method": "GET", "url": "ws://127.0.0.1:\(server.port)/room",
                "header": [{"key": "Sec-WebSocket-Protocol", "value": "chat.v2"}],
                "messages": [{"name": "hello", "payload": "hello", "type": "text"}, {"name": "odd", "weird": 1}]}},
              {"name": "Events", "type": "ws-socketio-request", "payload": {"url": "http://127.0.0.1:1"}}
             ]}
            """)
        let into = temp.path + "/cols"
        let imported = try await CLIRunner.run(["import", "postman", temp.path + "/chat.json", "--into", into])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Not converted (2):\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  Room: a message (item[0].request.messages[1]) has no text"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  Events: a Postman 'ws-socketio-request' item (item[1]) is not supported"), "\(imported.stdout)")
        let sent = try await CLIRunner.run(["send", "chat/room", "--messages", "1", "--print", "b", "--collections", into])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout == "hello\n", "\(sent.stdout)")
        #expect(sent.stderr.contains("Connected to ws://127.0.0.1:\(server.port)/room (chat.v2)"), "\(sent.stderr)")
    }
}
