import ExplorerWorkspace

/// One structural difference between two JSON documents, at a path such as `$.users[2].name`.
public enum JSONDifference: Sendable, Equatable {
    /// The value at `path` differs (including a change of type).
    case changed(path: String, from: JSONValue, to: JSONValue)
    /// `path` exists only in the second document.
    case added(path: String, value: JSONValue)
    /// `path` exists only in the first document.
    case removed(path: String, value: JSONValue)
    /// The array at `path` has a different number of elements.
    case lengthChanged(path: String, from: Int, to: Int)

    /// Where the difference is.
    public var path: String {
        switch self {
        case let .changed(path, _, _), let .added(path, _), let .removed(path, _), let .lengthChanged(path, _, _): return path
        }
    }
}
