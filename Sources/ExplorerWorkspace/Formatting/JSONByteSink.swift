import ExplorerCore

/// Collects the whole pretty-printed body as UTF-8, optionally with ANSI colours.
struct JSONByteSink: JSONTokenSink {
    var output: [UInt8] = []
    private var startedLine = false
    private let spaces: [UInt8]
    /// SGR start sequences indexed by `JSONTokenKind.rawValue`; empty means unstyled.
    private let styleStarts: [[UInt8]]
    /// Lets the uncoloured path skip the per-token palette lookup and its retain/release.
    private let isStyled: Bool
    private static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    init(capacity: Int, style: ANSIStyle?) {
        output.reserveCapacity(capacity)
        spaces = [UInt8](repeating: 0x20, count: JSONFormatter.indentWidth(forDepth: Int.max))
        styleStarts = JSONTokenKind.allCases.map { kind in
            guard let parameters = style?.parameters(for: kind) else { return [] }
            return Array("\u{1B}[\(parameters)m".utf8)
        }
        isStyled = styleStarts.contains { !$0.isEmpty }
    }

    mutating func beginLine(depth: Int) {
        if startedLine { output.append(0x0A) }
        startedLine = true
        let width = JSONFormatter.indentWidth(forDepth: depth)
        if width > 0 {
            spaces.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<width])) }
        }
    }

    mutating func source(_ kind: JSONTokenKind, _ bytes: UnsafeRawBufferPointer, needsEscaping: Bool) {
        if !isStyled && !needsEscaping {
            output.append(contentsOf: bytes)
            return
        }
        let start = styleStarts[Int(kind.rawValue)]
        if !start.isEmpty { output.append(contentsOf: start) }
        if needsEscaping {
            TerminalSafeText.appendSanitized(utf8: bytes, to: &output)
        } else {
            output.append(contentsOf: bytes)
        }
        if !start.isEmpty { output.append(contentsOf: Self.reset) }
    }

    mutating func punctuation(_ byte: UInt8) {
        if !isStyled {
            output.append(byte)
            return
        }
        let start = styleStarts[Int(JSONTokenKind.punctuation.rawValue)]
        if start.isEmpty {
            output.append(byte)
        } else {
            output.append(contentsOf: start)
            output.append(byte)
            output.append(contentsOf: Self.reset)
        }
    }

    mutating func keySeparator() {
        punctuation(0x3A)
        output.append(0x20)
    }

    mutating func endLine() {}
}
