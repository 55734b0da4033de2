import ExplorerCore
import Foundation
import Testing
import TestSupport

// Nested in CLITests for its .serialized trait, as ExportCommandTests is: one child process at a time.
extension CLITests {
    /// Each code export is run with its own toolchain against a loopback /echo and must send what `send` sends. A
    /// missing toolchain skips its test (go, httpie and xh are not on every machine); it never fails it.
    @Suite("apiexplorer export runs in each language", .serialized)
    struct ExportCodeCLITests {
        /// True when the shell command exits 0: a toolchain check, run once per test when its trait is evaluated.
        static func succeeds(_ command: String) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command + " >/dev/null 2>&1"]
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }

        /// Exports each request of `names` as `kind`, writes it to `file`, runs `command` (with `FILE` for its path)
        /// and compares what /echo received with what `send` sent.
        func check(_ kind: String, file: String, command: String, names: [String] = ["json", "form", "multipart", "basic", "apikey", "file"]) async throws {
            let server = try await LoopbackServer.start()
            let fixture = ExportCommandTests()
            let temp = try fixture.collection(baseURL: server.baseURL.absoluteString)
            for name in names {
                let export = try await CLIRunner.run(["export", kind, "X/\(name)", "--show-secrets", "--collections", temp.path])
                #expect(export.status == 0, "\(name): \(export.stderr)")
                let path = temp.path + "/run-\(name)/" + file
                try FileManager.default.createDirectory(atPath: temp.path + "/run-\(name)", withIntermediateDirectories: true)
                try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: path))
                let run = try await ExportCommandTests.shell(command.replacingOccurrences(of: "FILE", with: "'\(path)'"))
                #expect(run.status == 0, "\(name): \(run.stderr)\n\(export.stdout)")
                let send = try await CLIRunner.run(["send", "X/\(name)", "--print", "b", "--pretty", "none", "--show-secrets", "--collections", temp.path])
                #expect(send.status == 0, "\(name): \(send.stderr)")
                // Scripts print the status line before the body: the echo is the JSON object after it.
                let echoed = run.stdout.range(of: "{\"").map { String(run.stdout[$0.lowerBound...]) } ?? run.stdout
                let viaExport = try ExportCommandTests.Echo(echoed)
                let viaSend = try ExportCommandTests.Echo(send.stdout)
                #expect(viaExport == viaSend, "\(name): \(kind) sent\n\(viaExport)\nbut send sent\n\(viaSend)\ncode:\n\(export.stdout)")
            }
            await server.stop()
        }

        @Test(.enabled(if: succeeds("python3 -c 'import requests'"), "python3 with requests is not installed: the python export is not run"))
        func pythonSendsWhatSendSends() async throws {
            try await check("python", file: "send.py", command: "python3 FILE")
        }

        @Test(.enabled(if: succeeds("node -e 'process.exit(parseInt(process.versions.node) >= 18 ? 0 : 1)'"), "node 18+ is not installed: the javascript export is not run"))
        func javascriptSendsWhatSendSends() async throws {
            try await check("javascript", file: "send.js", command: "node FILE")
        }

        @Test(.enabled(if: succeeds("command -v wget"), "wget is not installed: the wget export is not run"))
        func wgetSendsWhatSendSends() async throws {
            try await check("wget", file: "send.sh", command: "sh FILE")
        }

        @Test(.enabled(if: succeeds("command -v http") || succeeds("command -v xh"), "neither httpie (http) nor xh is installed: the httpie export is not run"))
        func httpieSendsWhatSendSends() async throws {
            // xh reads HTTPie's syntax: run the command with it when HTTPie itself is missing.
            let command = ExportCodeCLITests.succeeds("command -v http") ? "sh FILE" : "sed 's/^\\( *\\)http /\\1xh /' FILE | sh"
            try await check("httpie", file: "send.sh", command: command)
        }

        // Compiling a Java source file takes seconds: one request, the multipart one whose framing the export writes
        // itself, with the collection's and the request's headers.
        @Test(.enabled(if: succeeds("java --version"), "java 11+ is not installed: the java export is not run"))
        func javaSendsWhatSendSends() async throws {
            try await check("java", file: "SendRequest.java", command: "java FILE", names: ["multipart"])
        }

        /// Requests, wget and HTTPie answer a digest challenge themselves: the exports leave it to them, and the
        /// server must accept the answer. The MD5 challenge alone, the one algorithm all three know.
        @Test func theDigestExportsAnswerTheChallenge() async throws {
            let aws = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "sk", region: "us-east-1", service: "execute-api")
            let server = try CredentialServer(username: "ada", password: "pw-digest", algorithms: [.md5], aws: aws)
            defer { server.stop() }
            let temp = try TempDirectory()
            try temp.write("S/collection.yaml", "name: S\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
            try temp.write("S/digest.yaml", "url: /digest/echo\nauth:\n  type: digest\n  username: ada\n  password: pw-digest\n")
            var kinds: [(kind: String, file: String, command: String)] = []
            if ExportCodeCLITests.succeeds("python3 -c 'import requests'") { kinds.append(("python", "digest.py", "python3 FILE")) }
            if ExportCodeCLITests.succeeds("command -v wget") { kinds.append(("wget", "digest.sh", "sh FILE")) }
            if ExportCodeCLITests.succeeds("command -v http") { kinds.append(("httpie", "digest-httpie.sh", "sh FILE")) }
            for (kind, file, command) in kinds {
                let export = try await CLIRunner.run(["export", kind, "S/digest", "--show-secrets", "--collections", temp.path])
                #expect(export.status == 0, "\(kind): \(export.stderr)")
                try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: temp.path + "/" + file))
                let before = server.log.filter { $0.verdict == "accepted" }.count
                let run = try await ExportCommandTests.shell(command.replacingOccurrences(of: "FILE", with: "'\(temp.path)/\(file)'"))
                #expect(run.status == 0, "\(kind): \(run.stderr)\n\(export.stdout)")
                #expect(server.log.filter { $0.verdict == "accepted" }.count == before + 1, "\(kind): \(server.log.map(\.verdict))\n\(export.stdout)")
            }
        }

        @Test(.enabled(if: succeeds("go version"), "go is not installed: the go export is not run"))
        func goSendsWhatSendSends() async throws {
            try await check("go", file: "main.go", command: "go run FILE")
        }
    }
}
