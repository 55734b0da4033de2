import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Fetches GraphQL schemas off the UI: the introspection query goes through the send pipeline as the request itself
/// would (its URL, headers, credentials, environment; not kept in history, it is not the user's exchange), the answer
/// is kept in the schema cache; and reads schemas the cache already has.
enum SchemaEffectRunner {
    /// Starts `effect` if it is one of these; other effects have their own runners.
    static func start(_ effect: AppEffect, inbox: MessageInbox, demo: DemoServerLauncher, cache: GraphQLSchemaCache) {
        switch effect {
        case let .introspect(key, resolver):
            let pipeline = SendPipeline(demo: demo, history: nil, source: "explorer")
            Task.detached {
                inbox.post(await fetch(key: key, resolver: resolver, pipeline: pipeline, cache: cache))
            }
        case let .readSchema(key):
            Task.detached {
                let cached = cache.read(key)
                inbox.post(.schemaFetched(key: key, schema: cached?.schema, fetched: cached?.fetched, failure: nil))
            }
        default:
            break
        }
    }

    /// Sends the introspection query for `key` and reads the answer; a schema that reads is written to the cache.
    static func fetch(key: GraphQLSchemaKey, resolver: RequestResolver, pipeline: SendPipeline, cache: GraphQLSchemaCache) async -> AppMessage {
        let exchange = await pipeline.send(GraphQLIntrospection.resolver(for: resolver), evaluating: false,
                                           limit: GraphQLIntrospection.limited)
        func failed(_ text: String) -> AppMessage { .schemaFetched(key: key, schema: nil, fetched: nil, failure: exchange.masker.mask(text)) }
        if case let .transport(error)? = exchange.failure, error.transportFailure == .tooLarge { return failed(GraphQLIntrospection.tooLargeText) }
        if let failure = exchange.failureText { return failed(failure) }
        guard let response = exchange.response else { return failed("no answer") }
        let status = response.urlResponse.statusCode
        let schema: GraphQLSchema
        do {
            schema = try GraphQLSchema(introspection: response.data)
        } catch {
            // A refusal (401, 403) is said as such; its body's error, if it has one, says why.
            let reason = GraphQLError.errors(in: response.data).first?.message
            guard (200..<300).contains(status) else { return failed("HTTP \(status)" + (reason.map { ": \($0)" } ?? "")) }
            return failed(error.description)
        }
        // A cache that cannot be written costs only a fetch in the next run; the schema is used now all the same.
        try? cache.write(response.data, for: key)
        return .schemaFetched(key: key, schema: schema, fetched: Date(), failure: nil)
    }
}
