import ExplorerCore
import ExplorerWorkspace
import Foundation

/// One gRPC call as a request file describes it: the server, the method, the schema's files (or reflection, cached),
/// metadata, the request messages as JSON and the deadline. `run` connects, finds the method, encodes, calls and
/// decodes, and always returns an exchange: the replies and status, or why there was no call.
public struct GRPCInvocation: Sendable {
    /// `grpc://host:port` or `grpcs://host:port`.
    public var url: URL
    /// `shop.v1.Inventory/GetItem`.
    public var method: String
    /// The collection's `protoset:` or `proto:`; empty for reflection.
    public var schemaFiles = GRPCSchemaFiles()
    /// Sent as headers.
    public var metadata: [(name: String, value: String)] = []
    /// The request messages in proto3 JSON: one for unary and server-streaming calls, any number for client streams.
    public var messages: [String] = []
    /// The deadline in seconds (`grpc-timeout`); nil for none.
    public var timeout: Double?
    /// TLS, proxy, compression and limits.
    public var options = GRPCCallOptions()
    /// Where reflected schemas are kept; nil keeps none.
    public var cache: GRPCSchemaCache?
    /// PATH for protoc.
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    /// A call of `method` on the server at `url`.
    public init(url: URL, method: String) {
        self.url = url
        self.method = method
    }

    /// Makes the call, reporting each step to `progress` as it happens. Cancelling the task cancels the call (the
    /// status is then CANCELLED and what arrived is kept).
    public func run(progress: @escaping @Sendable (GRPCProgress) -> Void = { _ in }) async -> GRPCExchange {
        let started = ContinuousClock.now
        var exchange = await perform(started: started, progress: progress)
        exchange.duration = Self.seconds(since: started)
        return exchange
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func perform(started: ContinuousClock.Instant, progress: @escaping @Sendable (GRPCProgress) -> Void) async -> GRPCExchange {
        func elapsed() -> Double { Self.seconds(since: started) }
        var exchange = GRPCExchange()
        exchange.metadata = metadata
        var schema: ProtoSchema?
        do { schema = try GRPCSchemaFileReader.read(schemaFiles, environment: environment) } catch {
            exchange.failure = error.description
            return exchange
        }
        let connection: GRPCConnection
        do { connection = try await GRPCConnection.open(to: url, options: options) } catch {
            exchange.failure = error.description
            exchange.isTransportFailure = error.isConnection
            return exchange
        }
        defer { connection.close() }
        let target: ProtoMethod
        do {
            (schema, target) = try await find(schema: schema, over: connection)
        } catch {
            exchange.failure = error.description
            exchange.isTransportFailure = error.isConnection
            return exchange
        }
        guard let schema else { return exchange }
        exchange.method = target
        let outgoing = target.clientStreaming ? messages : [messages.first ?? "{}"]
        if !target.clientStreaming, messages.count > 1 {
            exchange.failure = "\(target.reference) is \(target.kind): it takes one request message, the request has \(messages.count)"
            return exchange
        }
        let encoder = ProtoMessageEncoder(schema: schema)
        var encoded: [[UInt8]] = []
        for (index, message) in outgoing.enumerated() {
            do { encoded.append(try encoder.encode(json: message, as: target.inputType)) } catch {
                let which = target.clientStreaming ? "message \(index + 1)" : "the request message"
                exchange.failure = "\(which) is not a \(target.inputType): \(error)"
                return exchange
            }
        }
        let call: GRPCCall
        do { call = try await connection.start(path: target.path, metadata: metadata, timeout: timeout) } catch {
            exchange.failure = error.description
            exchange.isTransportFailure = error.isConnection
            return exchange
        }
        progress(.started(address: connection.remoteAddress, method: target))
        for (json, bytes) in zip(outgoing, encoded) {
            call.send(bytes)
            exchange.sent.append(json)
            progress(.sent(json))
        }
        call.closeSending()
        let decoder = ProtoMessageDecoder(schema: schema)
        await withTaskCancellationHandler {
            for await event in call.events {
                switch event {
                case let .headers(headers):
                    exchange.headers = headers
                    progress(.headers(headers))
                case let .message(bytes):
                    let reply: GRPCReply
                    do {
                        let decoded = try decoder.decode(bytes, as: target.outputType)
                        reply = GRPCReply(json: decoded.json, unknownFields: decoded.unknownFields, time: elapsed())
                    } catch {
                        reply = GRPCReply(json: "\"" + Data(bytes).base64EncodedString() + "\"",
                                          unknownFields: ["the reply does not decode as \(target.outputType): \(error); its bytes are shown as base64"],
                                          time: elapsed())
                    }
                    exchange.replies.append(reply)
                    progress(.reply(reply))
                case let .end(status, trailers):
                    exchange.status = status
                    exchange.trailers = trailers
                    exchange.statusDetails = status.details.flatMap { GRPCStatusDetails.json($0, schema: schema) }
                }
            }
        } onCancel: {
            call.cancel("interrupted by the client")
        }
        return exchange
    }

    /// The schema (from the files, the cache, or reflection) and the method in it; a cached schema without the
    /// method is asked for again, as the server may have changed.
    private func find(schema: ProtoSchema?, over connection: GRPCConnection) async throws(GRPCFailure) -> (ProtoSchema, ProtoMethod) {
        if let schema {
            do { return (schema, try schema.method(method)) } catch { throw GRPCFailure(error.description) }
        }
        if let cached = cache?.read(connection.authority), let found = try? cached.method(method) { return (cached, found) }
        let reflected = try await GRPCReflection.schema(over: connection, metadata: metadata, timeout: min(timeout ?? 30, 30), cache: cache)
        do { return (reflected, try reflected.method(method)) } catch { throw GRPCFailure(error.description) }
    }
}
