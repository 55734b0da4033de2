import ExplorerCore
import Foundation
import Yams

extension CollectionStore {
    /// `text` with `examples` added after the last item of its `examples:` block (or a new block at the end of the
    /// file), every other byte left as it was; nil when the block is not a list of items on lines of their own (a
    /// flow list `[]`), which a whole rewrite of the block handles instead.
    static func appendingExamples(_ examples: [RequestExample], to text: String, path: String) throws(SaveError) -> String? {
        guard !examples.isEmpty else { return text }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
            throw .unreadable(path: path, reason: "saving edits to JSON request files is not supported yet; convert it to YAML")
        }
        let node: Node?
        do { node = try Yams.compose(yaml: text, .basic, .default, .utf8) } catch { throw .unreadable(path: path, reason: "\(error)") }
        guard case let .mapping(mapping)? = node else { throw .unreadable(path: path, reason: "the file is not a mapping") }
        let keyLines = mapping.keys.compactMap { key in key.mark.map { (key.string, $0.line - 1) } }
        guard let entry = mapping.first(where: { $0.key.string == "examples" }), let start = entry.key.mark.map({ $0.line - 1 }) else {
            let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
            let block = ["examples:"] + examples.flatMap { YAMLText.exampleItem($0, indent: 2) }
            return text + separator + block.joined(separator: "\n") + "\n"
        }
        guard case let .sequence(sequence) = entry.value, !sequence.isEmpty else { return nil }
        var lines = text.components(separatedBy: "\n")
        var end = keyLines.map(\.1).filter { $0 > start }.min() ?? lines.count
        // Blank lines and comments right before the next key stay with that key.
        while end - 1 > start, lines[end - 1].trimmingCharacters(in: .whitespaces).isEmpty || lines[end - 1].hasPrefix("#") { end -= 1 }
        // Only a block list (`- ` items on lines below the key) can take more items below its last; Yams does not
        // tell the composed styles apart, so the text says. The new items line up with the first one.
        let first = lines[(start + 1)..<end].first { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }
        guard let first, first.trimmingCharacters(in: .whitespaces) == "-" || first.trimmingCharacters(in: .whitespaces).hasPrefix("- ") else { return nil }
        let indent = first.prefix { $0 == " " }.count
        lines.insert(contentsOf: examples.flatMap { YAMLText.exampleItem($0, indent: indent) }, at: end)
        return lines.joined(separator: "\n")
    }
}
