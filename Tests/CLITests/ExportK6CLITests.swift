import Foundation
import TestSupport
import Testing

/// `apiexplorer export k6`: a chain with captures, checks and the load options, written as a script node parses.
@Suite("apiexplorer export k6")
struct ExportK6CLITests {
    /// The path of `node`, which parses the scripts; .ci/run installs it.
    static var node: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/node" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func aChainWithChecksAndThresholdsIsAScriptNodeParses() async throws {
        let temp = try TempDirectory()
        try temp.write("L/collection.yaml", "name: L\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n    variables:\n      - name: key\n        value: s3cret\n        secret: true\n")
        try temp.write("L/login.yaml", """
            method: POST
            url: /login
            body:
              type: json
              content: '{"user": "ada", "key": "{{key}}"}'
            captures:
              - name: token
                json: $.data.token
              - name: session
                cookie: sid
            """)
        try temp.write("L/me.yaml", """
            url: /me?t={{token}}
            needs: [login]
            headers:
              - name: Authorization
                value: Bearer {{token}}
            checks:
              - status: 200
              - json: $.user.name
                equals: Ada
              - json: $.items[*].id
                exists: true
              - header: content-type
                matches: json
              - bodyContains: "it's \\"Ada\\""
              - responseTimeBelow: 500
            """)
        let output = try await CLIRunner.run(["export", "k6", "L/me", "--collections", temp.path, "--rate", "50", "--duration", "30s",
                                              "--ramp", "10s", "--threshold", "p99<200ms", "--threshold", "errors<1%", "--threshold", "checks>99%"])
        #expect(output.status == 0, "\(output.stderr)")
        let script = output.stdout
        #expect(script.contains(#""executor":"ramping-arrival-rate""#) && script.contains(#""target":50.0"#), "\(script)")
        #expect(script.contains(#""http_req_duration":["p(99)<200"]"#) && script.contains(#""http_req_failed":["rate<0.01"]"#)
                && script.contains(#""checks":["rate>0.99"]"#), "\(script)")
        #expect(script.contains(#"vars["token"] = pick(res0, ["data", "token"]);"#), "\(script)")
        #expect(script.contains(#""http://127.0.0.1:9/me?t=" + String(vars["token"])"#)
                && script.contains(#""Authorization": "Bearer " + String(vars["token"])"#), "\(script)")
        #expect(script.contains("// Not exported: the capture session (cookie sid)."), "\(script)")
        #expect(script.contains("// Not exported: the check '$.items[*].id exists' (its JSONPath is more than names and indices)."), "\(script)")
        #expect(script.contains(#"(r) => new RegExp("json").test(String(r.headers["Content-Type"]))"#), "\(script)")
        #expect(script.contains("r.timings.duration < 500"), "\(script)")
        // The secret is masked, as every export masks it.
        #expect(!script.contains("s3cret") && script.contains("••••••"), "\(script)")
        let node = try #require(ExportK6CLITests.node, "node is not installed: .ci/run installs nodejs to check the k6 scripts")
        // An ES module (k6 imports), so .mjs for node.
        let file = temp.path + "/script.mjs"
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["--check", file]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "node --check: \(stderr)")
    }

    @Test func theOtherKindsRefuseTheLoadOptionsAndTheDefaultIsOneIteration() async throws {
        let temp = try TempDirectory()
        try temp.write("L/collection.yaml", "name: L\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("L/x.yaml", "url: /x\n")
        let curl = try await CLIRunner.run(["export", "curl", "L/x", "--collections", temp.path, "--rate", "5"])
        #expect(curl.status == 64 && curl.stderr.contains("go with export k6"), "\(curl.stderr)")
        let unknown = try await CLIRunner.run(["export", "jmeter", "L/x", "--collections", temp.path])
        #expect(unknown.status == 64 && unknown.stderr.contains("export takes curl, swift, http, python, javascript, httpie, wget, java, go or k6, got 'jmeter'"), "\(unknown.stderr)")
        let plain = try await CLIRunner.run(["export", "k6", "L/x", "--collections", temp.path])
        #expect(plain.status == 0 && plain.stdout.contains(#""executor":"shared-iterations","iterations":1,"vus":1"#), "\(plain.stdout)")
    }
}
