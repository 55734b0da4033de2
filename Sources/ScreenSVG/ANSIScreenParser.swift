import ExplorerTUI

/// Reads a screen as `tmux capture-pane -p -e` prints it (lines of text with SGR escapes) into a grid of styled cells.
///
/// The style carries from one line to the next, as tmux writes it: a line starts with whatever the previous one left
/// set, and tmux resets explicitly when it needs to. Escapes other than SGR (other CSI sequences, OSC hyperlinks,
/// DCS strings) take no room and are skipped. Widths are the explorer's own (`DisplayWidth`), the ones it laid the
/// screen out with.
struct ANSIScreenParser {
    /// The width of the grid; nil takes the widest line.
    var columns: Int?
    /// The height of the grid; nil takes the number of lines.
    var rows: Int?

    /// The grid `text` draws.
    func parse(_ text: String) -> ScreenGrid {
        var reader = Reader()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var pending = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\u{1B}" else {
                pending.append(scalar)
                index += 1
                continue
            }
            reader.write(String(pending))
            pending.removeAll()
            index = reader.escape(in: scalars, at: index)
        }
        reader.write(String(pending))
        var lines = reader.lines
        // A capture ends with a newline, which starts no further row.
        if lines.count > 1, lines.last?.isEmpty == true {
            lines.removeLast()
        }
        let height = rows ?? lines.count
        lines = Array(lines.prefix(height)) + Array(repeating: [], count: max(0, height - lines.count))
        let width = columns ?? lines.map { $0.count }.max() ?? 0
        return ScreenGrid(columns: width, lines: lines)
    }

    /// The cells read so far and the style in force.
    private struct Reader {
        var lines: [[ScreenCell]] = [[]]
        var style = CellStyle.plain

        /// Puts the graphemes of `text` into cells, starting a row at each line feed.
        mutating func write(_ text: String) {
            for character in text {
                switch character {
                case "\n", "\r\n":
                    lines.append([])
                case "\t":
                    let column = lines[lines.count - 1].count
                    let stop = (column / 8 + 1) * 8
                    lines[lines.count - 1] += Array(repeating: .blank(style), count: stop - column)
                default:
                    put(character)
                }
            }
        }

        private mutating func put(_ character: Character) {
            // Other control characters move nothing in a capture; they are not drawn.
            guard !DisplayWidth.isControl(character) else { return }
            let width = DisplayWidth.width(of: character)
            let row = lines.count - 1
            guard width > 0 else {
                // A lone zero-width character (a joiner, a selector) belongs to the grapheme before it.
                if let last = lines[row].lastIndex(where: { $0.width > 0 }) {
                    lines[row][last].text.append(character)
                }
                return
            }
            lines[row].append(ScreenCell(text: String(character), style: style, width: width))
            if width == 2 {
                lines[row].append(.continuation(style))
            }
        }

        /// Reads the escape sequence that starts at `start` (an ESC), applies it if it is SGR, and returns the index
        /// after it.
        mutating func escape(in scalars: [Unicode.Scalar], at start: Int) -> Int {
            var index = start + 1
            guard index < scalars.count else { return index }
            let introducer = scalars[index]
            index += 1
            switch introducer {
            case "[":
                var parameters = String.UnicodeScalarView()
                while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) {
                    parameters.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { return index }
                let final = scalars[index]
                if final == "m", (0x40...0x7E).contains(final.value) {
                    let text = String(parameters)
                    // A private marker (`<`, `=`, `>`, `?`) or an intermediate byte makes it another sequence.
                    if text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == ";" || $0 == ":" }) {
                        style.apply(sgr: Self.sgrParameters(text))
                    }
                }
                return index + 1
            case "]", "P", "X", "^", "_":
                // A string: OSC (ended by BEL or ST), DCS, SOS, PM or APC (ended by ST, ESC \).
                while index < scalars.count {
                    if introducer == "]", scalars[index] == "\u{07}" { return index + 1 }
                    if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
                    index += 1
                }
                return index
            default:
                // Two-character escapes, after any intermediate bytes (`ESC ( B`).
                var next = index - 1
                while next < scalars.count, (0x20...0x2F).contains(scalars[next].value) { next += 1 }
                return min(next + 1, scalars.count)
            }
        }

        /// `1;38:2::1:2:3` as `[[1], [38, 2, nil, 1, 2, 3]]`; an empty text is one parameter, 0.
        static func sgrParameters(_ text: String) -> [[Int?]] {
            text.split(separator: ";", omittingEmptySubsequences: false).map { parameter in
                parameter.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            }
        }
    }
}
