import ExplorerScripts

/// A script's console line as the command line prints it on standard error: `console: text`, with the level for
/// warnings and errors (`console.warn: …`), and the request it came from when a run names it.
enum ScriptConsoleText {
    /// The line for `line`, prefixed with `reference` when given.
    static func text(_ line: ScriptConsoleLine, reference: String? = nil) -> String {
        let level = ["warn", "error"].contains(line.level) ? "console.\(line.level)" : "console"
        return (reference.map { "\($0): " } ?? "") + "\(level): \(line.text)"
    }
}
