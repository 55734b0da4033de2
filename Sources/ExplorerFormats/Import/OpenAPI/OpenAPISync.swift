import ExplorerCore
import ExplorerWorkspace
import Foundation

/// `import openapi --update`: brings a newer spec into a collection imported from an older one. New operations are
/// added; requests the user has not edited since the import are rewritten; edited ones are left alone and listed with
/// what the spec changed; operations the spec dropped are listed, and their requests never deleted.
public enum OpenAPISync {
    /// Updates the collection in `directory` from `result` (the newer spec, imported).
    public static func update(_ result: ImportResult, collection directory: String) throws(OpenAPISyncError) -> OpenAPISyncSummary {
        let manager = FileManager.default
        guard CollectionLoader.manifest(in: directory) != nil else { throw .noCollection(path: directory) }
        let old: OpenAPISyncState
        do {
            guard let read = try OpenAPISyncState.read(collection: directory) else {
                throw OpenAPISyncError.noState(path: directory, reason: "has no \(OpenAPISyncState.fileName)")
            }
            old = read
        } catch let error as OpenAPISyncError {
            throw error
        } catch {
            throw .noState(path: PathText.appending(directory, OpenAPISyncState.fileName), reason: "does not read (\(error))")
        }
        var collection = result.collection
        collection.root.slug = PathText.lastComponent(directory)
        let planned = CollectionWriter.plan(collection, in: PathText.deletingLastComponent(directory))
        var state = old
        var summary = OpenAPISyncSummary()
        var seen: Set<String> = []
        let keys = Set(planned.allRequests.map { OpenAPISyncState.key($0.request) })
        for located in planned.allRequests {
            let key = OpenAPISyncState.key(located.request)
            seen.insert(key)
            let operationId = result.operationIds[key]
            var parts = OpenAPISyncState.parts(located.request)
            // An operation whose method or path changed is known by its operationId, when it keeps one.
            let moved = old.operations[key] == nil
                ? old.operations.first { $0.value.operationId != nil && $0.value.operationId == operationId && !keys.contains($0.key) } : nil
            guard let entry = old.operations[key] ?? moved?.value else {
                let folder = located.folders.last ?? planned.root
                let written = try add(located.request, to: folder, root: planned.root)
                let text = (try? CollectionYAML.request(written)) ?? ""
                let file = OpenAPISyncState.relative(written.file, in: directory)
                state.operations[key] = OpenAPISyncEntry(file: file, written: OpenAPISyncState.fingerprint(text), parts: parts, spec: text,
                                                         operationId: operationId)
                summary.added.append(file)
                continue
            }
            if let moved {
                seen.insert(moved.key)
                // The key holds the method and the URL, which the parts leave out.
                parts["operation"] = OpenAPISyncState.fingerprint(key)
            }
            state.operations[key]?.operationId = operationId
            let path = PathText.appending(directory, entry.file)
            guard let data = manager.contents(atPath: path) else {
                summary.deletedByUser.append(entry.file)
                continue
            }
            let changes = parts.keys.sorted().filter { entry.parts[$0] != parts[$0] }
            let yours = String(decoding: data, as: UTF8.self)
            let isEdited = OpenAPISyncState.fingerprint(yours) != entry.written
            guard !changes.isEmpty else {
                if !isEdited { summary.unchanged += 1 }
                continue
            }
            var request = located.request
            request.file = path
            let text: String
            do { text = try CollectionYAML.request(request) } catch { throw .failed(path: path, reason: "could not build YAML: \(error)") }
            guard !isEdited else {
                summary.edited.append(OpenAPISyncEdit(file: entry.file, changes: named(changes, since: entry, to: request), specText: text, yourText: yours))
                continue
            }
            do { try AtomicFileWriter.write(Data(text.utf8), to: path) } catch { throw .failed(path: path, reason: "\(error)") }
            parts["operation"] = nil
            // A moved operation's entry goes under its new key only once its file is the spec's again; an edited one
            // stays under the old key, so the next update names the move again.
            if let moved { state.operations[moved.key] = nil }
            state.operations[key] = OpenAPISyncEntry(file: entry.file, written: OpenAPISyncState.fingerprint(text), parts: parts, spec: text,
                                                     operationId: operationId)
            summary.updated.append(entry.file)
        }
        for (key, entry) in old.operations.sorted(by: { $0.value.file < $1.value.file }) where !seen.contains(key) {
            summary.removed.append((entry.file, key))
        }
        do { try state.write(collection: directory) } catch {
            throw .failed(path: PathText.appending(directory, OpenAPISyncState.fileName), reason: "\(error)")
        }
        return summary
    }

    /// The spec's changes to a request, named from its version at the import (`added query parameter dryRun`); a
    /// state without that version names only the parts (`changed query`).
    private static func named(_ parts: [String], since entry: OpenAPISyncEntry, to request: RequestSpec) -> [String] {
        let slug = PathText.deletingExtension(PathText.lastComponent(request.file))
        if let text = entry.spec, let old = CollectionLoader(environment: [:]).parseRequest(text, file: request.file, slug: slug).request {
            let named = OpenAPIRequestChanges.describe(from: old, to: request)
            if !named.isEmpty { return named }
        }
        return parts.map { "changed \($0)" }
    }

    /// Writes a new operation's request into its folder, creating the folder (with its `folder.yaml`) when it is new.
    private static func add(_ request: RequestSpec, to folder: FolderSpec, root: FolderSpec) throws(OpenAPISyncError) -> RequestSpec {
        if folder.directory != root.directory, !FileManager.default.fileExists(atPath: folder.directory) {
            let file = PathText.appending(folder.directory, "folder.yaml")
            do {
                try FileManager.default.createDirectory(atPath: folder.directory, withIntermediateDirectories: true)
                var bare = folder
                bare.order = []
                try AtomicFileWriter.write(Data(try CollectionYAML.folder(bare).utf8), to: file)
            } catch {
                throw .failed(path: file, reason: "\(error)")
            }
        }
        var target = folder
        target.folders = []
        target.requests = []
        do { return try CollectionWriter.add(request, to: target) } catch { throw .failed(path: folder.directory, reason: error.description) }
    }
}
