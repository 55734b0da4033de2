import ExplorerCore
import ExplorerWorkspace

/// What the status line says after an environment change was written.
enum EnvironmentChangeText {
    /// A sentence for a change that worked.
    static func done(_ change: EnvironmentChange) -> String {
        switch change {
        case let .add(name, _): return "Added the environment \(name) to collection.yaml."
        case let .rename(environment, name): return "Renamed the environment \(environment) to \(name)."
        case let .delete(environment): return "Deleted the environment \(environment) from collection.yaml (its secrets stay in secrets.local.yaml)."
        case let .setField(environment, key, value):
            return value.map { "Set \(key) of \(environment) to \(TerminalSafeText.sanitize($0))." } ?? "Removed \(key) from \(environment)."
        case let .setVariable(environment, _, variable) where variable.secret:
            return "Saved {{\(variable.name)}} of \(environment); its value is in secrets.local.yaml, not collection.yaml."
        case let .setVariable(environment, _, variable): return "Saved {{\(variable.name)}} of \(environment)."
        case let .deleteVariable(environment, name): return "Deleted {{\(name)}} from \(environment)."
        }
    }
}
