import ExplorerCore

/// Collects pretty-printed output as `JSONFormattedLine` values for incremental display.
struct JSONLineSink: JSONTokenSink {
    var lines: [JSONFormattedLine] = []
    private var depth = 0
    private var bytes: [UInt8] = []
    private var tokens: [JSONTokenSpan] = []

    mutating func beginLine(depth: Int) {
        self.depth = depth
        bytes = []
        tokens = []
    }

    mutating func source(_ kind: JSONTokenKind, _ source: UnsafeRawBufferPointer, needsEscaping: Bool) {
        let start = bytes.count
        if needsEscaping {
            TerminalSafeText.appendSanitized(utf8: source, to: &bytes)
        } else {
            bytes.append(contentsOf: source)
        }
        tokens.append(JSONTokenSpan(kind: kind, range: start..<bytes.count))
    }

    mutating func punctuation(_ byte: UInt8) {
        bytes.append(byte)
        tokens.append(JSONTokenSpan(kind: .punctuation, range: (bytes.count - 1)..<bytes.count))
    }

    mutating func keySeparator() {
        punctuation(0x3A)
        bytes.append(0x20)
        tokens.append(JSONTokenSpan(kind: .whitespace, range: (bytes.count - 1)..<bytes.count))
    }

    mutating func endLine() {
        lines.append(JSONFormattedLine(depth: depth, bytes: bytes, tokens: tokens))
    }
}
