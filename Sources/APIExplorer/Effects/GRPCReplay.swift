import ExplorerCore
import ExplorerGRPC
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// A gRPC call from history made again: its server, method, metadata and messages as kept, masked metadata values
/// filled in from the request as it resolves now (`current`), and the schema, TLS and proxy of that request when there
/// is one (the cache or reflection when not).
enum GRPCReplay {
    /// The call the kept `exchange` describes; a failure says why it cannot be made again.
    static func invocation(for exchange: HistoryExchange, current: ResolvedRequest?, resolver: RequestResolver?) throws(GRPCFailure) -> GRPCInvocation {
        guard var components = URLComponents(string: exchange.request.url), let scheme = components.scheme, ["grpc", "grpcs"].contains(scheme) else {
            throw GRPCFailure("exchange #\(exchange.id ?? 0) is not a gRPC call that can be made again (\(exchange.request.url))")
        }
        let method = String(components.path.drop { $0 == "/" })
        components.path = ""
        guard let server = components.url, method.contains("/") else { throw GRPCFailure("\(exchange.request.url) names no method") }
        var invocation: GRPCInvocation
        if let current, let resolver, resolver.request.isGRPC {
            invocation = try current.grpcInvocation(resolver.request, messages: [], schemaFiles: resolver.collection.grpcSchema)
            invocation.url = server
            invocation.method = method
        } else {
            invocation = GRPCInvocation(url: server, method: method)
            invocation.timeout = 30
        }
        invocation.cache = GRPCSchemaCache.standard()
        let now = invocation.metadata
        invocation.metadata = try exchange.request.headers.map { header throws(GRPCFailure) -> (name: String, value: String) in
            guard header.value.contains(SecretMasker.mask) else { return (header.name, header.value) }
            guard let value = now.first(where: { $0.name == header.name.lowercased() })?.value else {
                throw GRPCFailure("the metadata \(header.name) was kept masked; select the request in the tree to replay it with its secret")
            }
            return (header.name, value)
        }
        let sent = String(decoding: exchange.request.body.data, as: UTF8.self)
        // History keeps a client stream's messages as one array, and one message as itself.
        if case .array? = JSONValue.parse(Data(sent.utf8)) {
            invocation.messages = splitArray(sent) ?? []
        } else {
            invocation.messages = sent.isEmpty ? [] : [sent]
        }
        return invocation
    }

    /// The items of a JSON array as their own text, in order; nil when `text` is not an array of objects.
    static func splitArray(_ text: String) -> [String]? {
        var items: [String] = []
        var depth = 0, start: String.Index?, inString = false, escaped = false
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[":
                depth += 1
                if depth == 2 { start = index }
            case "}", "]":
                if depth == 2, let begin = start { items.append(String(text[begin...index])) }
                depth -= 1
            default: break
            }
        }
        return items.isEmpty ? nil : items
    }
}
