import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// An OpenAPI description and the files its `$ref`s name, as one JSON document the schema validator can follow:
/// `{"spec": main, "external": {"common.yaml": …}}`, every reference rewritten to a pointer inside it.
struct OpenAPISchemaBundle {
    /// The main file.
    let spec: String
    /// The relative file names of the external documents, by normalised path.
    private(set) var names: [String: String] = [:]
    /// The external documents converted so far, by relative name.
    private var external: [String: JSONValue] = [:]
    /// Parsed external documents waiting to be converted.
    private var pending: [(key: String, value: LocatedJSONValue)] = []
    /// Files that could not be read or parsed.
    private var unreadable: Set<String> = []

    init(spec: String) { self.spec = spec }

    /// The bundle of `root` (the main document) and every file reachable from it.
    mutating func document(_ root: LocatedJSONValue) -> JSONValue {
        let main = convert(root, file: spec)
        while let next = pending.popLast() {
            external[names[next.key] ?? next.key] = convert(next.value, file: next.key)
        }
        return .object(["spec": main, "external": .object(external)])
    }

    /// The pointer inside the bundle of `pointer` in the main file.
    static func pointer(inSpec pointer: String) -> String { "/spec" + pointer }

    /// A bundle pointer as a person reads it: `#/components/…` in the main file, `common.yaml#/Pet` in another.
    func readable(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "(schema #/spec", with: "(schema #")
        for name in names.values {
            out = out.replacingOccurrences(of: "(schema #/external/\(OpenAPINode.escape(name))", with: "(schema \(name)#")
        }
        return out
    }

    private mutating func convert(_ value: LocatedJSONValue, file: String) -> JSONValue {
        switch value.kind {
        case let .object(members):
            var object: [String: JSONValue] = [:]
            for member in members {
                if member.key == "$ref", let reference = member.value.stringValue {
                    object["$ref"] = .string(rewrite(reference, from: file))
                } else {
                    object[member.key] = convert(member.value, file: file)
                }
            }
            return .object(object)
        case let .array(items): return .array(items.map { convert($0, file: file) })
        default: return value.jsonValue
        }
    }

    /// `other.yaml#/Pet` read from `file` as `#/external/other.yaml/Pet`; a file that cannot be read keeps its
    /// reference, which the validator then reports as unresolved.
    private mutating func rewrite(_ reference: String, from file: String) -> String {
        let (filePart, fragment) = OpenAPIReferences.split(reference)
        let path = filePart.isEmpty ? file : OpenAPIReferences.joined(file, filePart)
        let key = OpenAPIReferences.normalised(path)
        if key == OpenAPIReferences.normalised(spec) { return "#/spec" + fragment }
        guard !filePart.lowercased().hasPrefix("http"), !unreadable.contains(key) else { return reference }
        if names[key] == nil {
            guard let data = FileManager.default.contents(atPath: path),
                  let parsed = try? OpenAPIDocumentParser.parse(Array(data), source: path) else {
                unreadable.insert(key)
                return reference
            }
            names[key] = relative(key)
            pending.append((key, parsed))
        }
        return "#/external/" + OpenAPINode.escape(names[key] ?? key) + fragment
    }

    private func relative(_ path: String) -> String {
        let directory = PathText.deletingLastComponent(OpenAPIReferences.normalised(spec))
        return path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
    }
}
