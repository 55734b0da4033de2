import ArgumentParser
import ExplorerCore

/// `curl`, `swift` or `http` on the command line.
extension ExportFormat: ExpressibleByArgument {}
