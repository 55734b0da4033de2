/// The `scripts:` block of a request file, written as the loader reads it back.
extension YAMLText {
    /// The `scripts:` block, or no lines when there are no scripts.
    static func scriptsBlock(_ scripts: ScriptsSpec) -> [String] {
        guard !scripts.isEmpty else { return [] }
        var lines = ["scripts:"]
        for phase in ScriptPhase.allCases {
            switch scripts[phase]?.body {
            case nil: break
            case let .inline(source)?: lines += text(phase.rawValue, source, indent: 2)
            case let .file(path)?: lines += ["  \(phase.rawValue):", "    file: \(scalar(path))"]
            }
        }
        return lines
    }
}
