import ExplorerCore
import ExplorerFormats
import ExplorerHistory
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Secrets read from 1Password and pass (fake `op` and `pass` on an injected PATH) are sent to a loopback server that
/// echoes them back, and appear nowhere in history's raw bytes, the HAR export, a curl export or the secrets file.
@Suite("No secret read by a program reaches disk")
struct SecretReferenceHistoryScanTests {
    @Test func valuesReadByProgramsAreMaskedInHistoryAndExports() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("op", "printf 'op-SECRET-token-4711\\n'")
        try tools.add("pass", "printf 'pass-SECRET-key-0815\\nnotes\\n'")
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: token
                    secret: true
                  - name: apiKey
                    value: pass:work/api
                    secret: true
            """)
        let secretsFile = "# from 1Password\nlocal:\n  token: op://Private/api/token\n"
        try temp.write("S/secrets.local.yaml", secretsFile)
        try temp.write("S/echo.yaml", """
            method: POST
            url: /echo/refs?key={{apiKey}}
            auth:
              type: bearer
              token: "{{token}}"
            body:
              type: json
              content: '{"key": "{{apiKey}}", "token": "{{token}}"}'
            """)
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader()).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        let located = try #require(collection.locate(["echo"]))
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.defaultEnvironment, processEnvironment: tools.environment)
        resolver.inputs.trust = .everything
        resolver.inputs.context = SendContext(secrets: SecretStore(timeout: 10))
        resolver.inputs.isSending = true
        let resolved = try resolver.resolve()
        let response = try await resolved.request.send()
        // The echo really carried both values back, so masking the response is tested too.
        #expect(response.text.contains("op-SECRET-token-4711") && response.text.contains("pass-SECRET-key-0815"), "\(response.text)")
        let path = temp.path + "/history.sqlite"
        let store = try HistoryStore(path: path)
        try store.record(.recording(resolved, response: response, failure: nil, source: "test", sentAt: Date()))
        #expect(try store.count() == 1)

        let secrets = ["op-SECRET-token-4711", "pass-SECRET-key-0815", "SECRET"]
        let raw = SQLiteFileBytes.read(path)
        #expect(raw.count > 1_000)
        let har = HistoryHARWriter.archive(try store.entries().compactMap { try store.exchange(id: $0.id) })
        var exports = [raw, har]
        for format in [ExportFormat.curl, .swift, .http] { exports.append(Data(RequestExporter().export(resolved, as: format).utf8)) }
        for (index, bytes) in exports.enumerated() {
            for secret in secrets { #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in output \(index)") }
        }
        // Masked, not dropped; and the secrets file still holds the reference, never the value.
        let exchange = try #require(try store.latest(reference: "S/echo"))
        #expect(exchange.request.headers.contains(Header("Authorization", "Bearer ••••••")))
        #expect(String(decoding: FileManager.default.contents(atPath: temp.path + "/S/secrets.local.yaml") ?? Data(), as: UTF8.self) == secretsFile)
        #expect(tools.calls == ["pass show work/api", "op read op://Private/api/token"])
        await server.stop()
    }
}
