import ExplorerCore
import ExplorerWorkspace

/// What the tree shows, as the shell holds it: the collections, the problems found loading them, the methods of
/// requests edited but not saved, and which requests have unsaved edits.
public struct TreeSource: Sendable {
    /// The collections as loaded.
    public var collections: [CollectionSpec]
    /// Problems found while loading.
    public var problems: [CollectionProblem]
    /// The method of each request with unsaved edits, by key, shown in place of the saved one.
    public var editedMethods: [RequestKey: String]
    /// Keys of requests with unsaved edits (marked ●).
    public var modified: Set<RequestKey>

    /// Creates a source.
    public init(collections: [CollectionSpec], problems: [CollectionProblem], editedMethods: [RequestKey: String] = [:],
                modified: Set<RequestKey> = []) {
        self.collections = collections
        self.problems = problems
        self.editedMethods = editedMethods
        self.modified = modified
    }

    /// The request `key` (`collection/folder/request`) as loaded or saved, with its collection, or nil.
    public func locate(key: RequestKey) -> (collection: CollectionSpec, located: CollectionSpec.Located)? {
        let parsed = key
        guard let collection = collections.first(where: { $0.slug == parsed.collection }),
              let located = collection.locate(parsed.path) else { return nil }
        return (collection, located)
    }

    /// The rows of the tree as shown, with `tree`'s expansion and filter applied.
    public func rows(for tree: TreePane) -> [TreeRow] {
        let needle = tree.filter.lowercased()
        // While filtering everything is open, and folders without a matching request are left out.
        func isOpen(_ key: RequestKey) -> Bool { !needle.isEmpty || tree.expanded.contains(key) }
        func children(of folder: FolderSpec, in collection: CollectionSpec, index: Int, path: [String], depth: Int) -> [TreeRow] {
            var rows: [TreeRow] = []
            for sub in folder.folders {
                let subPath = path + [sub.slug]
                let key = RequestKey(collection: collection.slug, path: subPath)
                // A closed folder's requests are not walked: with 10,000 requests that walk was most of every frame.
                // Only a filter needs them, to leave out folders without a match.
                let inner = isOpen(key) || !needle.isEmpty ? children(of: sub, in: collection, index: index, path: subPath, depth: depth + 1) : []
                guard needle.isEmpty || !inner.isEmpty else { continue }
                rows.append(TreeRow(kind: .folder(subPath), collectionIndex: index, depth: depth, title: sub.name, method: nil, key: key))
                if isOpen(key) { rows += inner }
            }
            for request in folder.requests {
                let key = RequestKey(collection: collection.slug, path: path + [request.slug])
                guard needle.isEmpty || request.name.lowercased().contains(needle) || key.description.lowercased().contains(needle) else { continue }
                rows.append(TreeRow(kind: .request(path + [request.slug]), collectionIndex: index, depth: depth, title: request.name,
                                    method: editedMethods[key] ?? request.method, key: key))
            }
            return rows
        }
        var rows: [TreeRow] = []
        for (index, collection) in collections.enumerated() {
            let inner = isOpen(RequestKey(collection.slug)) ? children(of: collection.root, in: collection, index: index, path: [], depth: 1) : []
            guard needle.isEmpty || !inner.isEmpty else { continue }
            rows.append(TreeRow(kind: .collection, collectionIndex: index, depth: 0, title: collection.name, method: nil, key: RequestKey(collection.slug)))
            if isOpen(RequestKey(collection.slug)) { rows += inner + (needle.isEmpty ? problemRows(in: index) : []) }
        }
        return rows + (needle.isEmpty ? problemRows(in: nil) : [])
    }
}
