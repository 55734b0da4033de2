import Foundation

/// Where apiexplorer keeps what it learns between runs (history, cookies, OAuth tokens, trusted collections, the
/// layout, GraphQL schemas): `$APIEXPLORER_STATE_DIR`, else `$XDG_STATE_HOME/apiexplorer`, else
/// `~/.local/state/apiexplorer`. Every store finds it here, so they cannot disagree.
public struct StateDirectory: Sendable, Equatable {
    /// The directory's path.
    public var path: String

    /// The directory at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The state directory `environment` names.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func set(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let explicit = set("APIEXPLORER_STATE_DIR") {
            path = explicit
        } else {
            path = (set("XDG_STATE_HOME") ?? ((set("HOME") ?? NSHomeDirectory()) + "/.local/state")) + "/apiexplorer"
        }
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String {
        path + "/" + name
    }
}
