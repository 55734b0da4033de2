import Yams

/// A YAML file as lines, changed one key or list item at a time where Yams's marks say they are, so every other
/// line (comments, blank lines, key order, keys apiexplorer does not know) stays byte for byte.
struct YAMLLines {
    /// A key of a block mapping: its text, and the line and column (from 0) it starts at.
    struct Key {
        var name: String
        var line: Int
        var column: Int
    }

    /// A block mapping: its keys in file order and the line its block ends before.
    struct Mapping {
        var node: Node.Mapping
        var keys: [Key]
        var end: Int

        /// The value of `key`, found by its text.
        func value(_ key: String) -> Node? { node.first { $0.key.string == key }?.value }
    }

    /// An item of a block sequence: its mapping, the line and column of its `-`, and the line it ends before.
    struct Item {
        var mapping: Mapping
        var dashLine: Int
        var dashColumn: Int
        var end: Int
    }

    var lines: [String]

    init(_ text: String) { lines = text.components(separatedBy: "\n") }

    /// The lines joined again.
    var text: String { lines.joined(separator: "\n") }

    static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// Blank lines and comments belong to no block: one that follows a block is left with what comes after it.
    static func isFiller(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// `end` moved back over blank lines and comments, never to `start` or before.
    func trimmed(_ end: Int, after start: Int) -> Int {
        var end = end
        while end - 1 > start, YAMLLines.isFiller(lines[end - 1]) { end -= 1 }
        return end
    }

    /// The keys of a block mapping node, ending at line `end`.
    func mapping(_ node: Node, end: Int) -> Mapping? {
        guard case let .mapping(mapping) = node else { return nil }
        let keys: [Key] = Array(mapping.keys).compactMap { key -> Key? in
            guard let name = key.string, let mark = key.mark else { return nil }
            return Key(name: name, line: mark.line - 1, column: mark.column - 1)
        }
        return Mapping(node: mapping, keys: keys, end: end)
    }

    /// The items of a block sequence that are mappings, each with where its `-` is and where it ends (the first later
    /// line at or left of the `-` that is not blank or a comment, within `limit`).
    func items(_ node: Node?, limit: Int) -> [Item] {
        guard case let .sequence(sequence)? = node else { return [] }
        return sequence.compactMap { element -> Item? in
            guard let first = mapping(element, end: limit)?.keys.first, lines.indices.contains(first.line) else { return nil }
            var dashLine = first.line
            var dashColumn = lines[first.line].prefix(first.column).lastIndex(of: "-").map { lines[first.line].distance(from: lines[first.line].startIndex, to: $0) }
            // A `-` alone on the line above its mapping.
            if dashColumn == nil, first.line > 0, lines[first.line - 1].trimmingCharacters(in: .whitespaces) == "-" {
                dashLine = first.line - 1
                dashColumn = YAMLLines.indent(lines[dashLine])
            }
            guard let dashColumn else { return nil }
            var end = dashLine + 1
            while end < limit, YAMLLines.isFiller(lines[end]) || YAMLLines.indent(lines[end]) > dashColumn { end += 1 }
            end = trimmed(end, after: dashLine)
            guard let item = mapping(element, end: end) else { return nil }
            return Item(mapping: item, dashLine: dashLine, dashColumn: dashColumn, end: end)
        }
    }

    /// Sets `key` of `mapping` to `block` (lines written from the key's column, the first starting with the key), or
    /// removes the key when `block` is nil. A new key goes after the mapping's last one.
    mutating func set(_ key: String, to block: [String]?, in mapping: Mapping) {
        guard let column = mapping.keys.first?.column else { return }
        let pad = String(repeating: " ", count: column)
        guard let index = mapping.keys.firstIndex(where: { $0.name == key }) else {
            guard let block, let last = mapping.keys.last else { return }
            let end = trimmed(mapping.keys.map(\.line).filter { $0 > last.line }.min() ?? mapping.end, after: last.line)
            lines.insert(contentsOf: block.map { pad + $0 }, at: end)
            return
        }
        let start = mapping.keys[index].line
        let end = trimmed(mapping.keys.map(\.line).filter { $0 > start }.min() ?? mapping.end, after: start)
        // The first key of a list item shares its line with the `-`, which the new first line keeps.
        let prefix = String(lines[start].prefix(column))
        if let block {
            lines.replaceSubrange(start..<end, with: [prefix + (block.first ?? "")] + block.dropFirst().map { pad + $0 })
            return
        }
        lines.removeSubrange(start..<end)
        if prefix.contains("-"), lines.indices.contains(start), YAMLLines.indent(lines[start]) >= column, !YAMLLines.isFiller(lines[start]) {
            lines[start] = prefix + lines[start].dropFirst(column)
        }
    }

    /// Adds a list item of `block` after `items` (which must not be empty), indented as their first one is.
    mutating func append(_ block: [String], after items: [Item]) {
        guard let first = items.first, let last = items.last, let keyColumn = first.mapping.keys.first?.column else { return }
        let gap = String(repeating: " ", count: max(1, keyColumn - first.dashColumn - 1))
        let dash = String(repeating: " ", count: first.dashColumn) + "-" + gap
        let pad = String(repeating: " ", count: first.dashColumn + 1 + gap.count)
        lines.insert(contentsOf: [dash + (block.first ?? "")] + block.dropFirst().map { pad + $0 }, at: last.end)
    }

    /// Removes a list item.
    mutating func remove(_ item: Item) {
        lines.removeSubrange(item.dashLine..<item.end)
    }
}
