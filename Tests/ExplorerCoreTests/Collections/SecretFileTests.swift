@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("Secret files and shell-free collections")
struct SecretFileTests {
    private func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    @Test func aNewSecretFileIsCreatedOwnerOnly() throws {
        let temp = try TempCollections()
        let secrets = temp.path("C/secrets.local.yaml")
        let plain = temp.path("C/request.yaml")
        try FileManager.default.createDirectory(atPath: temp.path("C"), withIntermediateDirectories: true)
        try AtomicFileWriter.write(Data("local:\n  token: abc\n".utf8), to: secrets)
        try AtomicFileWriter.write(Data("url: /x\n".utf8), to: plain)
        #expect(mode(secrets) == 0o600)
        #expect(mode(plain) == 0o644)
        #expect(AtomicFileWriter.isSecretFile("/a/Other.LOCAL.yml") && !AtomicFileWriter.isSecretFile("/a/local.yaml"))
    }

    @Test func theBundledGitignoreCoversSecretFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let ignore = try String(contentsOf: root.appendingPathComponent("Collections/.gitignore"), encoding: .utf8)
        #expect(ignore.split(separator: "\n").contains("*.local.yaml") && ignore.split(separator: "\n").contains("*.local.yml"))
        #expect(CollectionLoader.secretsFileName.hasSuffix(".local.yaml"))
        // When git is at hand, ask it too: the pattern must really apply to a secrets file in a collection.
        let git = "/usr/bin/git"
        guard FileManager.default.isExecutableFile(atPath: git) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", root.path, "check-ignore", "-q", "--no-index", "Collections/Demo/secrets.local.yaml"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git check-ignore says the secrets file is not ignored")
    }

    @Test func shellSyntaxInACollectionIsSentAsTextAndNeverRun() async throws {
        let marker = NSTemporaryDirectory() + "shell-\(UUID().uuidString)"
        let temp = try TempCollections()
        let server = try FaultServer(routes: ["/x": .respond(status: 200, headers: [], body: "ok")])
        defer { server.stop() }
        try temp.write("C/collection.yaml", "name: C\nenvironments:\n  - name: e\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("C/r.yaml", """
        url: /x
        headers:
          - name: X-Sub
            value: "$(touch \(marker))"
          - name: X-Tick
            value: "`touch \(marker)`"
          - name: X-Env
            value: "${HOME}"
        """)
        let result = CollectionLoader(environment: [:]).load(directory: temp.root)
        let collection = try #require(result.collections.first)
        let located = try #require(collection.locate(["r"]))
        let resolved = try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                           environment: collection.defaultEnvironment).resolve()
        _ = try await resolved.request.send()
        let received = try #require(server.requests(to: "/x").first)
        #expect(received.headers["x-sub"] == "$(touch \(marker))")
        #expect(received.headers["x-tick"] == "`touch \(marker)`")
        #expect(received.headers["x-env"] == "${HOME}")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
