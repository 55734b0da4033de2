import ArgumentParser
import ExplorerWorkspace

/// `--pretty all|colors|format|none`.
extension PrettyMode: ExpressibleByArgument {}
