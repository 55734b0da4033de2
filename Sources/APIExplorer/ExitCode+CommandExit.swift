import ArgumentParser
import ExplorerCore

extension ExitCode {
    /// The exit code for a named status.
    init(_ status: CommandExit) {
        self.init(status.code)
    }
}
