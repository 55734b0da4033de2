import ExplorerWorkspace

/// How the server was started: where the collections are, whether protected environments may be used, and how much
/// of a body a result carries.
public struct MCPSettings: Sendable {
    /// The collections directory, read anew for every call so edits made while the server runs are seen.
    public var collectionsDirectory: String
    /// `--allow-protected`: requests may be sent in environments marked `protected: true`.
    public var allowsProtected: Bool
    /// The config file, for the environment it chooses per collection when a call names none.
    public var config: ConfigFile?
    /// The most bytes of a response body a result carries; the rest is left out with a note.
    public var bodyLimit: Int

    /// The bytes of a body a result carries by default: enough for most JSON answers, small enough for a context window.
    public static let defaultBodyLimit = 64 * 1024

    /// Settings for a server on `collectionsDirectory`.
    public init(collectionsDirectory: String, allowsProtected: Bool = false, config: ConfigFile? = nil,
                bodyLimit: Int = MCPSettings.defaultBodyLimit) {
        self.collectionsDirectory = collectionsDirectory
        self.allowsProtected = allowsProtected
        self.config = config
        self.bodyLimit = bodyLimit
    }
}
