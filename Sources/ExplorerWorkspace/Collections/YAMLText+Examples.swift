import ExplorerCore

extension YAMLText {
    /// One item of `examples:`, its `- ` at `indent` spaces: name, status, headers as a mapping, body as text.
    static func exampleItem(_ example: RequestExample, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent + 2)
        var lines = ["status: \(example.status)"]
        if let name = example.name { lines.insert("name: \(scalar(name))", at: 0) }
        var tail: [String] = []
        if !example.headers.isEmpty {
            tail.append("\(pad)headers:")
            tail += example.headers.flatMap { text(scalar($0.name), $0.value, indent: indent + 4) }
        }
        if !example.body.isEmpty { tail += text("body", example.body, indent: indent + 2) }
        return [String(repeating: " ", count: indent) + "- " + lines[0]] + lines.dropFirst().map { pad + $0 } + tail
    }
}
