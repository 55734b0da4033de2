/// What a `json:` check asserts about the values its path selects.
public enum JSONPathAssertion: Sendable, Equatable {
    /// The first selected value equals this (`equals: 1`; numbers compare by value).
    case equals(JSONValue)
    /// The first selected value, a string, contains this text; an array contains an equal item; an object has this key.
    case contains(JSONValue)
    /// The first selected value, as text (a string without its quotes), matches this regular expression.
    case matches(String)
    /// The path selects something (`exists: true`) or nothing (`exists: false`).
    case exists(Bool)
    /// The first selected value is of this JSON type: string, number, integer, boolean, array, object or null.
    case type(String)
    /// The path selects this many values, or selects one array of this many items.
    case count(Int)
}
