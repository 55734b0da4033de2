import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// An OpenAPI description as contract checks read it: the document, and its bundle for the schema validator.
struct OpenAPISpec: Sendable {
    /// The document as parsed, with where each value was.
    let root: LocatedJSONValue
    /// Every schema the description reaches, in one document, so `$ref`s into other files resolve.
    let bundle: OpenAPISchemaBundle
    /// The bundled document the validator reads.
    let document: JSONValue

    /// The description at `path`, parsed, or from `documents` while the file is unchanged; or why it cannot be used.
    static func read(_ path: String, in documents: DocumentCache) -> Result<OpenAPISpec, ImportError> {
        do throws(ImportError) {
            let parsed = try documents.document(at: path) { (data: Data) throws(ImportError) -> OpenAPISpec in
                let root = try OpenAPIDocumentParser.parse(Array(data), source: path)
                var bundle = OpenAPISchemaBundle(spec: path)
                let document = bundle.document(root)
                return OpenAPISpec(root: root, bundle: bundle, document: document)
            }
            guard let parsed else { return .failure(ImportError(SourceLocation(file: path), "could not be read")) }
            return .success(parsed)
        } catch {
            return .failure(error)
        }
    }
}
