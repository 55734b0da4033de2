@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// Resolving refuses a header whose value holds CR or LF, wherever it comes from (the request, a folder, the
/// credentials), so every sender (`send`, `run`, the explorer) stops before anything goes out.
@Suite("Header values with line breaks")
struct HeaderLineBreakTests {
    func resolve(_ request: RequestSpec, root: FolderSpec = FolderSpec(name: "C", slug: "c")) throws(ResolveError) -> ResolvedRequest {
        let collection = CollectionSpec(root: root, environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:9", variables: [
            Variable(name: "crlf", value: "a\r\nX-Injected: 1"), Variable(name: "lf", value: "a\nb"), Variable(name: "cr", value: "a\rb"),
        ])])
        return try RequestResolver(collection: collection, folders: [], request: request, environment: collection.environments.first).resolve()
    }

    @Test func aLineBreakInAnyHeaderIsRefusedByName() {
        let cases: [(RequestSpec, FolderSpec, String)] = [
            (RequestSpec(name: "r", slug: "r", url: "/x", headers: [KeyValue("X-Note", "{{crlf}}")]), FolderSpec(name: "C", slug: "c"), "X-Note"),
            (RequestSpec(name: "r", slug: "r", url: "/x", headers: [KeyValue("X-Lf", "{{lf}}")]), FolderSpec(name: "C", slug: "c"), "X-Lf"),
            (RequestSpec(name: "r", slug: "r", url: "/x"), FolderSpec(name: "C", slug: "c", headers: [KeyValue("X-Cr", "{{cr}}")]), "X-Cr"),
            (RequestSpec(name: "r", slug: "r", url: "/x", auth: .bearer(token: "{{crlf}}")), FolderSpec(name: "C", slug: "c"), "Authorization"),
        ]
        for (request, root, name) in cases {
            do {
                _ = try resolve(request, root: root)
                Issue.record("\(name) with a line break was accepted")
            } catch {
                #expect(error.description.contains("'\(name)'") && error.description.contains("line break (CR/LF)"), "\(error.description)")
                #expect(!error.description.contains("X-Injected"), "the value is not echoed: \(error.description)")
            }
        }
        #expect(throws: Never.self) { try resolve(RequestSpec(name: "r", slug: "r", url: "/x", headers: [KeyValue("X-Ok", "a b")])) }
    }
}
