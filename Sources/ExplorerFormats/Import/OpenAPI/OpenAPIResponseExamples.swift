import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The responses an OpenAPI description declares, as saved examples: what `apiexplorer mock` answers a collection
/// imported from it with when a request has no `examples:` of its own.
public enum OpenAPIResponseExamples {
    /// Each operation's responses by `METHOD url` (`GET /pets/{{petId}}`), as the importer writes the request's method
    /// and URL; the spec in `data` is read as `import openapi` reads it, relative references from `source`'s folder.
    public static func examples(_ data: Data, source: String,
                                readFile: @escaping OpenAPIImporter.FileReader = { FileManager.default.contents(atPath: $0) }) throws(ImportError) -> [String: [RequestExample]] {
        let root = try OpenAPIDocumentParser.parse(Array(data), source: source)
        var reader = OpenAPIReader(root: root, source: source, readFile: readFile)
        return reader.responseExamples()
    }
}
