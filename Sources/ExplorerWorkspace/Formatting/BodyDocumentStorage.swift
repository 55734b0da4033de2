import Foundation

/// How a `BodyDocument` keeps its body: indexed for lazy formatting, or as finished lines.
enum BodyDocumentStorage: Sendable {
    /// Valid JSON (UTF-8) with the formatter's state at the start of every chunk of lines.
    case json(Data, checkpoints: [JSONFormatter.State])
    /// UTF-8 text with where its lines start, after `notes` lines shown first.
    case text(Data, lines: TextLineIndex, notes: [BodyLine])
    /// Lines formatted up front (small or markup bodies).
    case lines([BodyLine])
}
