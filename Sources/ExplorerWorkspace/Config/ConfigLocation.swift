import ExplorerCore
import Foundation

/// Which config file to read: `--config FILE`, else `$APIEXPLORER_CONFIG`, else the default path.
public struct ConfigLocation: Sendable, Equatable {
    /// The file's path.
    public var path: String

    /// Where custom themes are kept: `themes/` beside the config file, found by name from its `theme:`.
    public var themesDirectory: String { Self.themesDirectory(beside: path) }

    /// `themes/` beside the config file at `path`.
    public static func themesDirectory(beside path: String) -> String { PathText.deletingLastComponent(path) + "/themes" }
    /// True when the user named the file (flag or variable): then it must exist.
    public var isExplicit: Bool
    /// Where the path came from.
    public var origin: ConfigOrigin

    /// The location for a command given `flag` (`--config`) and the process `environment`.
    public init(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let flag {
            (path, isExplicit, origin) = (flag, true, .flag("--config"))
        } else if let variable = environment["APIEXPLORER_CONFIG"], !variable.isEmpty {
            (path, isExplicit, origin) = (variable, true, .environment("APIEXPLORER_CONFIG"))
        } else {
            (path, isExplicit, origin) = (ConfigLocation.defaultPath(environment: environment), false, .byDefault)
        }
    }

    /// `$XDG_CONFIG_HOME/apiexplorer/config.yaml`, else `~/.config/apiexplorer/config.yaml`.
    public static func defaultPath(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return base + "/apiexplorer/config.yaml"
    }
}
