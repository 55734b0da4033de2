import ExplorerCore
import ExplorerFormats
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
        if let items = (try? LocatedJSONParser.parse(Array(sent.utf8), source: "history"))?.items {
            invocation.messages = items.map(\.jsonText)
        } else {
            invocation.messages = sent.isEmpty ? [] : [sent]
        }
        return invocation
    }
}
