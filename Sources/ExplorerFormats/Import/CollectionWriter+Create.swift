import ExplorerCore
import ExplorerWorkspace
import Foundation

/// New collections made in the explorer rather than imported.
extension CollectionWriter {
    /// Writes a new collection `name` with one `environment` into `collectionsDirectory/<slug>`, laid out as an import
    /// lays it out: `collection.yaml` (the environment and its base URL are in it, where the loader reads
    /// environments) and the `.gitignore` keeping secrets and editor copies out of git. Anything already at that path
    /// is refused and left as it is.
    public static func create(name: String, environment: EnvironmentSpec,
                              in collectionsDirectory: String) throws(CollectionWriteError) -> CollectionSpec {
        let root = FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "collection"))
        return try write(ImportResult(collection: CollectionSpec(root: root, environments: [environment])),
                         into: collectionsDirectory, force: false).collection
    }

    /// Writes the bundled Demo collection (`BundledDemo`) into `collectionsDirectory/Demo`, all at once; an existing
    /// `Demo` is refused and left as it is. Returns the directory written.
    public static func addBundledDemo(in collectionsDirectory: String) throws(CollectionWriteError) -> String {
        let destination = PathText.appending(collectionsDirectory, BundledDemo.slug)
        guard !FileManager.default.fileExists(atPath: destination) else { throw .exists(path: destination) }
        let files = BundledDemo.files + [(path: ".gitignore", text: gitignore)]
        try install(files.map { (path: $0.path, data: Data($0.text.utf8)) }, at: destination, replacing: false)
        return destination
    }
}
