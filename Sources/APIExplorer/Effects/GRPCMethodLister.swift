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
        guard case let .listGRPCMethods(key, resolver, fresh) = effect else { return }
        Task.detached {
            let (schema, failure) = await schema(resolver, demo: demo, fresh: fresh)
            let methods = schema.map(choices) ?? []
            inbox.post(.grpcMethodsListed(key: key, methods: methods, outline: schema.map(outline), failure: failure, fresh: fresh))
        }
    }

    /// Each method with an example of its request message.
    static func choices(_ schema: ProtoSchema) -> [GRPCMethodChoice] {
        schema.methods.map { method in
            GRPCMethodChoice(reference: method.reference, kind: method.kind, inputType: method.inputType,
                             example: ProtoExample.json(for: method.inputType, in: schema), clientStreaming: method.clientStreaming)
        }
    }

    /// Each message's fields as completion reads them; a well-known type written as a string, number or free JSON
    /// (Timestamp, Struct, wrappers…) has no fields to complete.
    static func outline(_ schema: ProtoSchema) -> GRPCOutline {
        var messages: [String: [GRPCFieldOutline]] = [:]
        for (name, message) in schema.messages where !message.isMapEntry && !name.hasPrefix("google.protobuf.") {
            messages[name] = message.fields.map { field in
                var nested: String?
                if let entry = field.mapEntry {
                    if case let .message(value) = entry.value, !value.hasPrefix("google.protobuf.") { nested = value }
                } else if case let .message(type) = field.type, !type.hasPrefix("google.protobuf.") {
                    nested = type
                }
                return GRPCFieldOutline(name: field.jsonName, message: nested, isList: field.isRepeated && field.mapEntry == nil,
                                        isMap: field.mapEntry != nil)
            }
        }
        return GRPCOutline(messages: messages)
    }

    /// The schema of the request's server: from its files, else fresh by reflection when `fresh`, else from the cache.
    private static func schema(_ resolver: RequestResolver, demo: DemoServerLauncher, fresh: Bool) async -> (ProtoSchema?, String?) {
        let pipeline = SendPipeline(demo: demo, history: nil, source: "explorer")
        let ready: RequestResolver
        let resolved: ResolvedRequest
        do throws(SendFailure) {
            (ready, resolved) = try await pipeline.ready(resolver)
        } catch {
            return (nil, error.description)
        }
        let masker = SecretMasker(secrets: resolved.secretValues)
        let schema: ProtoSchema
        do throws(GRPCFailure) {
            let invocation = try GRPCRequestCall(resolved: resolved, resolver: ready, history: nil, source: "explorer").invocation()
            if let files = try GRPCSchemaFileReader.read(invocation.schemaFiles, environment: invocation.environment) {
                schema = files
            } else if !fresh {
                // A quiet look: the schema a call or the picker kept, or none (no network while typing).
                guard let authority = GRPCConnection.authority(of: invocation.url), let cached = invocation.cache?.read(authority) else {
                    return (nil, nil)
                }
                schema = cached
            } else {
                schema = try await GRPCReflection.schema(of: invocation.url, options: invocation.options, metadata: invocation.metadata,
                                                         timeout: min(invocation.timeout ?? 30, 30), cache: invocation.cache)
            }
        } catch {
            return (nil, masker.mask(error.description))
        }
        return (schema, nil)
    }
}
