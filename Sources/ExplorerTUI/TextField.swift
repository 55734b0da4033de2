/// A single-line text editor: text plus a cursor counted in graphemes, so CJK and emoji edit as units.
public struct TextField: Widget, Hashable {
    /// The current text; never contains control characters.
    public private(set) var text: String
    /// Cursor position in graphemes, from 0 (before the first) to `text.count` (after the last).
    public private(set) var cursor: Int
    /// Index of the first visible grapheme; `render` corrects it so the cursor is always on screen.
    public var scrollOffset: Int
    /// Shown dimmed while the text is empty.
    public var placeholder: String
    /// Style of the text.
    public var style: Style
    /// Style patched onto the cell under the cursor.
    public var cursorStyle: Style
    /// Style of the placeholder.
    public var placeholderStyle: Style
    /// Whether to draw the cursor, typically only while the field has focus.
    public var showsCursor: Bool
    /// The whole text is selected, as an offered default is: typing or pasting replaces it, Backspace, Delete and the
    /// kill keys clear it, and moving the cursor keeps it.
    public var isSelected = false

    /// Creates a field with the cursor at the end of `text`.
    public init(
        text: String = "",
        placeholder: String = "",
        style: Style = .plain,
        cursorStyle: Style = .reversed,
        placeholderStyle: Style = .dim,
        showsCursor: Bool = true
    ) {
        let clean = TextField.sanitized(text)
        self.text = clean
        self.cursor = clean.count
        self.scrollOffset = 0
        self.placeholder = placeholder
        self.style = style
        self.cursorStyle = cursorStyle
        self.placeholderStyle = placeholderStyle
        self.showsCursor = showsCursor
    }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = TextField.sanitized(newText)
        cursor = text.count
    }

    /// Inserts `string` at the cursor; other control characters are dropped and line breaks and tabs become spaces
    /// because a pasted multi-line value must stay on one line.
    public mutating func insert(_ string: String) {
        let clean = TextField.sanitized(string)
        guard !clean.isEmpty else { return }
        if isSelected { clearSelection() }
        let split = text.index(text.startIndex, offsetBy: cursor)
        let prefix = String(text[..<split]) + clean
        text = prefix + text[split...]
        // Counting the new prefix, not adding clean.count, stays right when a combining mark merges
        // into the grapheme before the cursor.
        cursor = min(prefix.count, text.count)
    }

    /// Inserts one grapheme at the cursor.
    public mutating func insert(_ character: Character) {
        insert(String(character))
    }

    /// Deletes the grapheme before the cursor.
    public mutating func backspace() {
        guard cursor > 0 else { return }
        removeGraphemes(cursor - 1..<cursor)
        cursor -= 1
    }

    /// Deletes the grapheme under the cursor.
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        removeGraphemes(cursor..<cursor + 1)
    }

    /// Moves the cursor one grapheme left.
    public mutating func moveLeft() {
        cursor = max(0, cursor - 1)
    }

    /// Moves the cursor one grapheme right.
    public mutating func moveRight() {
        cursor = min(text.count, cursor + 1)
    }

    /// Moves the cursor before the first grapheme.
    public mutating func moveToStart() {
        cursor = 0
    }

    /// Moves the cursor after the last grapheme.
    public mutating func moveToEnd() {
        cursor = text.count
    }

    /// Deletes everything before the cursor (Ctrl-U).
    public mutating func killToStart() {
        removeGraphemes(0..<cursor)
        cursor = 0
    }

    /// Deletes everything from the cursor on (Ctrl-K).
    public mutating func killToEnd() {
        removeGraphemes(cursor..<text.count)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
    public mutating func deleteWordBackward() {
        let characters = Array(text)
        var start = cursor
        while start > 0, characters[start - 1] == " " { start -= 1 }
        while start > 0, characters[start - 1] != " " { start -= 1 }
        removeGraphemes(start..<cursor)
        cursor = start
    }

    /// Deletes the graphemes in `range` and puts the cursor at its start.
    public mutating func delete(_ range: Range<Int>) {
        let clamped = max(0, min(range.lowerBound, text.count))..<max(0, min(range.upperBound, text.count))
        removeGraphemes(clamped)
        cursor = clamped.lowerBound
    }

    /// Puts the cursor before grapheme `position`, clamped to the text.
    public mutating func moveTo(_ position: Int) {
        cursor = min(max(0, position), text.count)
    }

    /// Moves to the start of the previous word or past the end of the next one (Alt-B, Alt-F); words are letters and digits.
    public mutating func moveByWord(forward: Bool) {
        let characters = Array(text)
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber }
        var position = cursor
        if forward {
            while position < characters.count, !isWord(characters[position]) { position += 1 }
            while position < characters.count, isWord(characters[position]) { position += 1 }
        } else {
            while position > 0, !isWord(characters[position - 1]) { position -= 1 }
            while position > 0, isWord(characters[position - 1]) { position -= 1 }
        }
        cursor = position
    }

    /// Replaces a selected default with nothing.
    private mutating func clearSelection() {
        text = ""
        cursor = 0
        scrollOffset = 0
        isSelected = false
    }

    /// Applies the usual readline-style binding for `key`; returns false when the key is not an edit.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        if isSelected {
            switch key {
            case .character: break
            case .backspace, .control("h"), .delete, .control("d"), .control("u"), .control("k"), .control("w"):
                clearSelection()
                return true
            default:
                isSelected = false
            }
        }
        switch key {
        case .character(let character): insert(character)
        case .backspace, .control("h"): backspace()
        case .delete, .control("d"): deleteForward()
        case .left, .control("b"): moveLeft()
        case .right, .control("f"): moveRight()
        case .home, .control("a"): moveToStart()
        case .end, .control("e"): moveToEnd()
        case .control("u"): killToStart()
        case .control("k"): killToEnd()
        case .control("w"): deleteWordBackward()
        case .alt("b"): moveByWord(forward: false)
        case .alt("f"): moveByWord(forward: true)
        default: return false
        }
        return true
    }

    /// The first visible grapheme for a field `width` columns wide: `scrollOffset` moved just enough
    /// that the cursor cell (one column past the end when the cursor is at the end) fits.
    public func visibleStart(width: Int) -> Int {
        let characters = Array(text)
        var start = min(max(0, scrollOffset), cursor)
        let cursorWidth = cursor < characters.count ? DisplayWidth.width(of: characters[cursor]) : 1
        var columns = characters[start..<cursor].reduce(0) { $0 + DisplayWidth.width(of: $1) } + cursorWidth
        while start < cursor, columns > width {
            columns -= DisplayWidth.width(of: characters[start])
            start += 1
        }
        return start
    }

    /// Stores the corrected scroll offset so scrolling is stable from frame to frame.
    public mutating func scrollToCursor(width: Int) {
        scrollOffset = visibleStart(width: width)
    }

    /// The cursor's column relative to the field's left edge, for placing the terminal cursor.
    public func cursorColumn(width: Int) -> Int {
        let start = visibleStart(width: width)
        return Array(text)[start..<cursor].reduce(0) { $0 + DisplayWidth.width(of: $1) }
    }

    /// Draws the visible part of the text (or the placeholder) on the first row of `rect`.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let origin = Position(x: rect.x, y: rect.y)
        if text.isEmpty, !placeholder.isEmpty {
            buffer.write(placeholder, at: origin, style: placeholderStyle, maxWidth: rect.width)
        } else {
            let visible = String(Array(text)[visibleStart(width: rect.width)...])
            buffer.write(visible, at: origin, style: isSelected ? style.patched(with: .reversed) : style, maxWidth: rect.width)
        }
        guard showsCursor else { return }
        let column = cursorColumn(width: rect.width)
        let characters = Array(text)
        let cursorWidth = cursor < characters.count ? DisplayWidth.width(of: characters[cursor]) : 1
        let cursorRect = Rect(x: rect.x + column, y: rect.y, width: cursorWidth, height: 1).clamped(to: rect)
        buffer.setStyle(cursorRect, style: cursorStyle)
    }

    private mutating func removeGraphemes(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(lower, offsetBy: range.count)
        text.removeSubrange(lower..<upper)
    }

    private static func sanitized(_ string: String) -> String {
        String(string.compactMap { character -> Character? in
            if character.isNewline || character == "\t" { return " " }
            return DisplayWidth.isControl(character) ? nil : character
        })
    }
}
