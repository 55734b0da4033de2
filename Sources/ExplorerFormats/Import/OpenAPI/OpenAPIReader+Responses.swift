import ExplorerCore
import ExplorerWorkspace

/// Responses as saved examples, for `apiexplorer mock`: each operation's declared responses, successes first, their
/// bodies from the spec's example or made from the schema by the generator request bodies use.
extension OpenAPIReader {
    /// Every operation's responses by `METHOD url`, the key the importer gives the request it makes of the operation.
    package mutating func responseExamples() -> [String: [RequestExample]] {
        samplesResponses = true
        defer { samplesResponses = false }
        var result: [String: [RequestExample]] = [:]
        for (path, item) in document["paths"]?.members ?? [] {
            guard let item = references.resolve(item, report: &report) else { continue }
            for method in Self.methods {
                guard let operation = item[method], operation.value.members != nil else { continue }
                result["\(method.uppercased()) \(Self.requestURL(path))"] = responses(of: operation)
            }
        }
        return result
    }

    /// The operation's responses: explicit 2xx codes first, then the other codes, `default` as 200 only when no
    /// success is declared; ranges (`4XX`) as their first code.
    private mutating func responses(of operation: OpenAPINode) -> [RequestExample] {
        let declared = operation["responses"]?.members ?? []
        let coded: [(status: Int, node: OpenAPINode)] = declared.compactMap { entry in
            let key = entry.key.uppercased()
            if let code = Int(key), (100...599).contains(code) { return (code, entry.node) }
            if key.count == 3, key.hasSuffix("XX"), let hundreds = Int(key.prefix(1)), (1...5).contains(hundreds) { return (hundreds * 100, entry.node) }
            return nil
        }
        var ordered = coded.filter { (200..<300).contains($0.status) } + coded.filter { !(200..<300).contains($0.status) }
        if !ordered.contains(where: { (200..<300).contains($0.status) }), let fallback = declared.first(where: { $0.key == "default" }) {
            ordered.insert((200, fallback.node), at: 0)
        }
        var examples: [RequestExample] = []
        for (status, node) in ordered {
            guard let response = references.resolve(node, report: &report) else { continue }
            for example in self.examples(of: response, status: status) where !examples.contains(where: { $0.name == example.name }) {
                examples.append(example)
            }
        }
        return examples
    }

    /// One response's examples: one per named example of its media type (`200 found`), else one named by its status.
    private mutating func examples(of response: OpenAPINode, status: Int) -> [RequestExample] {
        if isSwagger {
            let given = response["examples"]?.members.first { Self.kind(of: $0.key) != nil }
            let value = given?.node.value ?? response["schema"].flatMap { sample($0) }
            let type = given?.key ?? "application/json"
            return [example(name: "\(status)", status: status, type: value == nil ? nil : type, value: value)]
        }
        let content = response["content"]?.members ?? []
        let choices = content.compactMap { entry in Self.kind(of: entry.key).map { (kind: $0, type: entry.key, media: entry.node) } }
        guard let chosen = choices.first(where: { $0.kind == .json }) ?? choices.first(where: { $0.kind == .text }) else {
            return [example(name: "\(status)", status: status, type: nil, value: nil)]
        }
        let media = chosen.media
        if let value = media["example"]?.value {
            return [example(name: "\(status)", status: status, type: chosen.type, value: value)]
        }
        var named: [RequestExample] = []
        for (key, entry) in media["examples"]?.members ?? [] {
            guard let resolved = references.resolve(entry, report: &report), let value = resolved["value"]?.value else { continue }
            named.append(example(name: "\(status) \(key)", status: status, type: chosen.type, value: value))
        }
        if !named.isEmpty { return named }
        let value = media["schema"].flatMap { sample($0) }
        return [example(name: "\(status)", status: status, type: chosen.type, value: value)]
    }

    private func example(name: String, status: Int, type: String?, value: LocatedJSONValue?) -> RequestExample {
        guard let type, let value else { return RequestExample(name: name, status: status) }
        let body = Self.kind(of: type) == .json ? value.jsonText : value.stringValue ?? value.jsonText
        return RequestExample(name: name, status: status, headers: [KeyValue("Content-Type", type)], body: body)
    }
}
