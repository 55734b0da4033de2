import Foundation
import Testing
import TestSupport

// Nested in CLITests so that every test running the binary shares its .serialized trait: one child process at a
// time keeps the in-process HTTP tests, which run in parallel, within their time limits on a small machine.
extension CLITests {
    @Suite("apiexplorer export", .serialized)
    struct ExportCommandTests {
        /// A collection `X` on `baseURL` with a secret token and a request per body kind and credential.
        func collection(baseURL: String) throws -> TempDirectory {
            let temp = try TempDirectory()
            try temp.write("X/collection.yaml", """
            name: X
            headers:
              - name: X-Collection
                value: shared value
            environments:
              - name: local
                baseURL: \(baseURL)
                variables:
                  - name: token
                    value: sekrit-token-987
                    secret: true
            """)
            try temp.write("X/json.yaml", """
            method: POST
            url: /echo/json?from=url
            query:
              - name: q
                value: "it's a & b"
            headers:
              - name: X-Quote
                value: "it's \\"quoted\\" $HOME"
            auth:
              type: bearer
              token: "{{token}}"
            body:
              type: json
              content: '{"name": "Ada", "note": "it''s"}'
            """)
            try temp.write("X/form.yaml", """
            method: POST
            url: /echo/form
            body:
              type: form
              fields:
                - name: user name
                  value: "Ada & Bob = 100% +1"
                - name: token
                  value: "{{token}}"
            """)
            try temp.write("X/multipart.yaml", """
            method: POST
            url: /echo/multipart
            body:
              type: multipart
              fields:
                - name: title
                  value: "@not-a-file;type=text/html"
                - name: upload
                  file: _files/data.json
                  contentType: application/json
            """)
            try temp.write("X/_files/data.json", "{\"from\": \"file\"}\n")
            try temp.write("X/basic.yaml", """
            method: PUT
            url: /echo/basic
            auth:
              type: basic
              username: ada
              password: "{{token}}"
            body:
              type: text
              content: "line one\\nline 'two'"
            """)
            try temp.write("X/apikey.yaml", """
            method: DELETE
            url: /echo/key
            headers:
              - name: X-Empty
                value: ""
            auth:
              type: apikey
              name: api_key
              value: "{{token}}"
              in: query
            """)
            try temp.write("X/file.yaml", """
            method: PATCH
            url: /echo/file
            body:
              type: file
              file: _files/data.json
              contentType: application/octet-stream
            """)
            return temp
        }

        /// Runs a shell command line, as a user pasting it would, on a dispatch thread: blocking the small cooperative
        /// pool would starve the other suites' async tests running in parallel.
        static func shell(_ command: String) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try shellBlocking(command) }) }
            }
        }

        private static func shellBlocking(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            // Read both pipes at once so a full stderr pipe cannot block the child.
            nonisolated(unsafe) var errData = Data()
            let group = DispatchGroup()
            group.enter()
            DispatchQueue.global().async {
                errData = CLIRunner.readAll(err.fileHandleForReading.fileDescriptor)
                group.leave()
            }
            let outData = CLIRunner.readAll(out.fileHandleForReading.fileDescriptor)
            group.wait()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }

        /// What /echo saw, with what differs between any two HTTP clients taken out: the client's own headers (fetch
        /// adds `sec-fetch-mode`), and the multipart boundary each client picks.
        struct Echo: Equatable, CustomStringConvertible {
            var method: String
            var path: String
            var query: [String]
            var headers: [String]
            var body: String

            init(_ text: String) throws {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not an echo: \(text)")
                method = object["method"] as? String ?? ""
                path = object["path"] as? String ?? ""
                query = (object["query"] as? [[String: String]] ?? []).map { "\($0["name"] ?? "")=\($0["value"] ?? "")" }
                body = object["body"] as? String ?? ""
                let clientHeaders: Set<String> = ["user-agent", "accept", "accept-encoding", "accept-language", "connection", "content-length", "host", "sec-fetch-mode"]
                var headers: [String] = []
                for pair in object["headers"] as? [[String: String]] ?? [] {
                    let name = (pair["name"] ?? "").lowercased()
                    var value = pair["value"] ?? ""
                    if name == "content-type", let range = value.range(of: "boundary=") {
                        let boundary = String(value[range.upperBound...])
                        body = body.replacingOccurrences(of: boundary, with: "BOUNDARY")
                        value = String(value[..<range.upperBound]) + "BOUNDARY"
                    }
                    if !clientHeaders.contains(name) { headers.append("\(name): \(value)") }
                }
                self.headers = headers.sorted()
            }

            var description: String { "\(method) \(path) \(query)\n\(headers.joined(separator: "\n"))\n\(body)" }
        }

        @Test func theCurlCommandSendsWhatSendSends() async throws {
            guard (try? await ExportCommandTests.shell("command -v curl").status) == 0 else {
                Issue.record("curl is not installed; the curl export cannot be checked")
                return
            }
            let server = try await LoopbackServer.start()
            let temp = try collection(baseURL: server.baseURL.absoluteString)
            for name in ["json", "form", "multipart", "basic", "apikey", "file"] {
                let export = try await CLIRunner.run(["export", "curl", "X/\(name)", "--show-secrets", "--collections", temp.path])
                #expect(export.status == 0, "\(name): \(export.stderr)")
                let curl = try await ExportCommandTests.shell("set -e\n" + export.stdout.replacingOccurrences(of: "curl ", with: "curl -sS ", options: .anchored))
                #expect(curl.status == 0, "\(name): \(curl.stderr)\n\(export.stdout)")
                let send = try await CLIRunner.run(["send", "X/\(name)", "--print", "b", "--pretty", "none", "--show-secrets", "--collections", temp.path])
                #expect(send.status == 0, "\(name): \(send.stderr)")
                let viaCurl = try Echo(curl.stdout)
                let viaSend = try Echo(send.stdout)
                #expect(viaCurl == viaSend, "\(name): curl sent\n\(viaCurl)\nbut send sent\n\(viaSend)\ncommand:\n\(export.stdout)")
                #expect(!viaSend.body.isEmpty || ["apikey"].contains(name), "\(name) sent no body")
            }
            await server.stop()
        }

        @Test func secretsAreMaskedUnlessShown() async throws {
            let temp = try collection(baseURL: "http://127.0.0.1:9")
            for kind in ["curl", "swift", "http", "python", "javascript", "httpie", "wget", "java", "go"] {
                // Java literals are ASCII: the mask is written as escapes there.
                let mask = kind == "java" ? String(repeating: "\\u2022", count: 6) : "••••••"
                for name in ["json", "form", "basic", "apikey"] {
                    let masked = try await CLIRunner.run(["export", kind, "X/\(name)", "--collections", temp.path])
                    #expect(masked.status == 0, "\(masked.stderr)")
                    #expect(!masked.stdout.contains("sekrit") && masked.stdout.contains(mask), "\(kind) \(name):\n\(masked.stdout)")
                }
                let shown = try await CLIRunner.run(["export", kind, "X/json", "--show-secrets", "--collections", temp.path])
                #expect(shown.stdout.contains("sekrit-token-987"))
            }
        }

        @Test func kindsAndErrors() async throws {
            let temp = try collection(baseURL: "http://127.0.0.1:9")
            let http = try await CLIRunner.run(["export", "http", "X/json", "--set", "token=abc-from-cli", "--show-secrets", "--collections", temp.path])
            #expect(http.status == 0)
            #expect(http.stdout.hasPrefix("### X/json\n# environment: local\nPOST http://127.0.0.1:9/echo/json?from=url&q=it%27s%20a%20%26%20b HTTP/1.1\n"))
            #expect(http.stdout.contains("Authorization: Bearer abc-from-cli\n"))
            let swift = try await CLIRunner.run(["export", "swift", "X/json", "--collections", temp.path])
            #expect(swift.stdout.contains("enum XAPI: Service {") && swift.stdout.contains("func sendJson() async throws {"))
            let unknownKind = try await CLIRunner.run(["export", "postman", "X/json", "--collections", temp.path])
            #expect(unknownKind.status == 64 && unknownKind.stderr.contains("export takes curl, swift, http, python, javascript, httpie, wget, java, go or k6, got 'postman'"))
            let unknownRequest = try await CLIRunner.run(["export", "curl", "X/nope", "--collections", temp.path])
            #expect(unknownRequest.status == 1 && unknownRequest.stderr.contains("no request 'X/nope'"))
            try temp.write("X/undefined.yaml", "url: /echo/{{nowhere}}\n")
            let undefined = try await CLIRunner.run(["export", "curl", "X/undefined", "--collections", temp.path])
            #expect(undefined.status == 1 && undefined.stderr.contains("nowhere"))
        }

        @Test func theBuiltInDemoIsExportedWithTheServeDemoAddress() async throws {
            let output = try await CLIRunner.run(["export", "curl", "Demo/users/get-user", "--collections", CLIRunner.bundledCollections])
            #expect(output.status == 0)
            #expect(output.stdout.hasPrefix("curl http://127.0.0.1:8787/users/1 \\\n"))
            #expect(output.stderr.contains("apiexplorer serve-demo"))
        }
    }
}
