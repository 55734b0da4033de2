import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `apiexplorer auth` fetching, printing and forgetting the token a request sends, and `send`/`run` using the token
/// cached by another process, against a loopback OAuth server; the token and the client secret never printed.
@Suite("OAuth 2.0 from the command line")
struct OAuthCLITests {
    @Test func authFetchesTheTokenThatSendAndRunThenUse() async throws {
        let server = try OAuthServer()
        defer { server.stop() }
        let temp = try server.clientCredentialsCollection()
        let state = temp.path + "/state"
        let environment = ["APIEXPLORER_STATE_DIR": state]
        let fetched = try await CLIRunner.run(["auth", "S/echo", "--print-token", "--collections", temp.path], environment: environment)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let token = fetched.stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("at-") && fetched.stdout == token + "\n")
        #expect(fetched.stderr.contains("oauth2 client_credentials: expires in ") && fetched.stderr.contains("scopes read"), "\(fetched.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/oauth")
        #expect(files.count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: state + "/oauth/" + (files.first ?? ""))[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        let sent = try await CLIRunner.run(["send", "S/echo", "--collections", temp.path], environment: environment)
        #expect(sent.status == 0 && sent.stdout.contains("HTTP/1.1 200"), "\(sent.stdout)\(sent.stderr)")
        // The server echoed the token: masked, and the token another process cached was used.
        #expect(sent.stdout.contains("\"you sent\": \"••••••\"") || sent.stdout.contains("\"you sent\":\"••••••\""), "\(sent.stdout)")
        #expect(!sent.stdout.contains(token) && server.apiTokens == [token] && server.tokenCalls.count == 1)
        let run = try await CLIRunner.run(["run", "S", "--collections", temp.path], environment: environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains(token) && server.tokenCalls.count == 1)

        let forgot = try await CLIRunner.run(["auth", "S/echo", "--forget", "--collections", temp.path], environment: environment)
        #expect(forgot.status == 0 && forgot.stderr.contains("token forgotten"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/oauth").isEmpty)
        // With nothing cached, run gets a client-credentials token itself and caches it for the next process.
        let fresh = try await CLIRunner.run(["run", "S", "--collections", temp.path], environment: environment)
        #expect(fresh.status == 0, "\(fresh.stdout)\(fresh.stderr)")
        #expect(server.tokenCalls.count == 2 && server.tokenCalls.last?.grant == "client_credentials")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/oauth").count == 1)

        // --refresh asks the endpoint even though a token is cached (the cache is per client, not per secret).
        let refused = try await CLIRunner.run(["auth", "S/echo", "--refresh", "--set", "clientSecret=wrong-SECRET", "--collections", temp.path],
                                              environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("error: invalid_client: client authentication failed"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("wrong-SECRET") && !refused.stderr.contains(server.clientSecret))
        let plain = try await CLIRunner.run(["auth", "S/echo", "--collections", temp.path, "--env", "local"], environment: environment)
        #expect(plain.status == 0 && plain.stdout.isEmpty, "without --print-token nothing goes to stdout")
    }

    @Test func theDeviceFlowPrintsTheCodeAndCopiesItWithAClipboardTool() async throws {
        let server = try OAuthServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            auth:
              type: oauth2
              grant: device_code
              tokenURL: \(server.url("/token"))
              deviceAuthorizationURL: \(server.url("/device"))
              clientId: \(server.clientId)
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("S/echo.yaml", "url: /api/echo\n")
        // A fake xclip that keeps what it was given.
        try temp.write("bin/xclip", "#!/bin/sh\ncat > \"\(temp.path)/clipboard\"\n")
        chmod(temp.path + "/bin/xclip", 0o755)
        let environment = ["APIEXPLORER_STATE_DIR": temp.path + "/state", "DISPLAY": ":99", "WAYLAND_DISPLAY": "",
                           "PATH": temp.path + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let approver = Task {
            // The person approves once the client has started polling.
            while server.devicePolls.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            server.approveDevice()
        }
        let fetched = try await CLIRunner.run(["auth", "S/echo", "--collections", temp.path], environment: environment)
        approver.cancel()
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stderr.contains("Enter the code WDJB-MJHT at \(server.url("/device/verify"))"), "\(fetched.stderr)")
        #expect(fetched.stderr.contains("(the code is copied, with xclip)"), "\(fetched.stderr)")
        #expect(try String(contentsOfFile: temp.path + "/clipboard", encoding: .utf8) == "WDJB-MJHT")
    }
}
