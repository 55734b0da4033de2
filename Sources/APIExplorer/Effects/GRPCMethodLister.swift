import ExplorerCore
import ExplorerGRPC
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// The explorer's method picker for a gRPC request, off the UI: the request prepared and resolved as a send would be
/// (its server, metadata, TLS, proxy), then the schema from the collection's files or, fresh, from the server's
/// reflection (kept in the cache for the calls after), and each method with an example of its request message.
enum GRPCMethodLister {
    /// Starts `.listGRPCMethods`.
    static func start(_ effect: AppEffect, inbox: MessageInbox, demo: DemoServerLauncher) {
        guard case let .listGRPCMethods(key, resolver) = effect else { return }
        Task.detached {
            let (methods, failure) = await list(resolver, demo: demo)
            inbox.post(.grpcMethodsListed(key: key, methods: methods, failure: failure))
        }
    }

    private static func list(_ resolver: RequestResolver, demo: DemoServerLauncher) async -> ([GRPCMethodChoice], String?) {
        let pipeline = SendPipeline(demo: demo, history: nil, source: "explorer")
        let ready: RequestResolver
        let resolved: ResolvedRequest
        do throws(SendFailure) {
            ready = try await pipeline.prepare(resolver)
            try await pipeline.readSecrets(ready)
            do throws(ResolveError) { resolved = try ready.resolve() } catch { throw .unresolved(error) }
        } catch {
            return ([], error.description)
        }
        let masker = SecretMasker(secrets: resolved.secretValues)
        let schema: ProtoSchema
        do throws(GRPCFailure) {
            let invocation = try GRPCRequestCall(resolved: resolved, resolver: ready, history: nil, source: "explorer").invocation()
            if let files = try GRPCSchemaFileReader.read(invocation.schemaFiles, environment: invocation.environment) {
                schema = files
            } else {
                let connection = try await GRPCConnection.open(to: invocation.url, options: invocation.options)
                defer { connection.close() }
                schema = try await GRPCReflection.schema(over: connection, metadata: invocation.metadata, timeout: min(invocation.timeout ?? 30, 30))
                try? invocation.cache?.write(schema, for: connection.authority)
            }
        } catch {
            return ([], masker.mask(error.description))
        }
        let choices = schema.methods.map { method in
            GRPCMethodChoice(reference: method.reference, kind: method.kind, example: ProtoExample.json(for: method.inputType, in: schema),
                             clientStreaming: method.clientStreaming)
        }
        return (choices, nil)
    }
}
