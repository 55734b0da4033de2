import ExplorerWorkspace
import Yams

extension CollectionYAML {
    /// One item of a request's `examples:`, keys in the order the loader documents them.
    static func example(_ example: RequestExample) -> Node {
        var pairs: [(String, Node)] = []
        if let name = example.name { pairs.append(("name", text(name))) }
        pairs.append(("status", plain(String(example.status))))
        if !example.headers.isEmpty { pairs.append(("headers", mapping(example.headers.map { ($0.name, text($0.value)) }))) }
        if !example.body.isEmpty { pairs.append(("body", block(example.body))) }
        return mapping(pairs)
    }
}
