import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// The last spec a contract check read, parsed and bundled, kept while the file is unchanged: a `run` of a thousand
/// requests against a several-MB description would otherwise parse it a thousand times.
final class OpenAPISpecCache: @unchecked Sendable {
    /// A parsed spec: the document and its bundle for the validator.
    typealias Entry = (root: LocatedJSONValue, bundle: OpenAPISchemaBundle, document: JSONValue)

    /// The one cache the checks share.
    static let shared = OpenAPISpecCache()

    private let lock = NSLock()
    private var key: String?
    private var entry: Entry?

    /// The spec at `path`, parsed (from the cache while its size and modification time are unchanged), or why not.
    func spec(at path: String) -> Result<Entry, ImportError> {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = "\(path)\u{0}\(attributes?[.size] ?? "")\u{0}\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        lock.lock()
        if key == stamp, let entry {
            lock.unlock()
            return .success(entry)
        }
        lock.unlock()
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ImportError(SourceLocation(file: path), "could not be read"))
        }
        do {
            let root = try OpenAPIDocumentParser.parse(Array(data), source: path)
            var bundle = OpenAPISchemaBundle(spec: path)
            let document = bundle.document(root)
            let made: Entry = (root, bundle, document)
            lock.lock()
            key = stamp
            entry = made
            lock.unlock()
            return .success(made)
        } catch {
            return .failure(error)
        }
    }
}
