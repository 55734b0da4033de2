import ExplorerCore
import ExplorerWorkspace

/// The Body tab's editor while it has the cursor (or the Scripts tab's): the text, and for JSON or a script whether it
/// parses and where it does not.
public struct BodyEditor: Sendable, Equatable {
    /// The text being edited.
    public var area: TextArea
    /// Where the JSON does not parse, when the body is JSON and invalid; `{{variables}}` count as values.
    public var jsonError: JSONSyntaxError?
    /// The id of the check of a large body running off the UI, whose result is not in yet.
    public var pendingCheck: Int?
    /// True when the text changed while a check was running: another starts when it reports.
    public var needsCheck = false
    /// True while it edits a GraphQL body's variables rather than the body's text (its query).
    public var editsVariables = false
    /// The names in the GraphQL query being edited that its schema does not have.
    public var marks: [GraphQLQueryMark] = []
    /// The names Tab offered last, shown under the query until the next key.
    public var offered: GraphQLCompletion?
    /// The phase of the script being edited, when it edits a script rather than the body.
    public var script: ScriptPhase?
    /// What the last syntax check of the script found; nil until one reports.
    public var scriptVerdict: ScriptSyntaxVerdict?

    /// Starts editing `area`, its JSON error (if any) already known.
    public init(area: TextArea, jsonError: JSONSyntaxError? = nil) {
        self.area = area
        self.jsonError = jsonError
    }

    /// The id of a new check of the text off the UI (`newID` makes it), or nil when one is running: the text is then
    /// checked again when that one reports.
    public mutating func beginCheck(newID: () -> Int) -> Int? {
        guard pendingCheck == nil else {
            needsCheck = true
            return nil
        }
        let id = newID()
        pendingCheck = id
        return id
    }

    /// Takes the report of check `id`: nil when it is not the check awaited, else whether the text changed meanwhile
    /// (and needs another).
    public mutating func endCheck(_ id: Int) -> Bool? {
        guard pendingCheck == id else { return nil }
        pendingCheck = nil
        defer { needsCheck = false }
        return needsCheck
    }

    /// Bodies up to this size are checked as each key is typed; larger ones off the UI, so typing stays immediate.
    public static let inlineCheckLimit = 128 * 1024
}
