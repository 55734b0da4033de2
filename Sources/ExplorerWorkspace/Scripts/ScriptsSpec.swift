/// The `scripts:` of a request, folder or collection: JavaScript run before the request is resolved and sent, and
/// after its response arrives.
public struct ScriptsSpec: Sendable, Equatable {
    /// `before:`, run outer to inner (collection, folders, request) before resolving; it may change the request.
    public var before: ScriptText?
    /// `after:`, run inner to outer (request, folders, collection) once the response arrived.
    public var after: ScriptText?

    /// Scripts; none by default.
    public init(before: ScriptText? = nil, after: ScriptText? = nil) {
        self.before = before
        self.after = after
    }

    /// True when there is neither script.
    public var isEmpty: Bool { before == nil && after == nil }

    /// The script run at `phase`: `before` or `after`.
    public subscript(phase: ScriptPhase) -> ScriptText? {
        get { phase == .before ? before : after }
        set { if phase == .before { before = newValue } else { after = newValue } }
    }
}
