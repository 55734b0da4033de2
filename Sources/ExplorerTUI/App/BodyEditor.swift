import ExplorerCore

/// The Body tab's editor while it has the cursor: the text, and for JSON whether it parses and where it does not.
public struct BodyEditor: Sendable, Equatable {
    /// The text being edited.
    public var area: TextArea
    /// Where the JSON does not parse, when the body is JSON and invalid; `{{variables}}` count as values.
    public var jsonError: JSONSyntaxError?
}
