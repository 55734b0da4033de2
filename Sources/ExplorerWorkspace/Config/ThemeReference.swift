/// The theme a setting names (`theme`, `--theme`, `APIEXPLORER_THEME`): a built-in or custom theme by name, or a
/// theme file by its path.
public enum ThemeReference: Sendable, Equatable, CustomStringConvertible {
    /// A theme by name: built in (`dark`, `light`, …) or a file in the themes directory beside the config file.
    case named(String)
    /// A theme file by its path.
    case file(String)

    /// A path when the text has a `/` in it, else a name.
    public init(_ text: String) {
        self = text.contains("/") ? .file(text) : .named(text)
    }

    /// The name or the path, as written.
    public var description: String {
        switch self {
        case let .named(name): name
        case let .file(path): path
        }
    }
}
