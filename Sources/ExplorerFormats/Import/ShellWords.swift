import ExplorerWorkspace
import Foundation

/// Splits a POSIX shell command line into words the way `sh` would, for pasted `curl` commands: single quotes,
/// double quotes, `$'…'` (which browsers use for text with control characters), backslash escapes, and
/// backslash-newline continuations. Windows `^` continuations at line ends are accepted too.
enum ShellWords {
    /// One word and the 1-based line it starts on.
    struct Word: Equatable {
        var text: String
        var line: Int
    }

    /// The words of `text`; an unclosed quote is an error naming the line it opened on.
    static func split(_ text: String, source: String) throws(ImportError) -> [Word] {
        var words: [Word] = []
        var current = ""
        var inWord = false
        var wordLine = 1
        var line = 1
        var characters = Array(text.replacingOccurrences(of: "\r\n", with: "\n"))
        // `^` at the end of a line is cmd.exe's continuation ("Copy as cURL (cmd)").
        var index = 0
        func start() { if !inWord { inWord = true; wordLine = line } }
        func finish() {
            if inWord { words.append(Word(text: current, line: wordLine)) }
            current = ""
            inWord = false
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                if index + 1 < characters.count {
                    let next = characters[index + 1]
                    index += 2
                    if next == "\n" { line += 1; continue }
                    start()
                    current.append(next)
                } else {
                    index += 1
                }
                continue
            case "^" where index + 1 < characters.count && characters[index + 1] == "\n" && !inWord:
                index += 2
                line += 1
                continue
            case " ", "\t":
                finish()
            case "\n":
                finish()
                line += 1
            case "'":
                start()
                let openLine = line
                index += 1
                while index < characters.count, characters[index] != "'" {
                    if characters[index] == "\n" { line += 1 }
                    current.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw unclosed("'", line: openLine, source: source) }
            case "\"":
                start()
                let openLine = line
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count, "\"\\$`\n".contains(characters[index + 1]) {
                        if characters[index + 1] == "\n" { line += 1 } else { current.append(characters[index + 1]) }
                        index += 2
                        continue
                    }
                    if characters[index] == "\n" { line += 1 }
                    current.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw unclosed("\"", line: openLine, source: source) }
            case "$" where index + 1 < characters.count && characters[index + 1] == "'":
                start()
                let openLine = line
                index += 2
                var closed = false
                while index < characters.count {
                    let c = characters[index]
                    if c == "'" { closed = true; break }
                    if c == "\n" { line += 1 }
                    if c == "\\", index + 1 < characters.count {
                        index += 1
                        current += ansiEscape(&index, in: characters)
                        continue
                    }
                    current.append(c)
                    index += 1
                }
                guard closed else { throw unclosed("$'", line: openLine, source: source) }
            case "#" where !inWord:
                // A comment runs to the end of the line.
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            default:
                start()
                current.append(character)
            }
            index += 1
        }
        finish()
        characters.removeAll()
        return words
    }

    private static func unclosed(_ quote: String, line: Int, source: String) -> ImportError {
        ImportError(SourceLocation(file: source, line: line), "the quote \(quote) opened on line \(line) is never closed")
    }

    /// The text of one `$'…'` escape; `index` is just after the backslash and is left after the escape.
    private static func ansiEscape(_ index: inout Int, in characters: [Character]) -> String {
        let c = characters[index]
        index += 1
        func hex(_ maxDigits: Int) -> String {
            var value: UInt32 = 0
            var count = 0
            while count < maxDigits, index < characters.count, let digit = characters[index].hexDigitValue {
                value = value * 16 + UInt32(digit)
                index += 1
                count += 1
            }
            guard count > 0, let scalar = Unicode.Scalar(value) else { return "\\" + String(c) }
            return String(Character(scalar))
        }
        switch c {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "e", "E": return "\u{1B}"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "\\", "'", "\"", "?": return String(c)
        case "x": return hex(2)
        case "u": return hex(4)
        case "U": return hex(8)
        case "0"..."7":
            var value = UInt32(c.wholeNumberValue ?? 0)
            var count = 1
            while count < 3, index < characters.count, let digit = characters[index].wholeNumberValue, digit < 8 {
                value = value * 8 + UInt32(digit)
                index += 1
                count += 1
            }
            return Unicode.Scalar(value).map { String(Character($0)) } ?? ""
        default: return "\\" + String(c)
        }
    }
}
