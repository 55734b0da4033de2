/// When a script runs.
public enum ScriptEvent: String, Sendable, Equatable, CaseIterable {
    /// Before the request is resolved and sent; it may change the request and the variables it resolves with.
    case before
    /// After the response arrived; its `pm.test`s are checks.
    case after

    /// Postman's name for the event (`pm.info.eventName`).
    var postmanName: String { self == .before ? "prerequest" : "test" }
}
