import ExplorerWorkspace
import Yams

extension CollectionYAML {
    /// The `scripts:` pair of a request, folder or collection, or none when it has no scripts.
    static func scriptsPairs(_ scripts: ScriptsSpec) -> [(String, Node)] {
        guard !scripts.isEmpty else { return [] }
        var pairs: [(Node, Node)] = []
        for phase in ScriptPhase.allCases {
            switch scripts[phase]?.body {
            case nil: continue
            case let .inline(source)?:
                // A block keeps the script readable; a script YAML could not hold as a block is quoted.
                pairs.append((text(phase.rawValue), .scalar(Node.Scalar(source, Tag(.str), source.contains("\n") ? .literal : .doubleQuoted))))
            case let .file(path)?:
                pairs.append((text(phase.rawValue), .mapping(Node.Mapping([(text("file"), text(path))]))))
            }
        }
        return [("scripts", .mapping(Node.Mapping(pairs)))]
    }
}
