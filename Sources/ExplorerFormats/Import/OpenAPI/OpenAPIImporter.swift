import Foundation

/// Imports OpenAPI 3.0 and 3.1 descriptions and Swagger 2.0 ones, in YAML or JSON: servers become environments, tags
/// folders, operations requests with their parameters, example bodies and credentials.
///
/// A pure function of the bytes and of the files relative `$ref`s name (read through `readFile`). A malformed main
/// document is an error naming the line; a broken reference, a cycle or a scheme without an equivalent is a report item
/// naming its JSON pointer (`#/paths/~1pets/get/requestBody`), and the rest imports.
public enum OpenAPIImporter {
    /// Reads a file named by a relative `$ref`.
    public typealias FileReader = @Sendable (String) -> Data?

    /// True when `data` starts like an OpenAPI or Swagger description (an `openapi` or `swagger` key near the top).
    public static func looksLikeOpenAPI(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return ["\"openapi\"", "\"swagger\"", "openapi:", "swagger:"].contains { head.contains($0) }
    }

    /// The description in `data` as a collection. `source` names the file in errors and report items, and relative
    /// references are read from its directory with `readFile`.
    public static func importSpec(_ data: Data, source: String,
                                  readFile: @escaping FileReader = { FileManager.default.contents(atPath: $0) }) throws(ImportError) -> ImportResult {
        let root = try OpenAPIDocumentParser.parse(Array(data), source: source)
        var reader = OpenAPIReader(root: root, source: source, readFile: readFile)
        let collection = try reader.collection()
        var result = ImportResult(collection: collection, report: reader.report)
        result.operationIds = reader.operationIds
        return ActiveTemplates.noted(result)
    }
}
