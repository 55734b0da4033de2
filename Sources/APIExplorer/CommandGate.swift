import ExplorerCore
import Foundation

/// Decides whether a request's `{{$command …}}` may run: `run` only with `--allow-commands`; `send` when the user
/// allowed the collection before (its files unchanged) or allows it now on the terminal, remembered in the state
/// directory.
final class CommandGate: @unchecked Sendable {
    /// How the command decides.
    enum Mode: Sendable {
        /// `run`: the flag decides.
        case flag(Bool)
        /// `send`: remembered approvals, else a question on the terminal.
        case ask(TerminalPrompter, CommandApprovals)
    }

    private let mode: Mode
    private let lock = NSLock()
    // Guarded by `lock`: each collection is asked about once per process.
    private var decided: [String: Bool] = [:]

    /// A gate deciding by `mode`.
    init(_ mode: Mode) {
        self.mode = mode
    }

    /// What to do when a command is not allowed.
    var advice: String {
        switch mode {
        case .flag: return "Pass --allow-commands to run the collection's commands."
        case .ask: return "Allow them on a terminal (apiexplorer send asks there), or in the explorer."
        }
    }

    /// True when `resolver`'s commands may run; asks on the terminal when they are new.
    func allows(_ resolver: RequestResolver) -> Bool {
        switch mode {
        case let .flag(allowed): return allowed
        case let .ask(prompter, approvals):
            guard !resolver.commandsToRun().isEmpty else { return false }
            let directory = resolver.collection.directory
            lock.lock()
            defer { lock.unlock() }
            if let known = decided[directory] { return known }
            guard let found = CollectionCommands.scan(directory) else { return false }
            if approvals.allows(found) { return true }
            let listed = found.commands.map { "  " + $0 }.joined(separator: "\n")
            guard let answer = prompter.confirm("Collection \(resolver.collection.name) runs these shell commands:\n\(listed)\nAllow them? [y/N] ") else {
                return false
            }
            let allowed = ["y", "yes"].contains(answer.lowercased())
            decided[directory] = allowed
            if allowed {
                do { try approvals.allow(found) } catch { StandardError.write("warning: \(error.description) (allowed for this run only)") }
            }
            return allowed
        }
    }
}
