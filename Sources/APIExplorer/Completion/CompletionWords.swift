import Foundation

/// The command line a shell asks to complete, as ArgumentParser hands it to a custom completion: every word as typed
/// (quotes and backslashes still in), which one is being completed, and its part before the cursor.
struct CompletionWords {
    /// The words, unquoted.
    let words: [String]
    /// The index of the word being completed.
    let index: Int
    /// The part of that word before the cursor, unquoted.
    let typed: String

    /// The line ArgumentParser passed: `words` as typed, `index` of the one completed, `prefix` of it before the cursor.
    init(words: [String], index: Int, prefix: String) {
        self.words = words.map(CompletionWords.unquoted)
        self.index = index
        typed = CompletionWords.unquoted(prefix)
    }

    /// The collections directory the command would read: `--collections DIR` (or `=DIR`) on the line, else the default.
    var collectionsDirectory: String {
        var given: String?
        for (position, word) in words.enumerated() where position != index {
            if word == "--collections", position + 1 < words.count, position + 1 != index {
                given = words[position + 1]
            } else if word.hasPrefix("--collections=") {
                given = String(word.dropFirst("--collections=".count))
            }
        }
        return CollectionsOptions.directory(given: given.map(CompletionWords.expandingTilde))
    }

    /// The words that may name a collection: not the command, an option, `--collections`'s value or the one completed.
    var arguments: [String] {
        words.indices.filter { position in
            position > 0 && position != index && !words[position].isEmpty && !words[position].hasPrefix("-")
                && words[position - 1] != "--collections"
        }.map { words[$0] }
    }

    /// `word` as the shell will pass it to the command: quotes removed, backslash escapes undone. The word being typed
    /// may still be open (`"Demo/Users/Get u`).
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var characters = word.makeIterator()
        while let character = characters.next() {
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                result.append(character)
            case ("\"", "\\"):
                // Inside double quotes a backslash escapes only these; before anything else it is itself.
                guard let next = characters.next() else { break }
                if !"$`\"\\".contains(next) { result.append("\\") }
                result.append(next)
            case (nil, "\\"):
                if let next = characters.next() { result.append(next) }
            case (nil, "'"), (nil, "\""):
                quote = character
            default:
                result.append(character)
            }
        }
        return result
    }

    /// `~` and `~/…` as the user's home directory, as the shell would have expanded them had the word been run.
    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
