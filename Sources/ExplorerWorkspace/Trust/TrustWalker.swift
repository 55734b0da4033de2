import Yams

/// Walks one parsed collection file for outside reads: templates in every scalar (keys too), `fromEnv:` keys, and
/// secret references (the values of `secrets.local.yaml`, and the `value` of a variable marked `secret: true`).
struct TrustWalker {
    /// The file walked, for locations.
    let file: String
    /// The collection's boundary, for `{{$file}}`.
    let boundary: CollectionBoundary
    /// True for `secrets.local.yaml`, whose every value may be a secret reference.
    let isSecretsFile: Bool
    /// What was found.
    private(set) var sites: [OutsideReadSite] = []

    init(file: String, boundary: CollectionBoundary, isSecretsFile: Bool) {
        self.file = file
        self.boundary = boundary
        self.isSecretsFile = isSecretsFile
    }

    mutating func walk(_ node: Node, isValue: Bool = false) {
        switch node {
        case let .scalar(scalar):
            templates(in: scalar.string, at: node)
            if isSecretsFile, isValue { reference(scalar.string, at: node) }
        case let .mapping(mapping):
            let isSecretVariable = mapping.contains { key, value in key.string == "secret" && value.string.map { ["true", "yes"].contains($0.lowercased()) } == true }
            for (key, value) in mapping {
                walk(key)
                walk(value, isValue: true)
                if key.string == "fromEnv", let name = value.string, !name.isEmpty { add(OutsideRead(.environment, name), at: value) }
                if isSecretVariable, key.string == "value", let text = value.string { reference(text, at: value) }
            }
        case let .sequence(sequence):
            for item in sequence { walk(item, isValue: true) }
        case .alias:
            // An alias repeats a node walked where its anchor is.
            break
        }
    }

    private mutating func templates(in text: String, at node: Node) {
        for name in TemplateScanner.names(in: text) {
            if let command = TemplateScanner.argument(of: "$command", in: name) {
                add(OutsideRead(.command, command), at: node)
            } else if let path = TemplateScanner.argument(of: "$file", in: name) {
                if let read = boundary.outsideRead(boundary.absolute(path)) { add(read, at: node) }
            } else if let key = TemplateScanner.environmentName(in: name) {
                add(OutsideRead(.environment, key), at: node)
            }
        }
    }

    private mutating func reference(_ text: String, at node: Node) {
        guard let reference = try? SecretReference.parse(text) else { return }
        add(reference.outsideRead, at: node)
    }

    private mutating func add(_ read: OutsideRead, at node: Node) {
        sites.append(OutsideReadSite(read, at: SourceLocation(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)))
    }
}
