/// Carries the comments of a block being rewritten into its new lines, so a save stays surgical: an inline comment
/// (`- name: X-Trace   # trace id`) follows the line it was on when that line is still written, and a comment on a
/// line of its own stays above the line it stood above.
enum YAMLComments {
    /// `new` with the comments of `old` put back where their lines still are.
    static func carry(from old: [String], into new: [String]) -> [String] {
        var inline: [String: String] = [:]
        var above: [String: [String]] = [:]
        var pending: [String] = []
        let oldLiteral = literalLines(old)
        for (index, line) in old.enumerated() where !oldLiteral.contains(index) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                pending.append(line)
                continue
            }
            let (content, comment) = split(line)
            let key = content.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else {
                pending = []
                continue
            }
            if let comment, inline[key] == nil { inline[key] = comment }
            if !pending.isEmpty, above[key] == nil { above[key] = pending }
            pending = []
        }
        guard !inline.isEmpty || !above.isEmpty else { return new }
        var out: [String] = []
        let newLiteral = literalLines(new)
        for (index, line) in new.enumerated() {
            // A block scalar's lines are text, never comments, whatever they hold.
            guard !newLiteral.contains(index) else {
                out.append(line)
                continue
            }
            let key = line.trimmingCharacters(in: .whitespaces)
            if let comments = above.removeValue(forKey: key) { out += comments }
            if split(line).comment == nil, let comment = inline.removeValue(forKey: key) {
                out.append(line + comment)
            } else {
                out.append(line)
            }
        }
        return out
    }

    /// The indices of the lines inside block scalars (`content: |`, `- >-`): those more indented than their header,
    /// and the blank lines among them.
    static func literalLines(_ lines: [String]) -> Set<Int> {
        var inside: Set<Int> = []
        var header: Int?
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            if let open = header {
                if line.trimmingCharacters(in: .whitespaces).isEmpty || indent > open {
                    inside.insert(index)
                    continue
                }
                header = nil
            }
            let content = split(line).content.trimmingCharacters(in: .whitespaces)
            if let last = content.split(separator: " ").last, let first = last.first, first == "|" || first == ">",
               last.dropFirst().allSatisfy({ "+-0123456789".contains($0) }), content.hasSuffix(String(last)), content.count > last.count {
                header = indent
            }
        }
        return inside
    }

    /// A line's content and its comment with the spaces before it (`   # trace id`), nil when it has none. A `#` counts
    /// only after a space and outside quotes, as YAML reads it.
    static func split(_ line: String) -> (content: String, comment: String?) {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                let content = line[..<index]
                let trimmed = content.reversed().drop { $0 == " " || $0 == "\t" }
                let start = line.index(index, offsetBy: -(content.count - trimmed.count))
                return (String(line[..<start]), String(line[start...]))
            }
            previous = character
        }
        return (line, nil)
    }
}
