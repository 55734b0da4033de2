import ExplorerWorkspace

extension CollectionSpec {
    /// The requests a `run` reference below this collection selects, in tree order: every request for an empty path,
    /// those below a folder for a folder's path, one request for a request's path; nil when nothing matches.
    public func requests(selectedBy path: [String]) -> [Located]? {
        if path.isEmpty { return allRequests }
        if let request = locate(path) { return [request] }
        func matches(_ folder: FolderSpec, _ wanted: String) -> Bool {
            folder.slug.caseInsensitiveCompare(wanted) == .orderedSame || folder.name.caseInsensitiveCompare(wanted) == .orderedSame
        }
        let below = allRequests.filter { located in
            located.folders.count >= path.count && zip(located.folders, path).allSatisfy { matches($0, $1) }
        }
        return below.isEmpty ? nil : below
    }
}
