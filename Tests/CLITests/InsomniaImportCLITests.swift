import Foundation
import Testing
import TestSupport

/// `import insomnia` through the built binary, then `send` against a real loopback server.
@Suite("apiexplorer import insomnia", .serialized)
struct InsomniaImportCLITests {
    static func export(_ base: String) -> String {
        """
        {"_type": "export", "__export_format": 4, "__export_source": "insomnia.desktop.app:v2023.5.8", "resources": [
          {"_id": "wrk_1", "parentId": null, "name": "Echo Workspace", "_type": "workspace"},
          {"_id": "fld_1", "parentId": "wrk_1", "name": "Forms", "environment": {"path": "/echo/insomnia"}, "_type": "request_group"},
          {"_id": "req_1", "parentId": "fld_1", "name": "Send form", "method": "POST", "url": "{{ _.base_url }}{{ _.path }}",
           "parameters": [{"name": "from", "value": "insomnia"}, {"name": "off", "value": "1", "disabled": true}],
           "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded"}, {"name": "X-Id", "value": "{% uuid 'v4' %}"}],
           "body": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "who", "value": "{{ _.user }}"}]},
           "authentication": {"type": "bearer", "token": "{{ _.token }}"}, "_type": "request"},
          {"_id": "req_2", "parentId": "wrk_1", "name": "Digest", "method": "GET", "url": "{{ _.base_url }}/echo/digest",
           "authentication": {"type": "digest", "username": "u", "password": "p"}, "_type": "request"},
          {"_id": "env_b", "parentId": "wrk_1", "name": "Base Environment", "data": {"base_url": "http://127.0.0.1:1", "user": "ada"}, "_type": "environment"},
          {"_id": "env_l", "parentId": "env_b", "name": "Local", "data": {"base_url": "\(base)", "token": "ins-token-7"}, "_type": "environment"},
          {"_id": "env_p", "parentId": "env_b", "name": "Private", "data": {"token": "ins-private-8"}, "isPrivate": true, "_type": "environment"}
        ]}
        """
    }

    @Test func anInsomniaExportImportsAndSendsInItsEnvironment() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("echo.json", Self.export(server.baseURL.absoluteString))
        let imported = try await CLIRunner.run(["import", "insomnia", temp.path + "/echo.json", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 'Echo Workspace': 2 requests in \(temp.path)/cols/echo-workspace\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  request echo-workspace/forms/send-form\n"))
        #expect(imported.stdout.contains("Environments: Local, Private\n"))
        #expect(!imported.stdout.contains("Digest:"), "digest credentials import as they are: \(imported.stdout)")

        let sent = try await CLIRunner.run(["send", "echo-workspace/forms/send-form", "--env", "Local", "--collections", temp.path + "/cols",
                                            "--print", "b", "--pretty", "none", "--no-history"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains(#""path":"/echo/insomnia""#) && sent.stdout.contains(#""query":[{"name":"from","value":"insomnia"}]"#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#"{"name":"Authorization","value":"Bearer ins-token-7"}"#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#""body":"who=ada""#), "\(sent.stdout)")
        // `{% uuid %}` became `{{$uuid}}`, a new one per send.
        #expect(sent.stdout.range(of: #"\{"name":"X-Id","value":"[0-9A-Fa-f-]{36}"\}"#, options: .regularExpression) != nil, "\(sent.stdout)")

        // Private environment values are secrets: kept out of collection.yaml, masked by envs.
        let envs = try await CLIRunner.run(["envs", "echo-workspace", "--collections", temp.path + "/cols"])
        #expect(envs.stdout.contains("token = ••••••  [secret]") && !envs.stdout.contains("ins-private-8"), "\(envs.stdout)")
        let yaml = try String(contentsOfFile: temp.path + "/cols/echo-workspace/collection.yaml", encoding: .utf8)
        #expect(!yaml.contains("ins-private-8"))

        // From standard input, under another name.
        let piped = try await CLIRunner.run(["import", "insomnia", "-", "--into", temp.path + "/cols", "--name", "Piped"],
                                            input: Self.export(server.baseURL.absoluteString))
        #expect(piped.status == 0 && piped.stdout.hasPrefix("Imported 'Piped': 2 requests"), "\(piped.stdout)\(piped.stderr)")
        // Given as a Postman collection, it says what it is.
        let wrong = try await CLIRunner.run(["import", "postman", temp.path + "/echo.json", "--into", temp.path + "/cols"])
        #expect(wrong.status == 1 && wrong.stderr.contains("this is an Insomnia export, not a Postman collection; import it with `apiexplorer import insomnia`"))
        await server.stop()
    }
}
