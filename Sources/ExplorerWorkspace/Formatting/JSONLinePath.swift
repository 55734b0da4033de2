import Foundation

/// The JSONPath of the value on one line of a pretty-printed JSON body (`$.user.name`, `$.items[2].id`), found by
/// walking the lines above it as the formatter laid them out (one member or item per line, containers opened at the
/// end of a line and closed on a line of their own, empty ones on one line).
public enum JSONLinePath {
    /// The path of the value that starts on line `index` of `lines`, with a name for it (its key, else the nearest
    /// key above, else `value`); nil on a line that closes a container or past the end.
    public static func path(at index: Int, in lines: [BodyLine]) -> (path: String, name: String)? {
        // Each open container: its path, whether it is an array, and how many items it has had so far.
        var stack: [(path: String, name: String, isArray: Bool, count: Int)] = []
        for (number, line) in lines.enumerated() where number <= index {
            let tokens = line.tokens.filter { $0.kind != .json(.whitespace) }
            guard let first = tokens.first else { continue }
            var key: String?
            var rest = tokens[...]
            if first.kind == .json(.key) {
                key = decoded(first.text)
                rest = tokens.dropFirst().drop { $0.kind == .json(.punctuation) && $0.text == ":" }
            }
            let opener = rest.first.map { $0.kind == .json(.punctuation) && ($0.text.hasPrefix("{") || $0.text.hasPrefix("[")) } ?? false
            let closes = rest.contains { $0.kind == .json(.punctuation) && ($0.text.contains("}") || $0.text.contains("]")) }
            if key == nil, !opener, closes {
                // A line that only closes a container.
                if number == index { return nil }
                stack.removeLast(stack.isEmpty ? 0 : 1)
                continue
            }
            let path: String
            let name: String
            if let key {
                path = (stack.last?.path ?? "$") + segment(key)
                name = key
            } else if let top = stack.last, top.isArray {
                stack[stack.count - 1].count += 1
                path = top.path + "[\(stack[stack.count - 1].count - 1)]"
                name = top.name
            } else {
                path = "$"
                name = "value"
            }
            if number == index { return (path, name) }
            // An empty container (`{}`, `[]`) opens and closes on the same line.
            if opener, !closes { stack.append((path, name, rest.first?.text.hasPrefix("[") == true, 0)) }
        }
        return nil
    }

    /// `.name` for a plain name, `["…"]` for any other.
    static func segment(_ key: String) -> String {
        let plain = key.first.map { $0.isLetter || $0 == "_" } == true && key.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
        return plain ? "." + key : "[" + JSONValue.quoted(key) + "]"
    }

    /// A key token's text (quotes and escapes included) as the name it spells.
    private static func decoded(_ token: String) -> String {
        if case let .array(items)? = JSONValue.parse(Data("[\(token)]".utf8)), case let .string(text)? = items.first { return text }
        return String(token.dropFirst().dropLast())
    }
}
