import ExplorerCore
import Foundation

/// A streaming, byte-level JSON pretty-printer that keeps the body exactly as sent.
///
/// Keys keep their order, numbers and string escapes keep their spelling, because
/// the formatter copies tokens from the body instead of decoding and re-encoding it.
/// Output is 2-space indented, `"key": value`, with empty containers on one line.
public struct JSONFormatter: Sendable {
    /// Spaces per nesting level.
    public static let indentStep = 2
    /// Nesting depth beyond which indentation stops growing, so a hostile body of
    /// nested brackets costs output proportional to its size rather than its square.
    public static let maximumIndentDepth = 256

    /// Leading spaces for a line at `depth`.
    public static func indentWidth(forDepth depth: Int) -> Int {
        min(max(depth, 0), maximumIndentDepth) * indentStep
    }

    /// The body being formatted; shared, not copied.
    public let body: Data

    /// Creates a formatter over a response body.
    public init(_ body: Data) {
        self.body = body
    }

    /// Creates a formatter over bytes (copied once into `Data`).
    public init(_ bytes: [UInt8]) {
        self.body = Data(bytes)
    }

    /// Formats up to `maxLines` lines from `state`; `nextState` resumes after them and
    /// carries `isFinished` and any `error`.
    public func formatLines(from state: State = .start, maxLines: Int) -> (lines: [JSONFormattedLine], nextState: State) {
        body.withUnsafeBytes { Self.formatLines(in: $0, from: state, maxLines: maxLines) }
    }

    /// Formats up to `maxLines` lines of `buffer` from `state`.
    public static func formatLines(
        in buffer: UnsafeRawBufferPointer, from state: State = .start, maxLines: Int
    ) -> (lines: [JSONFormattedLine], nextState: State) {
        var sink = JSONLineSink()
        var next = state
        run(buffer, state: &next, maxLines: max(0, maxLines), sink: &sink)
        return (sink.lines, next)
    }

    /// Pretty-prints the whole of `buffer` as UTF-8, lines joined by `\n`, coloured when `style` is given.
    public static func prettyPrinted(_ buffer: UnsafeRawBufferPointer, style: ANSIStyle? = nil) throws(JSONSyntaxError) -> [UInt8] {
        var sink = JSONByteSink(capacity: buffer.count * 2 + 64, style: style)
        var state = State.start
        run(buffer, state: &state, maxLines: Int.max, sink: &sink)
        if let error = state.error { throw error }
        return sink.output
    }

    /// Checks that `buffer` is JSON without building any output, `linesPerPiece` lines at a time: `didRead` gets the
    /// range each piece read, and `shouldStop` (asked between pieces) ends the check early, returning false.
    @discardableResult
    public static func check(_ buffer: UnsafeRawBufferPointer, linesPerPiece: Int = 16_384, didRead: (Range<Int>) -> Void = { _ in },
                             shouldStop: () -> Bool = { false }) throws(JSONSyntaxError) -> Bool {
        var state = State.start
        while !state.isFinished {
            if shouldStop() { return false }
            var counter = JSONLineCounter()
            let from = state.offset
            run(buffer, state: &state, maxLines: max(1, linesPerPiece), sink: &counter)
            didRead(from..<max(from, state.offset))
        }
        if let error = state.error { throw error }
        return true
    }

    /// Pretty-prints `buffer` like `prettyPrinted(_:style:)`, handing the output to `write` in pieces of
    /// `linesPerPiece` lines instead of collecting it, so printing a huge body needs memory for one piece only.
    /// The JSON is checked first: invalid input throws before anything is written. `didRead` gets the range of input
    /// each piece has read, in the check and then in the printing (a caller can let go of mapped pages).
    public static func prettyPrint(
        _ buffer: UnsafeRawBufferPointer, style: ANSIStyle? = nil, linesPerPiece: Int = 16_384,
        didRead: (Range<Int>) -> Void = { _ in }, to write: ([UInt8]) -> Void
    ) throws(JSONSyntaxError) {
        let lines = max(1, linesPerPiece)
        try check(buffer, linesPerPiece: lines, didRead: didRead)
        var state = State.start
        var isFirst = true
        while !state.isFinished {
            var sink = JSONByteSink(capacity: 0, style: style)
            let from = state.offset
            run(buffer, state: &state, maxLines: lines, sink: &sink)
            guard !sink.output.isEmpty else { continue }
            // Each piece's sink starts afresh, so the line break before its first line is added here.
            if !isFirst { sink.output.insert(0x0A, at: 0) }
            isFirst = false
            write(sink.output)
            didRead(from..<max(from, state.offset))
        }
    }

    /// Pretty-prints a whole body; see `prettyPrinted(_:style:)` for buffers.
    public static func prettyPrinted(_ body: Data, style: ANSIStyle? = nil) throws(JSONSyntaxError) -> [UInt8] {
        let result: Result<[UInt8], JSONSyntaxError> = body.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) -> [UInt8] in try prettyPrinted(buffer, style: style) }
        }
        return try result.get()
    }

    /// Pretty-prints a whole body given as bytes.
    public static func prettyPrinted(_ bytes: [UInt8], style: ANSIStyle? = nil) throws(JSONSyntaxError) -> [UInt8] {
        let result: Result<[UInt8], JSONSyntaxError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) -> [UInt8] in try prettyPrinted(buffer, style: style) }
        }
        return try result.get()
    }

    /// The body ready for a terminal: pretty-printed JSON, or, when it is not valid JSON,
    /// a one-line note with the error position followed by the raw text made terminal-safe.
    public static func displayText(_ body: Data, style: ANSIStyle? = nil) -> String {
        do {
            let bytes = try prettyPrinted(body, style: style)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            let note = invalidJSONNote(error)
            let raw = TerminalSafeText.sanitizedLines(utf8: body).joined(separator: "\n")
            return (style.map { ANSIStyle.wrap(note, parameters: $0.comment) } ?? note) + "\n" + raw
        }
    }

    /// The one-line note shown above the raw text of a body that is not valid JSON.
    public static func invalidJSONNote(_ error: JSONSyntaxError) -> String {
        "(not valid JSON: \(error.description); showing the raw text)"
    }
}
