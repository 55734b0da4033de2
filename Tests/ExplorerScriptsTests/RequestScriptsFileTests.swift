@testable import ExplorerScripts
import ExplorerWorkspace
import Foundation
import Testing
import TestSupport

/// A `file:` script is read from inside its collection only: `..` and a symbolic link that leads out are refused.
@Suite("Scripts: files stay inside the collection")
struct RequestScriptsFileTests {
    func sources(_ script: String, in temp: TempDirectory) throws -> Result<[ScriptSource], ScriptFailure> {
        try temp.write("C/collection.yaml", "name: C\n")
        try temp.write("C/r.yaml", "url: http://127.0.0.1:1/\nscripts:\n  before:\n    file: \(script)\n")
        let result = CollectionLoader(environment: [:]).load(directory: temp.path)
        let collection = try #require(result.collections.first)
        let located = try #require(collection.locate(["r"]))
        let resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request, environment: nil,
                                       processEnvironment: ["HOME": temp.path + "/home"])
        do throws(ScriptFailure) { return .success(try RequestScripts(resolver).sources(for: .before)) } catch { return .failure(error) }
    }

    @Test func aFileInsideIsReadAndOneOutsideIsRefused() throws {
        let temp = try TempDirectory()
        try temp.write("C/scripts/sign.js", "console.log(1)\n")
        try temp.write("outside.js", "secret\n")
        let inside = try sources("scripts/sign.js", in: temp)
        #expect((try? inside.get())?.map(\.text) == ["console.log(1)\n"])
        for path in ["../outside.js", "link.js"] {
            if path == "link.js" {
                try FileManager.default.createSymbolicLink(atPath: temp.path + "/C/link.js", withDestinationPath: temp.path + "/outside.js")
            }
            guard case let .failure(failure) = try sources(path, in: temp) else {
                Issue.record("\(path) was read")
                continue
            }
            #expect(failure.kind == .file && failure.message.contains("outside the collection"), "\(failure)")
        }
    }
}
