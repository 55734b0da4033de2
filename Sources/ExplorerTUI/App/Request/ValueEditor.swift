import ExplorerWorkspace

/// An in-progress edit of one value of the Auth or Options tab, a Checks line, or a body or script file path.
public struct ValueEditor: Sendable, Equatable {
    /// What the value is.
    public enum Target: Sendable, Equatable {
        /// Auth field `index` of the current credentials (username, password, token, key name, key value).
        case authField(Int)
        /// The timeout in seconds (empty for the default).
        case timeout
        /// The path of a file body.
        case bodyFile
        /// A line of the Checks tab: the row at this index, or a new one (nil).
        case checkRow(Int?)
        /// The path of the `file:` script run at this phase.
        case scriptFile(ScriptPhase)
    }

    /// What is edited.
    public var target: Target
    /// The label shown before the field.
    public var label: String
    /// The text.
    public var field: TextField
    /// True for a secret (a password, a token, an API key): shown masked while typed.
    public var isSecret: Bool
    /// True when the secret goes to the collection's `secrets.local.yaml` (Tab toggles) and the request file gets a
    /// `{{variable}}` in its place.
    public var keepsInSecretsFile = false
}
