extension CollectionSpec {
    /// A request with the folders above it.
    public struct Located: Sendable, Equatable {
        /// The folders from the top of the collection down to the request.
        public var folders: [FolderSpec]
        /// The request.
        public var request: RequestSpec
    }

    /// Every request in tree order.
    public var allRequests: [Located] {
        func walk(_ folder: FolderSpec, _ path: [FolderSpec]) -> [Located] {
            folder.folders.flatMap { walk($0, path + [$0]) } + folder.requests.map { Located(folders: path, request: $0) }
        }
        return walk(root, [])
    }

    /// The request at `folder/.../request` below this collection (slugs, or names, case-insensitively).
    public func locate(_ path: [String]) -> Located? {
        func matches(_ slug: String, _ name: String, _ wanted: String) -> Bool {
            slug.caseInsensitiveCompare(wanted) == .orderedSame || name.caseInsensitiveCompare(wanted) == .orderedSame
        }
        return allRequests.first { located in
            located.folders.count == path.count - 1
                && zip(located.folders, path).allSatisfy { matches($0.slug, $0.name, $1) }
                && path.last.map { matches(located.request.slug, located.request.name, $0) } == true
        }
    }

    /// `collection/folder/request` for a located request.
    public func reference(of located: Located) -> String {
        ([slug] + located.folders.map(\.slug) + [located.request.slug]).joined(separator: "/")
    }
}
