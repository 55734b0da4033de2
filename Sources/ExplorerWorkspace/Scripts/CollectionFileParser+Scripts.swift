import Yams

extension CollectionFileParser {
    /// The keys of a `scripts:` mapping.
    static let scriptKeys = ScriptPhase.allCases.map(\.rawValue)

    /// The `scripts:` of a request, folder or collection file: each of `before:` and `after:` is inline text or a
    /// mapping with `file:`. A wrong shape is an error located at it.
    mutating func scripts(_ map: YAMLMap) throws(CollectionProblem) -> ScriptsSpec {
        guard let scripts = try map.map("scripts") else { return ScriptsSpec() }
        warnings += scripts.unknownKeys(allowed: CollectionFileParser.scriptKeys, in: "'scripts'")
        var spec = ScriptsSpec()
        for phase in ScriptPhase.allCases {
            guard let node = scripts.node(phase.rawValue) else { continue }
            spec[phase] = try script(node, key: "scripts.\(phase.rawValue)")
        }
        return spec
    }

    private func script(_ node: Node, key: String) throws(CollectionProblem) -> ScriptText {
        switch node {
        case let .scalar(scalar):
            var location = YAMLMap.location(of: node, in: file)
            // A block (`before: |`) starts on the line after its indicator.
            if scalar.style == .literal || scalar.style == .folded { location.line += 1 }
            return ScriptText(.inline(scalar.string), at: location)
        case .mapping:
            let entry = try YAMLMap(node, file: file, what: "'\(key)'")
            guard entry.mapping.count == 1, let path = try entry.string("file") else {
                throw CollectionProblem(YAMLMap.location(of: node, in: file),
                                        "expected '\(key)' to be the script's text or 'file: NAME.js' (relative to the collection)")
            }
            guard !path.isEmpty else { throw CollectionProblem(entry.location("file"), "'\(key).file' is empty; name a .js file") }
            return ScriptText(.file(path), at: entry.location("file"))
        default:
            throw CollectionProblem(YAMLMap.location(of: node, in: file),
                                    "expected '\(key)' to be the script's text or 'file: NAME.js', found \(YAMLMap.kind(of: node))")
        }
    }
}
