import ExplorerWorkspace

extension ScriptPhase {
    /// Postman's name for the event (`pm.info.eventName`).
    var postmanName: String { self == .before ? "prerequest" : "test" }
}
