/// One value read from the config file, with where it is written (for `file:LINE` origins and warnings).
public struct ConfigSetting<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The value, already validated.
    public var value: Value
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a setting.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
