import ExplorerWorkspace
import Foundation

/// The script engine of one owner (a command, the explorer), made when the first request with a script is sent: a
/// context costs a few milliseconds, which no request without scripts should pay.
public final class LazyScriptEngine: @unchecked Sendable {
    /// Seconds one script may run (`scriptTimeout`).
    public let timeLimit: Double
    private let lock = NSLock()
    // Guarded by `lock`.
    private var made: ScriptEngine?
    private var tried = false

    /// An engine whose scripts run at most `timeLimit` seconds each, made on first use.
    public init(timeLimit: Double = 5) {
        self.timeLimit = timeLimit
    }

    /// The engine, made now if it was not; nil when JavaScriptCore cannot be loaded (`ScriptEngine.loadError`).
    public var engine: ScriptEngine? {
        lock.withLock {
            if !tried {
                tried = true
                made = ScriptEngine(timeLimit: timeLimit)
            }
            return made
        }
    }

    /// Whether `text` parses as a script; not checked when JavaScriptCore cannot be loaded.
    public func syntaxVerdict(of text: String) -> ScriptSyntaxVerdict {
        guard let engine else { return .unchecked(ScriptEngine.loadError ?? "JavaScriptCore could not be loaded") }
        return engine.syntaxVerdict(of: text)
    }
}
