import ArgumentParser
import ExplorerCore
import ExplorerFormats

/// `curl`, `swift` or `http` on the command line.
extension ExportFormat: ExpressibleByArgument {}
