import Foundation

/// The environment the binary under test runs in: this process's, with config and state moved into a directory
/// of the test run, so a developer's own config, theme, keymap, cookies and tokens neither change a test's outcome
/// nor are changed by it.
public enum HermeticEnvironment {
    /// The variables that choose a config file, a theme or a state directory outside the XDG ones.
    static let chosenOutside = ["APIEXPLORER_CONFIG", "APIEXPLORER_THEME", "APIEXPLORER_STATE_DIR"]

    /// A directory made once per test process, holding `config/` and `state/`.
    public static let root: String = {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("apiexplorer-home-XXXXXX").path
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
        // mkdtemp only fails when the temporary directory is unusable, and then every test fails anyway.
        return made ?? template.replacingOccurrences(of: "XXXXXX", with: "\(getpid())")
    }()

    /// `base` with XDG_CONFIG_HOME and XDG_STATE_HOME inside `root` and the variables in `chosenOutside` removed;
    /// a test that needs its own puts them back on top.
    public static func applied(to base: [String: String]) -> [String: String] {
        var environment = base
        for key in chosenOutside { environment[key] = nil }
        environment["XDG_CONFIG_HOME"] = root + "/config"
        environment["XDG_STATE_HOME"] = root + "/state"
        return environment
    }
}
