/// What a request's scripts did: their tests, console lines, variables set or unset, the request as they left it,
/// and the failure that stopped them, if one did.
public struct ScriptResult: Sendable, Equatable {
    /// Every `pm.test`, in order.
    public var tests: [ScriptTest] = []
    /// Every console line, secrets masked.
    public var console: [ScriptConsoleLine] = []
    /// `pm.environment.set` (a value) and `unset` (nil), by name.
    public var environment: [String: String?] = [:]
    /// `pm.variables.set` and `unset`.
    public var variables: [String: String?] = [:]
    /// `pm.collectionVariables.set` and `unset`.
    public var collectionVariables: [String: String?] = [:]
    /// The request after the scripts (`before` may change it).
    public var request: ScriptRequest
    /// Why the scripts stopped before their end; nil when they all ran.
    public var failure: ScriptFailure?

    /// The result of scripts that changed nothing of `request`.
    public init(request: ScriptRequest) {
        self.request = request
    }
}
