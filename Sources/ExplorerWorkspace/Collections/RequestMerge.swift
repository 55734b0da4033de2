import ExplorerCore

/// Three-way merge of a request edited in the explorer with its file changed outside since it was loaded.
public enum RequestMerge {
    /// `ours` (the unsaved edit) merged with `theirs` (the file now), both changed from `base` (the file as loaded).
    /// A key only one side changed takes that side's value; when both changed a key, ours wins, except for header and
    /// query lists, which merge entry by entry: entries added outside join ours, entries removed outside leave it.
    public static func merge(ours: RequestSpec, base: RequestSpec, theirs: RequestSpec) -> RequestSpec {
        var merged = ours
        func pick<Value: Equatable>(_ key: WritableKeyPath<RequestSpec, Value>) {
            if ours[keyPath: key] == base[keyPath: key] { merged[keyPath: key] = theirs[keyPath: key] }
        }
        pick(\.name)
        pick(\.method)
        pick(\.url)
        pick(\.description)
        pick(\.body)
        pick(\.auth)
        pick(\.variables)
        pick(\.timeout)
        pick(\.followRedirects)
        pick(\.verifyTLS)
        pick(\.omittedHeaders)
        pick(\.stream)
        pick(\.streamIdleTimeout)
        pick(\.protocols)
        pick(\.messages)
        pick(\.wait)
        pick(\.expectedMessages)
        pick(\.scripts)
        pick(\.examples)
        merged.headers = mergeList(ours: ours.headers, base: base.headers, theirs: theirs.headers)
        merged.query = mergeList(ours: ours.query, base: base.query, theirs: theirs.query)
        merged.file = theirs.file
        merged.slug = theirs.slug
        return merged
    }

    private static func mergeList(ours: [KeyValue], base: [KeyValue], theirs: [KeyValue]) -> [KeyValue] {
        if ours == base { return theirs }
        guard theirs != base else { return ours }
        let added = theirs.filter { !base.contains($0) && !ours.contains($0) }
        let removed = base.filter { !theirs.contains($0) }
        return ours.filter { !removed.contains($0) } + added
    }
}
