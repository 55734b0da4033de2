import ExplorerCore
import Foundation

/// A response body ready for display that formats only the lines asked for.
///
/// JSON is indexed once (a resumable formatter state every `chunkSize` lines) and text once
/// (where every line starts), so showing any page of a 50 MB body formats one chunk of lines,
/// not the body. Markup, forms and binary previews are formatted up front. Secrets are masked
/// in every line handed out, and the body is kept once: lines are never stored whole.
public final class BodyDocument: @unchecked Sendable {
    /// Lines formatted together and cached together.
    public static let chunkSize = 256
    /// Chunks kept formatted (a screen needs at most two).
    static let cachedChunks = 8

    /// How the body was interpreted.
    public let kind: BodyKind
    /// Number of display lines.
    public let lineCount: Int
    private let storage: BodyDocumentStorage
    /// What hides secrets in the lines handed out; nil when nothing is hidden.
    public let masker: SecretMasker?
    // The cache is the only mutable state; the lock makes the document safe to share with a background search.
    private let lock = NSLock()
    private var cache: [Int: [BodyLine]] = [:]
    private var cacheOrder: [Int] = []

    /// Indexes `body` as described by the `Content-Type` header value (sniffing when nil); `masker` hides secrets.
    /// When `body` is a spilled body's file mapping, indexing and search let go of the pages behind them, so a huge
    /// body is not all resident afterwards (paging reads back only what it shows).
    public init(_ body: Data, contentType header: String?, masker: SecretMasker? = nil) {
        self.masker = masker.flatMap { $0.secrets.isEmpty ? nil : $0 }
        // A long line is never cut inside a secret: each piece is masked on its own.
        let secretBytes = (masker?.secrets ?? []).filter { !$0.isEmpty }.map { Array($0.utf8) }
        let contentType = header.map(ContentType.init)
        let charset = contentType?.charset
        let kind = BodyFormatter.kind(of: body, contentType: contentType)
        switch kind {
        case .json, .invalidJSON:
            let utf8 = Self.utf8(body, charset: charset)
            let (checkpoints, lines, error) = Self.indexJSON(utf8)
            if let error {
                let note = BodyLine(tokens: [BodyToken(.note, JSONFormatter.invalidJSONNote(error))])
                let index = TextLineIndex(utf8, keepingWhole: secretBytes)
                let notes = [note] + (index.split ? [Self.splitNote] : [])
                self.kind = .invalidJSON
                self.storage = .text(utf8, lines: index, notes: notes)
                self.lineCount = index.count + notes.count
            } else {
                self.kind = .json
                self.storage = .json(utf8, checkpoints: checkpoints)
                self.lineCount = lines
            }
        case .text:
            let utf8 = Self.utf8(body, charset: charset)
            let index = TextLineIndex(utf8, keepingWhole: secretBytes)
            let notes = index.split ? [Self.splitNote] : []
            self.kind = .text
            self.storage = .text(utf8, lines: index, notes: notes)
            self.lineCount = index.count + notes.count
        case .xml where body.count > Self.eagerFormatLimit, .html where body.count > Self.eagerFormatLimit,
             .form where body.count > Self.eagerFormatLimit:
            // Markup and forms are formatted in one pass over the whole body (10 MB of XML takes ~4 s), so a large one
            // is paged as plain text instead, with a note saying why.
            let utf8 = Self.utf8(body, charset: charset)
            let index = TextLineIndex(utf8, keepingWhole: secretBytes)
            let kindName = kind == .form ? "form data" : kind == .xml ? "XML" : "HTML"
            let note = BodyLine(tokens: [BodyToken(.note, "\(MeasurementText.byteCount(body.count)) of \(kindName) is shown as plain text: "
                + "only bodies up to \(MeasurementText.byteCount(Self.eagerFormatLimit)) are formatted.")])
            let notes = [note] + (index.split ? [Self.splitNote] : [])
            self.kind = .text
            self.storage = .text(utf8, lines: index, notes: notes)
            self.lineCount = index.count + notes.count
        default:
            let formatted = BodyFormatter.format(body, contentType: header)
            self.kind = formatted.kind
            self.storage = .lines(formatted.lines)
            self.lineCount = formatted.lines.count
        }
    }

    /// Wraps lines that are already formatted.
    public init(formatted: FormattedBody, masker: SecretMasker? = nil) {
        self.masker = masker.flatMap { $0.secrets.isEmpty ? nil : $0 }
        self.kind = formatted.kind
        self.storage = .lines(formatted.lines)
        self.lineCount = formatted.lines.count
    }

    /// The same body masked by `masker` instead (nil: nothing hidden), sharing this document's bytes and index, so
    /// nothing is read or indexed again.
    public func remasked(_ masker: SecretMasker?) -> BodyDocument {
        BodyDocument(kind: kind, lineCount: lineCount, storage: storage, masker: masker)
    }

    private init(kind: BodyKind, lineCount: Int, storage: BodyDocumentStorage, masker: SecretMasker?) {
        self.masker = masker.flatMap { $0.secrets.isEmpty ? nil : $0 }
        self.kind = kind
        self.lineCount = lineCount
        self.storage = storage
    }

    /// The line at `index`, or nil past the end.
    public func line(at index: Int) -> BodyLine? {
        lines(in: index..<(index + 1)).first
    }

    /// The lines in `range`, clamped to the document.
    public func lines(in range: Range<Int>) -> [BodyLine] {
        let lower = max(0, min(range.lowerBound, lineCount))
        let upper = max(lower, min(range.upperBound, lineCount))
        guard lower < upper else { return [] }
        var result: [BodyLine] = []
        result.reserveCapacity(upper - lower)
        var index = lower
        while index < upper {
            let chunk = index / Self.chunkSize
            let lines = cachedChunk(chunk)
            let start = index - chunk * Self.chunkSize
            let end = min(lines.count, upper - chunk * Self.chunkSize)
            guard start < end else { break }
            result += lines[start..<end]
            index = chunk * Self.chunkSize + end
        }
        return result
    }

    /// Every line (for small bodies and tests; a large body should be read a page at a time).
    public var allLines: [BodyLine] { lines(in: 0..<lineCount) }

    /// Indexes of the lines whose text contains `query`, ignoring case; stops early (with what it found) once
    /// `isCancelled` returns true. Chunks are formatted one at a time and not cached, so a search does not evict the page on screen.
    /// A match that runs across the cut between two pieces of a long text line counts for the piece it starts in.
    /// With `decodingEscapes` a JSON body is searched as the explorer shows it, its printable `\u` escapes decoded
    /// (`é` finds `\u00e9`).
    public func matchingLines(_ query: String, decodingEscapes: Bool = false, isCancelled: () -> Bool = { false }) -> [Int] {
        guard !query.isEmpty else { return [] }
        let needle = query.lowercased()
        let asciiNeedle = needle.utf8.allSatisfy { $0 < 0x80 } && masker == nil ? Array(needle.utf8) : nil
        let escape: [UInt8] = [0x5C, 0x75]
        var matches: [Int] = []
        // The end of the previous line, kept to find a match that starts there and ends in the next piece.
        var previousTail = ""
        var chunk = 0
        var trail = MappedPages.Trail()
        while chunk * Self.chunkSize < lineCount {
            if isCancelled() { break }
            passPages(before: chunk, on: &trail)
            let base = chunk * Self.chunkSize
            if let asciiNeedle, case let .json(data, checkpoints) = storage {
                // Fast path: search the formatted bytes without building strings.
                let lines = data.withUnsafeBytes { JSONFormatter.formatLines(in: $0, from: checkpoints[chunk], maxLines: Self.chunkSize).lines }
                for (offset, line) in lines.enumerated() {
                    // A line with a `\u` escape may match only once decoded (`\u0041` shows as `A`).
                    let found = Self.contains(line.bytes, asciiNeedle)
                        || (decodingEscapes && Self.contains(line.bytes, escape)
                            && JSONEscapes.decodingPrintable(String(decoding: line.bytes, as: UTF8.self)).lowercased().contains(needle))
                    if found { matches.append(base + offset) }
                }
            } else {
                let decodes = decodingEscapes && kind == .json
                var continued: Set<Int>? = []
                for (offset, line) in formatChunk(chunk, noting: &continued).enumerated() {
                    let text = (decodes ? JSONEscapes.decodingPrintable(line.text) : line.text).lowercased()
                    let index = base + offset
                    if text.contains(needle) {
                        matches.append(index)
                    } else if !previousTail.isEmpty, continued?.contains(index) == true, matches.last != index - 1,
                              (previousTail + text.prefix(needle.count - 1)).contains(needle) {
                        matches.append(index - 1)
                    }
                    previousTail = String(text.suffix(needle.count - 1))
                }
            }
            chunk += 1
        }
        return matches
    }

    /// Moves a search's trail to where chunk `chunk` starts, letting go of the mapped pages it has passed.
    private func passPages(before chunk: Int, on trail: inout MappedPages.Trail) {
        switch storage {
        case let .json(data, checkpoints):
            data.withUnsafeBytes { trail.reached(checkpoints[chunk].offset, in: $0) }
        case let .text(data, index, notes):
            data.withUnsafeBytes { trail.reached(index.offset(before: chunk * Self.chunkSize - notes.count), in: $0) }
        case .lines:
            break
        }
    }

    // MARK: - Chunks

    private func cachedChunk(_ chunk: Int) -> [BodyLine] {
        lock.lock()
        if let lines = cache[chunk] {
            lock.unlock()
            return lines
        }
        lock.unlock()
        let lines = formatChunk(chunk)
        lock.lock()
        cache[chunk] = lines
        cacheOrder.removeAll { $0 == chunk }
        cacheOrder.append(chunk)
        if cacheOrder.count > Self.cachedChunks { cache.removeValue(forKey: cacheOrder.removeFirst()) }
        lock.unlock()
        return lines
    }

    private func formatChunk(_ chunk: Int) -> [BodyLine] {
        var continued: Set<Int>?
        return formatChunk(chunk, noting: &continued)
    }

    /// The lines of chunk `chunk`; when `continued` is not nil, it also gets the display lines that are pieces of a
    /// long text line begun on the line before (found from the same line starts, so a search walks them once).
    private func formatChunk(_ chunk: Int, noting continued: inout Set<Int>?) -> [BodyLine] {
        let first = chunk * Self.chunkSize
        let last = min(lineCount, first + Self.chunkSize)
        guard first < last else { return [] }
        let lines: [BodyLine]
        switch storage {
        case let .json(data, checkpoints):
            guard checkpoints.indices.contains(chunk) else { return [] }
            let formatted = data.withUnsafeBytes { JSONFormatter.formatLines(in: $0, from: checkpoints[chunk], maxLines: Self.chunkSize).lines }
            lines = formatted.map(BodyLine.init)
        case let .text(data, index, notes):
            let firstLine = max(0, first - notes.count)
            let starts = index.starts(firstLine..<(last - notes.count), in: data)
            if continued != nil {
                for (offset, start) in starts.dropLast().enumerated() where start > 0 && data[data.startIndex + start - 1] != 0x0A {
                    continued?.insert(firstLine + offset + notes.count)
                }
            }
            lines = (first..<last).map { display in
                if display < notes.count { return notes[display] }
                let line = display - notes.count - firstLine
                let start = starts[line]
                var end = starts[line + 1]
                // A line ends at its newline (and a CR before it); a piece of a long line ends where the next begins.
                if end > start, data[data.startIndex + end - 1] == 0x0A {
                    end -= 1
                    if end > start, data[data.startIndex + end - 1] == 0x0D { end -= 1 }
                }
                let text = TerminalSafeText.sanitize(utf8: data[(data.startIndex + start)..<(data.startIndex + max(start, end))])
                return BodyLine(tokens: [BodyToken(.text, text)])
            }
        case let .lines(all):
            lines = Array(all[first..<last])
        }
        guard let masker else { return lines }
        return lines.map { line in
            BodyLine(indent: line.indent, tokens: line.tokens.map { BodyToken($0.kind, masker.mask($0.text)) })
        }
    }

    // MARK: - Indexing

    /// The body as UTF-8: as is, or transcoded once when the charset is a single-byte one.
    private static func utf8(_ body: Data, charset: String?) -> Data {
        TextDecoding.isSingleByte(charset) ? Data(TextDecoding.decode(body, charset: charset).utf8) : body
    }

    /// One formatter state per chunk, the number of lines, and the syntax error if the body is not JSON.
    private static func indexJSON(_ data: Data) -> ([JSONFormatter.State], Int, JSONSyntaxError?) {
        data.withUnsafeBytes { buffer in
            var checkpoints: [JSONFormatter.State] = []
            var state = JSONFormatter.State.start
            var counter = JSONLineCounter()
            var trail = MappedPages.Trail()
            while !state.isFinished {
                checkpoints.append(state)
                JSONFormatter.run(buffer, state: &state, maxLines: chunkSize, sink: &counter)
                trail.reached(state.offset, in: buffer)
            }
            trail.finished(buffer)
            return (checkpoints, state.lineNumber, state.error)
        }
    }

    /// The largest markup or form body formatted (in one pass, up front); larger ones are paged as plain text.
    public static let eagerFormatLimit = 2 << 20

    /// The longest piece of a text line shown as one display line; longer lines are cut into pieces this long
    /// (at a UTF-8 character boundary), so a single-line 100 MB body is paged like any other.
    public static let maxLineBytes = 8192

    /// The note shown above a text body whose long lines were cut into pieces.
    static let splitNote = BodyLine(tokens: [BodyToken(.note, "Lines longer than \(MeasurementText.byteCount(maxLineBytes)) are shown in pieces of that size.")])

    /// True when `haystack` contains `needle` (lowercase ASCII), comparing ASCII letters case-insensitively.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        let limit = haystack.count - needle.count
        var index = 0
        while index <= limit {
            if lower(haystack[index]) == first {
                var matched = 1
                while matched < needle.count, lower(haystack[index + matched]) == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }

    @inline(__always) private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
