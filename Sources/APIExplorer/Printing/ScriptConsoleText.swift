import ExplorerScripts
import ExplorerTUI

/// A script's console line as the command line prints it on standard error, worded as the explorer's message log
/// words it (`console: …`, `console.warn: …`), with the request it came from when a run names it.
enum ScriptConsoleText {
    /// The line for `line`, prefixed with `reference` when given.
    static func text(_ line: ScriptConsoleLine, reference: String? = nil) -> String {
        (reference.map { "\($0): " } ?? "") + EffectReport.scriptConsole(level: line.level, text: line.text).text
    }
}
