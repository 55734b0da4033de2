/// One `pm.test`: its name, whether it passed, and why not.
public struct ScriptTest: Sendable, Equatable {
    /// The name given to `pm.test`.
    public var name: String
    /// True when its function returned without throwing.
    public var passed: Bool
    /// The assertion's message when it failed (or `skipped`).
    public var message: String?

    /// A test result.
    public init(name: String, passed: Bool, message: String? = nil) {
        self.name = name
        self.passed = passed
        self.message = message
    }
}
