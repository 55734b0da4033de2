/// A multi-line text editor: lines of text, a two-dimensional cursor counted in graphemes, scrolling both ways,
/// optional line numbers, and undo/redo. Typing runs coalesce into one undo step.
public struct TextArea: Widget, Sendable, Equatable {
    /// A cursor or scroll position: a line and a grapheme column in it.
    public struct Location: Sendable, Equatable, Comparable {
        /// The line, from 0.
        public var line: Int
        /// The grapheme column, from 0.
        public var column: Int

        /// Creates a location.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        /// Earlier lines first, then earlier columns.
        public static func < (lhs: Location, rhs: Location) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    private struct Snapshot: Sendable, Equatable {
        var lines: [String]
        var ascii: [Bool]
        var cursor: Location
    }

    /// The text, one element per line, without line breaks.
    public private(set) var lines: [String]
    /// Per line, true when it is all ASCII: then a column is a byte offset and one cell, so a 1 MB line of minified
    /// JSON is edited and drawn without walking its graphemes.
    private var ascii: [Bool] = []
    /// Where the cursor is.
    public private(set) var cursor: Location
    /// The first line shown.
    public var topLine = 0
    /// The first display column shown (lines are scrolled sideways, not wrapped, so columns stay where they are).
    public var leftColumn = 0
    /// Whether line numbers are drawn in a gutter.
    public var showsLineNumbers = true
    /// Whether to draw the cursor.
    public var showsCursor = true
    /// True once the text has been changed.
    public private(set) var isModified = false

    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    /// True while the last edit was typing on the same line: the next character joins its undo step.
    private var isTypingRun = false
    private static let undoLimit = 500

    /// Creates an editor for `text`, the cursor at the start.
    public init(text: String) {
        lines = TextArea.split(text)
        ascii = lines.map(TextArea.isASCII)
        cursor = Location(line: 0, column: 0)
    }

    /// The text with lines joined by line feeds.
    public var text: String { lines.joined(separator: "\n") }

    /// The number of graphemes in line `index`.
    private func length(_ index: Int) -> Int { ascii[index] ? lines[index].utf8.count : lines[index].count }

    /// The string index of grapheme `column` in line `line`.
    private func index(_ column: Int, in line: Int) -> String.Index {
        let text = lines[line]
        if ascii[line] { return text.utf8.index(text.startIndex, offsetBy: min(column, text.utf8.count)) }
        return text.index(text.startIndex, offsetBy: min(column, text.count))
    }

    /// Replaces line `line` with `text`, keeping its ASCII flag right (`known` when the caller knows it).
    private mutating func setLine(_ line: Int, _ text: String, ascii known: Bool? = nil) {
        lines[line] = text
        ascii[line] = known ?? TextArea.isASCII(text)
    }

    // MARK: - Editing

    /// Inserts `string` at the cursor; line breaks in it split the line (a paste of many lines).
    public mutating func insert(_ string: String) {
        let clean = TextArea.sanitized(string)
        guard !clean.isEmpty else { return }
        let isTyping = clean.count == 1 && clean != "\n"
        record(coalescing: isTyping)
        let pieces = TextArea.split(clean)
        let line = lines[cursor.line]
        let split = index(cursor.column, in: cursor.line)
        let wasASCII = ascii[cursor.line]
        if pieces.count == 1 {
            let piece = pieces[0]
            let pieceIsASCII = TextArea.isASCII(piece)
            if wasASCII, pieceIsASCII {
                // The common case, typing into an ASCII line: insert in place, no grapheme counting.
                lines[cursor.line].insert(contentsOf: piece, at: split)
                cursor.column += piece.utf8.count
            } else {
                let prefix = String(line[..<split]) + piece
                setLine(cursor.line, prefix + line[split...], ascii: wasASCII && pieceIsASCII)
                cursor.column = min(prefix.count, lines[cursor.line].count)
            }
        } else {
            let before = String(line[..<split])
            let after = String(line[split...])
            var replacement = [before + pieces[0]]
            replacement += pieces[1..<(pieces.count - 1)]
            let last = pieces[pieces.count - 1]
            replacement.append(last + after)
            lines.replaceSubrange(cursor.line...cursor.line, with: replacement)
            ascii.replaceSubrange(cursor.line...cursor.line, with: replacement.map(TextArea.isASCII))
            cursor = Location(line: cursor.line + pieces.count - 1, column: last.count)
        }
        isTypingRun = isTyping
    }

    /// Splits the line at the cursor, keeping the current line's indentation on the new line.
    public mutating func newline() {
        let indent = String(lines[cursor.line].prefix { $0 == " " }.prefix(cursor.column))
        insert("\n" + indent)
    }

    /// Deletes the grapheme before the cursor, joining with the line above at the start of a line.
    public mutating func backspace() {
        if cursor.column > 0 {
            record(coalescing: false)
            remove(line: cursor.line, range: cursor.column - 1..<cursor.column)
            cursor.column -= 1
        } else if cursor.line > 0 {
            record(coalescing: false)
            let above = cursor.line - 1
            let column = length(above)
            setLine(above, lines[above] + lines[cursor.line], ascii: ascii[above] && ascii[cursor.line])
            lines.remove(at: cursor.line)
            ascii.remove(at: cursor.line)
            cursor = Location(line: above, column: column)
        }
    }

    /// Deletes the grapheme under the cursor, joining the next line at the end of a line.
    public mutating func deleteForward() {
        if cursor.column < length(cursor.line) {
            record(coalescing: false)
            remove(line: cursor.line, range: cursor.column..<cursor.column + 1)
        } else if cursor.line + 1 < lines.count {
            record(coalescing: false)
            setLine(cursor.line, lines[cursor.line] + lines[cursor.line + 1], ascii: ascii[cursor.line] && ascii[cursor.line + 1])
            lines.remove(at: cursor.line + 1)
            ascii.remove(at: cursor.line + 1)
        }
    }

    /// Deletes from the cursor to the end of the line, or the line break when the cursor is at the end (Ctrl-K).
    public mutating func killToEnd() {
        guard cursor.column < length(cursor.line) else { return deleteForward() }
        record(coalescing: false)
        remove(line: cursor.line, range: cursor.column..<length(cursor.line))
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    public mutating func killToStart() {
        guard cursor.column > 0 else { return }
        record(coalescing: false)
        remove(line: cursor.line, range: 0..<cursor.column)
        cursor.column = 0
    }

    /// Replaces the whole text (pretty-printing, an external edit), as one undo step; the cursor stays on its line.
    public mutating func replaceAll(with text: String) {
        guard text != self.text else { return }
        record(coalescing: false)
        lines = TextArea.split(text)
        ascii = lines.map(TextArea.isASCII)
        cursor = Location(line: min(cursor.line, lines.count - 1), column: 0)
    }

    /// Forgets that the text was changed (it now matches what was saved); undo history stays.
    public mutating func markUnmodified() {
        isModified = false
    }

    /// Goes back one edit.
    public mutating func undo() {
        guard let snapshot = undoStack.popLast() else { return }
        redoStack.append(Snapshot(lines: lines, ascii: ascii, cursor: cursor))
        (lines, ascii, cursor) = (snapshot.lines, snapshot.ascii, snapshot.cursor)
        isTypingRun = false
    }

    /// Redoes an edit undone.
    public mutating func redo() {
        guard let snapshot = redoStack.popLast() else { return }
        undoStack.append(Snapshot(lines: lines, ascii: ascii, cursor: cursor))
        (lines, ascii, cursor) = (snapshot.lines, snapshot.ascii, snapshot.cursor)
        isTypingRun = false
    }

    /// True when there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }

    // MARK: - Moving

    /// Moves the cursor by lines, keeping the column where the line is long enough.
    public mutating func moveVertically(by delta: Int) {
        isTypingRun = false
        cursor.line = min(max(0, cursor.line + delta), lines.count - 1)
        cursor.column = min(cursor.column, length(cursor.line))
    }

    /// Moves one grapheme left, to the end of the line above at the start of a line.
    public mutating func moveLeft() {
        isTypingRun = false
        if cursor.column > 0 {
            cursor.column -= 1
        } else if cursor.line > 0 {
            cursor = Location(line: cursor.line - 1, column: length(cursor.line - 1))
        }
    }

    /// Moves one grapheme right, to the start of the next line at the end of a line.
    public mutating func moveRight() {
        isTypingRun = false
        if cursor.column < length(cursor.line) {
            cursor.column += 1
        } else if cursor.line + 1 < lines.count {
            cursor = Location(line: cursor.line + 1, column: 0)
        }
    }

    /// Moves to the start of the previous word (Alt-B, Ctrl-←).
    public mutating func moveWordLeft() {
        isTypingRun = false
        let characters = Array(lines[cursor.line])
        var column = cursor.column
        while column > 0, !TextArea.isWord(characters[column - 1]) { column -= 1 }
        while column > 0, TextArea.isWord(characters[column - 1]) { column -= 1 }
        cursor.column = column
    }

    /// Moves past the end of the next word (Alt-F, Ctrl-→).
    public mutating func moveWordRight() {
        isTypingRun = false
        let characters = Array(lines[cursor.line])
        var column = cursor.column
        while column < characters.count, !TextArea.isWord(characters[column]) { column += 1 }
        while column < characters.count, TextArea.isWord(characters[column]) { column += 1 }
        cursor.column = column
    }

    /// Puts the cursor at `location`, clamped to the text.
    public mutating func move(to location: Location) {
        isTypingRun = false
        let line = min(max(0, location.line), lines.count - 1)
        cursor = Location(line: line, column: min(max(0, location.column), length(line)))
    }

    /// Applies the editing binding for `key` (`page` lines for PgUp/PgDn); false when the key is not an edit.
    @discardableResult
    public mutating func handle(_ key: Key, page: Int = 10) -> Bool {
        switch key {
        case let .character(character): insert(String(character))
        case .enter: newline()
        case .tab: insert("  ")
        case .backspace, .control("h"): backspace()
        case .delete, .control("d"): deleteForward()
        case .left, .control("b"): moveLeft()
        case .right, .control("f"): moveRight()
        case .up, .control("p"): moveVertically(by: -1)
        case .down, .control("n"): moveVertically(by: 1)
        case .pageUp: moveVertically(by: -max(1, page))
        case .pageDown: moveVertically(by: max(1, page))
        case .home, .control("a"): move(to: Location(line: cursor.line, column: 0))
        case .end, .control("e"): move(to: Location(line: cursor.line, column: length(cursor.line)))
        case .alt("<"): move(to: Location(line: 0, column: 0))
        case .alt(">"): move(to: Location(line: lines.count - 1, column: length(lines.count - 1)))
        case .alt("b"): moveWordLeft()
        case .alt("f"): moveWordRight()
        case .control("k"): killToEnd()
        case .control("u"): killToStart()
        case .control("z"): undo()
        case .control("y"): redo()
        default: return false
        }
        return true
    }

    // MARK: - Drawing

    /// The gutter width for line numbers (digits, then a space), or 0 without them.
    public var gutterWidth: Int { showsLineNumbers ? String(lines.count).count + 1 : 0 }

    /// Scrolls just enough that the cursor is inside a `width` × `height` view.
    public mutating func scrollToCursor(width: Int, height: Int) {
        let rows = max(1, height)
        if cursor.line < topLine { topLine = cursor.line }
        if cursor.line >= topLine + rows { topLine = cursor.line - rows + 1 }
        let textWidth = max(1, width - gutterWidth - 1)
        let column = cursorDisplayColumn
        if column < leftColumn { leftColumn = max(0, column - textWidth / 3) }
        if column >= leftColumn + textWidth { leftColumn = column - textWidth + textWidth / 3 }
    }

    /// The cursor's column in display cells from the start of its line.
    public var cursorDisplayColumn: Int {
        if ascii[cursor.line] { return cursor.column }
        return lines[cursor.line].prefix(cursor.column).reduce(0) { $0 + TextArea.cellWidth($1) }
    }

    /// Cells a character takes as drawn here: a tab or control character is one cell (a space or `?`).
    private static func cellWidth(_ character: Character) -> Int {
        DisplayWidth.isControl(character) ? 1 : DisplayWidth.width(of: character)
    }

    /// Where the terminal cursor goes for a view drawn in `rect`, or nil when the cursor is scrolled out of it.
    public func cursorPosition(in rect: Rect) -> Position? {
        let y = rect.y + cursor.line - topLine
        let x = rect.x + gutterWidth + cursorDisplayColumn - leftColumn
        guard y >= rect.y, y < rect.bottom, x >= rect.x, x < rect.right else { return nil }
        return Position(x: x, y: y)
    }

    /// Draws the visible lines; a line that goes on past an edge is marked there (`‹`, `›`) instead of being cut silently.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let gutter = gutterWidth
        let textWidth = max(1, rect.width - gutter - 1)
        for row in 0..<rect.height {
            let index = topLine + row
            guard index < lines.count else { break }
            let y = rect.y + row
            if gutter > 0 {
                let number = String(index + 1)
                buffer.write(String(repeating: " ", count: max(0, gutter - 1 - number.count)) + number, at: Position(x: rect.x, y: y),
                             style: .dim, maxWidth: gutter)
            }
            var x = rect.x + gutter
            var skipped = 0
            var cut = false
            let line = lines[index]
            let visible: Substring
            if ascii[index] {
                // Only the visible bytes of an ASCII line are looked at.
                let start = line.utf8.index(line.startIndex, offsetBy: min(leftColumn, line.utf8.count))
                skipped = min(leftColumn, line.utf8.count)
                let end = line.utf8.index(start, offsetBy: min(textWidth + 1, line.utf8.distance(from: start, to: line.endIndex)))
                visible = line[start..<end]
                cut = line.utf8.distance(from: start, to: line.endIndex) > textWidth
            } else {
                visible = line[...]
            }
            for character in visible {
                let width = TextArea.cellWidth(character)
                if skipped < leftColumn {
                    skipped += width
                    continue
                }
                guard x + width <= rect.x + gutter + textWidth else {
                    cut = true
                    break
                }
                x += buffer.set(x: x, y: y, character: DisplayWidth.isControl(character) ? (character == "\t" ? " " : "?") : character, style: .plain)
            }
            if leftColumn > 0, skipped > 0 { buffer.set(x: rect.x + gutter, y: y, character: "‹", style: .dim) }
            if cut { buffer.set(x: rect.x + gutter + textWidth, y: y, character: "›", style: .dim) }
        }
        if showsCursor, let position = cursorPosition(in: Rect(x: rect.x, y: rect.y, width: gutter + textWidth, height: rect.height)) {
            buffer.setStyle(Rect(x: position.x, y: position.y, width: 1, height: 1), style: .reversed)
        }
    }

    // MARK: - Helpers

    private mutating func record(coalescing: Bool) {
        isModified = true
        redoStack.removeAll()
        if coalescing, isTypingRun { return }
        undoStack.append(Snapshot(lines: lines, ascii: ascii, cursor: cursor))
        if undoStack.count > TextArea.undoLimit { undoStack.removeFirst(undoStack.count - TextArea.undoLimit) }
        isTypingRun = false
    }

    private mutating func remove(line line: Int, range: Range<Int>) {
        guard !range.isEmpty else { return }
        let lower = index(range.lowerBound, in: line)
        let upper = index(range.upperBound, in: line)
        lines[line].removeSubrange(lower..<upper)
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func split(_ text: String) -> [String] {
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return pieces.isEmpty ? [""] : pieces
    }

    /// Line breaks of any kind become line feeds, tabs stay, other control characters are dropped.
    private static func sanitized(_ string: String) -> String {
        String(string.replacingOccurrences(of: "\r\n", with: "\n").compactMap { character -> Character? in
            if character == "\r" || character.isNewline { return "\n" }
            if character == "\t" { return character }
            return DisplayWidth.isControl(character) ? nil : character
        })
    }
}
