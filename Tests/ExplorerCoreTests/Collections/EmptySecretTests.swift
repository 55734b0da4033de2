import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// A secret variable declared with no value is unresolved, not sent empty: the error names the variable and where
/// to set it; a preview shows `{{name}}`.
@Suite("A secret with no value")
struct EmptySecretTests {
    @Test func isNotSentEmpty() throws {
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: dev
                baseURL: http://127.0.0.1:9
                variables:
                  - name: apiKey
                    secret: true
            """)
        try temp.write("S/r.yaml", "url: /x\nheaders:\n  - name: X-API-Key\n    value: \"{{apiKey}}\"\n")
        let collection = try #require(CollectionStore(directory: temp.path, loader: CollectionLoader()).load().collection(named: "S"))
        let located = try #require(collection.locate(["r"]))
        var resolver = RequestResolver(collection: collection, folders: [], request: located.request, environment: collection.defaultEnvironment)
        #expect(try resolver.resolve().request.headers["X-API-Key"] == "{{apiKey}}")
        resolver.inputs.isSending = true
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message == "The variable {{apiKey}} is a secret with no value (environment dev) (in request S/r, environment 'dev'). "
                    + "Set it in secrets.local.yaml beside collection.yaml (dev: apiKey: VALUE), or pass --set apiKey=VALUE.", "\(message)")
        resolver.overrides = [Variable(name: "apiKey", value: "given")]
        #expect(try resolver.resolve().request.headers["X-API-Key"] == "given")
    }
}
