import ArgumentParser
import ExplorerCore
import ExplorerWorkspace

extension ExitCode {
    /// The exit code for a named status.
    init(_ status: CommandExit) {
        self.init(status.code)
    }
}
