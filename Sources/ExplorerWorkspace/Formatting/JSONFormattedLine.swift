import ExplorerCore

/// One output line of the JSON pretty-printer: a nesting depth and coloured spans.
public struct JSONFormattedLine: Sendable, Hashable {
    /// Nesting depth of the line; indentation is derived from it instead of stored,
    /// so a 100,000-deep document does not cost gigabytes of spaces.
    public var depth: Int
    /// UTF-8 text of the line without indentation; always valid and terminal-safe.
    public var bytes: [UInt8]
    /// Spans covering `bytes` from start to end, in order.
    public var tokens: [JSONTokenSpan]

    /// Creates a line from its depth, text and spans.
    public init(depth: Int, bytes: [UInt8], tokens: [JSONTokenSpan]) {
        self.depth = depth
        self.bytes = bytes
        self.tokens = tokens
    }

    /// Number of leading spaces the line is shown with.
    public var indentWidth: Int { JSONFormatter.indentWidth(forDepth: depth) }

    /// The line as plain text, indentation included.
    public var text: String {
        String(repeating: " ", count: indentWidth) + String(decoding: bytes, as: UTF8.self)
    }

    /// The text of one of this line's spans.
    public func text(of span: JSONTokenSpan) -> String {
        let lower = max(0, min(span.range.lowerBound, bytes.count))
        let upper = max(lower, min(span.range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}
