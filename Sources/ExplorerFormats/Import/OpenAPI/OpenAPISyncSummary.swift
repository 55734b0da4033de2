/// What `import openapi --update` did: every list names request files relative to the collection.
public struct OpenAPISyncSummary: Sendable, Equatable {
    /// Requests written for operations new in the spec.
    public var added: [String] = []
    /// Requests rewritten because the spec changed them and the user had not edited them.
    public var updated: [String] = []
    /// Requests the user edited, left alone, with what the spec changed in them.
    public var edited: [OpenAPISyncEdit] = []
    /// Requests whose operation the spec no longer has, kept, with their operation (`GET /pets`).
    public var removed: [(file: String, operation: String)] = []
    /// Requests the user deleted since the import, not written again.
    public var deletedByUser: [String] = []
    /// Requests the spec left as they were.
    public var unchanged = 0

    /// Creates an empty summary.
    public init() {}

    /// Equal when every list and count is.
    public static func == (lhs: OpenAPISyncSummary, rhs: OpenAPISyncSummary) -> Bool {
        lhs.added == rhs.added && lhs.updated == rhs.updated && lhs.edited == rhs.edited && lhs.removed.map { $0.file } == rhs.removed.map { $0.file }
            && lhs.removed.map { $0.operation } == rhs.removed.map { $0.operation } && lhs.deletedByUser == rhs.deletedByUser && lhs.unchanged == rhs.unchanged
    }

    /// The summary for people, one line per request that changed or needs a look.
    public var lines: [String] {
        var out = ["\(added.count) added, \(updated.count) updated, \(edited.count) edited and left alone, \(removed.count) removed from the spec, \(unchanged) unchanged"]
        out += added.map { "  added    \($0)" }
        out += updated.map { "  updated  \($0)" }
        out += edited.map { "  edited   \($0.file): left as you edited it; the spec \($0.changes.joined(separator: ", "))" }
        out += removed.map { "  removed  \($0.file): \($0.operation) is no longer in the spec; the request is kept" }
        out += deletedByUser.map { "  deleted  \($0): deleted since the import; not written again" }
        return out
    }

    /// For each edited request, the spec's version beside the user's, as a unified diff (`--update --diff`).
    public var diffLines: [String] {
        edited.flatMap { [""] + $0.diffLines }
    }
}
