import ExplorerChecks
import ExplorerCore
import ExplorerFormats

/// The export and compare overlay: what it shows while open.
public enum ToolPanel: Sendable, Equatable {
    /// Waiting for the export with this id.
    case exporting(id: Int, format: ExportFormat)
    /// An exported request; Tab shows the next format.
    case exported(format: ExportFormat, lines: [String], scroll: Int)
    /// Choosing the environment to compare the active one with; `selection` indexes `ExplorerModel.comparisonCandidates`.
    case choosingEnvironment(selection: Int)
    /// Waiting for both sides of the comparison with this id: environments sent to, or exchanges read from history.
    case comparing(id: Int, first: String, second: String, from: ComparisonSource = .environments)
    /// The comparison report.
    case compared(title: String, lines: [ComparisonLine], scroll: Int)
    /// Export or comparison failed.
    case failed(title: String, message: String)
}
