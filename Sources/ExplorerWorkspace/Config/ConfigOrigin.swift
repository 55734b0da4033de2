/// Where an effective setting came from, as `apiexplorer config` prints it.
public enum ConfigOrigin: Sendable, Equatable, CustomStringConvertible {
    /// Nothing set it: the built-in default.
    case byDefault
    /// The config file, at this line.
    case file(line: Int)
    /// An environment variable, by name.
    case environment(String)
    /// A command-line flag, as typed (`--no-mouse`).
    case flag(String)

    /// `default`, `file:12`, `env APIEXPLORER_MOUSE` or `flag --no-mouse`.
    public var description: String {
        switch self {
        case .byDefault: return "default"
        case let .file(line): return "file:\(line)"
        case let .environment(name): return "env \(name)"
        case let .flag(name): return "flag \(name)"
        }
    }
}
