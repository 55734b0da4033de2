import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerCore
import ExplorerWorkspace

/// Writes an imported collection in the on-disk layout `CollectionLoader` reads, all at once or not at all: the files
/// go into a temporary directory beside the destination, which is renamed into place only when everything is written.
public enum CollectionWriter {
    /// The collection laid out as it will be on disk below `collectionsDirectory`: slugs made unique per folder,
    /// folders and requests in the source's order (kept with an `order` list), and every directory and file path filled in.
    public static func plan(_ collection: CollectionSpec, in collectionsDirectory: String) -> CollectionSpec {
        var planned = collection
        // Slugs are re-made so that no name, however it was built, can leave the collections directory.
        planned.root.slug = ImportSlug.make(collection.root.slug, fallback: "imported")
        let directory = PathText.appending(collectionsDirectory, planned.root.slug)
        planned.root = plan(planned.root, directory: directory)
        return planned
    }

    private static func plan(_ folder: FolderSpec, directory: String) -> FolderSpec {
        var copy = folder
        copy.directory = directory
        // Folders and requests share one name space so that `folder/name` references stay unambiguous.
        var taken: Set<String> = ["_files"]
        copy.folders = folder.folders.map { sub in
            var child = sub
            child.slug = ImportSlug.unique(ImportSlug.make(sub.slug, fallback: "folder"), in: &taken)
            return plan(child, directory: PathText.appending(directory, child.slug))
        }
        copy.requests = folder.requests.map { request in
            var item = request
            item.slug = ImportSlug.unique(ImportSlug.make(request.slug), in: &taken)
            item.file = PathText.appending(directory, item.slug + ".yaml")
            return item
        }
        // The source's order is kept with an `order` list, written only when it differs from the name order.
        let slugs = copy.folders.map(\.slug) + copy.requests.map(\.slug)
        let byName = copy.folders.map(\.slug).sorted() + copy.requests.map(\.slug).sorted { $0 + ".yaml" < $1 + ".yaml" }
        copy.order = slugs == byName ? [] : slugs
        copy.applyOrder()
        return copy
    }

    /// What an imported collection keeps out of git: its secret values, and the copies `E` in the explorer edits
    /// (`.NAME.yaml.edit`, left while an edit does not load).
    static let gitignore = "# Secret values stay out of git.\n*.local.yaml\n*.local.yml\n# Copies of request files open in an editor.\n*.edit\n"

    /// The files of a planned collection: paths relative to its directory, and their text.
    static func files(of planned: CollectionSpec) throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = [("collection.yaml", try CollectionYAML.collection(planned))]
        if let secrets = try CollectionYAML.secrets(planned) {
            files.append((CollectionLoader.secretsFileName, secrets))
        }
        // Every collection can get editor copies (E in the explorer), not only those with secrets.
        files.append((".gitignore", gitignore))
        func walk(_ folder: FolderSpec, prefix: String) throws {
            for request in folder.requests {
                files.append((prefix + request.slug + ".yaml", try CollectionYAML.request(request)))
            }
            for sub in folder.folders {
                files.append((prefix + sub.slug + "/folder.yaml", try CollectionYAML.folder(sub)))
                try walk(sub, prefix: prefix + sub.slug + "/")
            }
        }
        try walk(planned.root, prefix: "")
        return files
    }

    /// Writes `result` as the collection `collectionsDirectory/<slug>`. An existing collection there is refused unless
    /// `force`, and then replaced whole (keeping its `secrets.local.yaml` when the import brings none). Attachments are
    /// read relative to `sourceDirectory`.
    public static func write(_ result: ImportResult, into collectionsDirectory: String, force: Bool,
                             sourceDirectory: String? = nil) throws(CollectionWriteError) -> CollectionWriteSummary {
        let manager = FileManager.default
        let planned = plan(ImportedSecrets.placed(result.collection), in: collectionsDirectory)
        let destination = planned.directory
        let exists = manager.fileExists(atPath: destination) || (try? manager.destinationOfSymbolicLink(atPath: destination)) != nil
        if exists, !force { throw .exists(path: destination) }
        let files: [(path: String, text: String)]
        do { files = try CollectionWriter.files(of: planned) } catch { throw .failed(path: destination, reason: "could not build YAML: \(error)") }
        var entries = files.map { (path: $0.path, data: Data($0.text.utf8)) }
        var problems: [ImportReportItem] = []
        var keptSecrets = false
        let oldSecrets = PathText.appending(destination, CollectionLoader.secretsFileName)
        if exists, !entries.contains(where: { $0.path == CollectionLoader.secretsFileName }), let data = manager.contents(atPath: oldSecrets) {
            entries.append((CollectionLoader.secretsFileName, data))
            keptSecrets = true
        }
        for attachment in result.attachments {
            let source = attachment.sourcePath.hasPrefix("/") ? attachment.sourcePath
                : PathText.appending(sourceDirectory ?? manager.currentDirectoryPath, attachment.sourcePath)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue, let data = manager.contents(atPath: source) else {
                problems.append(ImportReportItem(path: attachment.sourcePath,
                                                 message: "could not be read, so \(attachment.destination) is missing; copy the file there before sending"))
                continue
            }
            entries.append((attachment.destination, data))
        }
        try install(entries, at: destination, replacing: exists)
        return CollectionWriteSummary(collection: planned, directory: destination, files: entries.map(\.path), replacedExisting: exists,
                                      keptOldSecrets: keptSecrets, problems: problems)
    }

    /// Writes `request` as a new file in `folder`'s directory under a slug no file there uses yet, and returns it as written.
    public static func add(_ request: RequestSpec, to folder: FolderSpec) throws(CollectionWriteError) -> RequestSpec {
        let manager = FileManager.default
        var taken = CollectionFiles.taken(in: folder.directory)
        taken.formUnion(folder.folders.map { $0.slug.lowercased() })
        taken.formUnion(folder.requests.map { $0.slug.lowercased() })
        var item = request
        item.slug = ImportSlug.unique(ImportSlug.make(request.slug), in: &taken)
        item.file = PathText.appending(folder.directory, item.slug + ".yaml")
        let text: String
        do { text = try CollectionYAML.request(item) } catch { throw .failed(path: item.file, reason: "could not build YAML: \(error)") }
        guard !manager.fileExists(atPath: item.file) else { throw .exists(path: item.file) }
        do { try AtomicFileWriter.write(Data(text.utf8), to: item.file) } catch { throw .failed(path: item.file, reason: "\(error)") }
        return item
    }

    /// Writes `entries` (paths relative to `destination`) into a temporary directory beside `destination` and renames it
    /// into place; on any failure the temporary directory is removed and `destination` is as it was.
    static func install(_ entries: [(path: String, data: Data)], at destination: String, replacing: Bool) throws(CollectionWriteError) {
        let manager = FileManager.default
        let parent = PathText.deletingLastComponent(destination)
        do {
            try manager.createDirectory(atPath: parent.isEmpty ? "." : parent, withIntermediateDirectories: true)
        } catch {
            throw .failed(path: parent, reason: error.localizedDescription)
        }
        let suffix = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let name = PathText.lastComponent(destination)
        // A dot name: the loader skips it, so a half-written import is never read as a collection.
        let temporary = PathText.appending(parent, ".\(name).import-\(suffix)")
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            for entry in entries {
                try writeFile(entry.data, at: PathText.appending(temporary, entry.path))
            }
            try moveIntoPlace(temporary, destination: destination, replacing: replacing, suffix: suffix)
        } catch let error as CollectionWriteError {
            try? manager.removeItem(atPath: temporary)
            throw error
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw .failed(path: destination, reason: error.localizedDescription)
        }
    }

    /// Creates the file in the temporary directory (no sync: the directory is renamed into place whole).
    private static func writeFile(_ data: Data, at path: String) throws {
        try FileManager.default.createDirectory(atPath: PathText.deletingLastComponent(path), withIntermediateDirectories: true)
        do { try AtomicFileWriter.createNew(data, at: path, synced: false) } catch {
            if case let .writeFailed(_, reason) = error { throw CollectionWriteError.failed(path: path, reason: reason) }
            throw CollectionWriteError.failed(path: path, reason: error.description)
        }
    }

    /// Renames the finished directory over the destination; an old collection is moved aside first and put back if
    /// the rename fails, then deleted.
    private static func moveIntoPlace(_ temporary: String, destination: String, replacing: Bool, suffix: String) throws(CollectionWriteError) {
        guard replacing else {
            guard rename(temporary, destination) == 0 else { throw .failed(path: destination, reason: String(cString: strerror(errno))) }
            return
        }
        let parent = PathText.deletingLastComponent(destination)
        let aside = PathText.appending(parent, ".\(PathText.lastComponent(destination)).replaced-\(suffix)")
        guard rename(destination, aside) == 0 else { throw .failed(path: destination, reason: String(cString: strerror(errno))) }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            rename(aside, destination)
            throw .failed(path: destination, reason: reason)
        }
        try? FileManager.default.removeItem(atPath: aside)
    }
}
