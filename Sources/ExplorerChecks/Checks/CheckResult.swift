import ExplorerWorkspace

/// The outcome of one check against one response.
public struct CheckResult: Sendable, Equatable {
    /// The check.
    public var check: CheckSpec
    /// Whether it passed.
    public var passed: Bool
    /// The value found (`404`, `"Ada"`, `none`), shown beside the check.
    public var actual: String
    /// Why it failed, when it did.
    public var reason: String?

    /// Creates a result.
    public init(check: CheckSpec, passed: Bool, actual: String, reason: String? = nil) {
        self.check = check
        self.passed = passed
        self.actual = actual
        self.reason = reason
    }
}
