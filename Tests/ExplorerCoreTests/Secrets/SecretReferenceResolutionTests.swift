import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Secret variables whose values are references, resolved through a loaded collection: read only when sending,
/// `{{name}}` in previews, masked, and errors naming the variable, the file and the program.
@Suite("Secret references in requests")
struct SecretReferenceResolutionTests {
    /// A collection whose `token` comes from 1Password through `secrets.local.yaml` and `apiKey` from pass through
    /// the environment in `collection.yaml`.
    static func collection(_ temp: TempDirectory) throws -> (CollectionSpec, CollectionSpec.Located) {
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: dev
                baseURL: http://127.0.0.1:9
                variables:
                  - name: token
                    secret: true
                  - name: apiKey
                    value: pass:work/api
                    secret: true
            """)
        try temp.write("S/secrets.local.yaml", "dev:\n  token: op://Private/api/token\n")
        try temp.write("S/get.yaml", "url: /items?key={{apiKey}}\nauth:\n  type: bearer\n  token: \"{{token}}\"\n")
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader()).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        return (collection, try #require(collection.locate(["get"])))
    }

    @Test func previewsDoNotRunProgramsAndSendingReadsOnce() throws {
        let temp = try TempDirectory()
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("op", "printf 'op-SECRET-token\\n'")
        try tools.add("pass", "printf 'pass-SECRET-key\\nnotes\\n'")
        let (collection, located) = try Self.collection(temp)
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.defaultEnvironment, processEnvironment: tools.environment)
        resolver.inputs.context = SendContext(secrets: SecretStore(timeout: 10))
        // The cloned collection's secret stores are trusted here: what is tested is how they are read.
        resolver.inputs.trust = .everything
        #expect(try resolver.previewURLString() == "http://127.0.0.1:9/items?key={{apiKey}}")
        let preview = try resolver.resolve()
        #expect(preview.request.authentication == .bearer(token: "{{token}}"))
        #expect(tools.calls.isEmpty)
        #expect(resolver.variableResolver.hasUnreadSecretReferences)

        resolver.inputs.isSending = true
        let sent = try resolver.resolve()
        #expect(sent.request.authentication == .bearer(token: "op-SECRET-token"))
        #expect(sent.request.url?.absoluteString == "http://127.0.0.1:9/items?key=pass-SECRET-key")
        #expect(sent.secretValues.contains("op-SECRET-token") && sent.secretValues.contains("pass-SECRET-key"))
        _ = try resolver.resolve()
        #expect(tools.calls == ["pass show work/api", "op read op://Private/api/token"])
        // Read once, a preview still reads nothing: it shows the template, never the value.
        resolver.inputs.isSending = false
        #expect(try resolver.previewURLString() == "http://127.0.0.1:9/items?key={{apiKey}}")
        #expect(!resolver.variableResolver.hasUnreadSecretReferences)
    }

    @Test func errorsNameTheVariableTheFileAndTheProgram() throws {
        let temp = try TempDirectory()
        let tools = try FakeSecretTools(in: temp.path)
        let (collection, located) = try Self.collection(temp)
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.defaultEnvironment, processEnvironment: tools.environment)
        resolver.inputs.context = SendContext(secrets: SecretStore(timeout: 10))
        // The cloned collection's secret stores are trusted here: what is tested is how they are read.
        resolver.inputs.trust = .everything
        resolver.inputs.isSending = true
        func message() -> String {
            do { _ = try resolver.resolve() } catch { return error.description }
            return "resolved"
        }
        // The URL (with {{apiKey}}) resolves before the credentials (with {{token}}).
        let noPass = message()
        #expect(noPass.contains("{{apiKey}}") && noPass.contains("`pass` is not installed or not on PATH"), "\(noPass)")
        #expect(noPass.contains("\(temp.path)/S/collection.yaml") && noPass.contains("environment 'dev'"), "\(noPass)")
        try tools.add("pass", "echo 'Error: work/api is not in the password store.' >&2; exit 1")
        let failed = message()
        #expect(failed.contains("{{apiKey}}") && failed.contains("`pass` failed (exit 1): Error: work/api is not in the password store."), "\(failed)")
        #expect(failed.contains("`pass show work/api`"), "\(failed)")
        try tools.add("pass", "printf 'pass-SECRET-key'")
        let noOp = message()
        #expect(noOp.contains("{{token}}") && noOp.contains("`op` is not installed or not on PATH"), "\(noOp)")
        #expect(noOp.contains("\(temp.path)/S/secrets.local.yaml") && noOp.contains("1Password"), "\(noOp)")
        #expect(!noOp.contains("pass-SECRET-key"), "\(noOp)")
        try tools.add("op", "printf 'op-SECRET-token'")
        #expect(message() == "resolved")
    }
}
