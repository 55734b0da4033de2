@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation

/// The import fixtures bundled with the tests, and a round trip through the writer and the loader.
enum ImportFixtures {
    /// The fixtures directory inside the test bundle.
    static var directory: String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)?.path ?? ""
    }

    /// A fixture's full path.
    static func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// A fixture's bytes.
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name)))
    }

    /// A fixture's text.
    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// Writes `result` below `root` and loads it back: the collection as written and as loaded, and the load problems.
    static func roundTrip(_ result: ImportResult, root: String) throws -> (written: CollectionSpec, loaded: CollectionSpec?, problems: [CollectionProblem]) {
        let summary = try CollectionWriter.write(result, into: root, force: false, sourceDirectory: directory)
        let load = CollectionLoader(environment: [:]).load(directory: root)
        return (summary.collection, load.collections.first { $0.slug == summary.collection.slug }, load.problems)
    }
}
