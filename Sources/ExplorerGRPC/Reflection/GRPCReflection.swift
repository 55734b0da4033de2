import ExplorerCore
import Foundation

/// Asks a server for its schema over server reflection (`grpc.reflection.v1`, falling back to `v1alpha` for servers
/// that have only the older one): the services, then the files declaring them and every file those import.
public enum GRPCReflection {
    /// The two reflection services, newest first.
    static let services = ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]

    /// The schema of the server at `url`, asked for over a connection of its own (closed after), kept in `cache`.
    public static func schema(of url: URL, options: GRPCCallOptions, metadata: [(name: String, value: String)] = [], timeout: Double = 30,
                              cache: GRPCSchemaCache? = nil) async throws(GRPCFailure) -> ProtoSchema {
        let connection = try await GRPCConnection.open(to: url, options: options)
        defer { connection.close() }
        return try await schema(over: connection, metadata: metadata, timeout: timeout, cache: cache)
    }

    /// The schema `connection`'s server describes, kept in `cache` for the server; `timeout` bounds the whole exchange.
    public static func schema(over connection: GRPCConnection, metadata: [(name: String, value: String)] = [], timeout: Double = 30,
                              cache: GRPCSchemaCache? = nil) async throws(GRPCFailure) -> ProtoSchema {
        var lastStatus: GRPCStatus?
        for service in services {
            let call = try await connection.start(path: "/\(service)/ServerReflectionInfo", metadata: metadata, timeout: timeout)
            var session = Session(call: call)
            do {
                let schema = try await session.schema()
                // A cache that cannot be written costs the next call a reflection round trip, nothing more.
                try? cache?.write(schema, for: connection.authority)
                return schema
            } catch let status as GRPCStatus where status.code == .unimplemented {
                lastStatus = status
                continue
            } catch let status as GRPCStatus {
                throw GRPCFailure("server reflection failed: \(status); give a descriptor set instead (protoset: FILE, from protoc --descriptor_set_out --include_imports)", isConnection: status.code == .unavailable || status.code == .deadlineExceeded)
            } catch let failure as GRPCFailure {
                throw failure
            } catch {
                throw GRPCFailure("server reflection failed: \(error)", isConnection: true)
            }
        }
        throw GRPCFailure("the server does not offer reflection (\(lastStatus?.description ?? "UNIMPLEMENTED")); "
            + "give a descriptor set instead (protoset: FILE in collection.yaml, or --protoset FILE)")
    }

    /// One reflection stream: requests answered one at a time.
    private struct Session {
        let call: GRPCCall
        var replies: AsyncStream<GRPCEvent>.Iterator

        init(call: GRPCCall) {
            self.call = call
            replies = call.events.makeAsyncIterator()
        }

        mutating func schema() async throws -> ProtoSchema {
            defer { call.cancel("reflection is done") }
            guard case let .services(names) = try await ask(.listServices) else {
                throw GRPCFailure("server reflection answered the list of services with something else")
            }
            var files: [String: [UInt8]] = [:]
            var order: [String] = []
            func add(_ found: [[UInt8]]) throws {
                for bytes in found {
                    let schema = try ProtoSchema(fileDescriptors: [Data(bytes)])
                    guard let name = schema.fileNames.first, files[name] == nil else { continue }
                    files[name] = bytes
                    order.append(name)
                }
            }
            for name in names where !GRPCReflection.services.contains(name) {
                switch try await ask(.fileContainingSymbol(name)) {
                case let .files(found): try add(found)
                case let .error(code, message): throw GRPCFailure("server reflection has no file for \(name) (\(code): \(message))")
                case .services: break
                }
            }
            // Imports the server did not send along with the files that need them.
            var missing = try ProtoSchema(fileDescriptors: order.compactMap { files[$0] }.map { Data($0) }).missingDependencies
            var asked = Set<String>()
            while let name = missing.first(where: { !asked.contains($0) }) {
                asked.insert(name)
                if case let .files(found) = try await ask(.fileByFilename(name)) { try add(found) }
                missing = try ProtoSchema(fileDescriptors: order.compactMap { files[$0] }.map { Data($0) }).missingDependencies
            }
            return try ProtoSchema(fileDescriptors: order.compactMap { files[$0] }.map { Data($0) })
        }

        private mutating func ask(_ request: ReflectionRequest) async throws -> ReflectionResponse {
            call.send(request.encoded)
            while let event = await replies.next() {
                switch event {
                case .headers: continue
                case let .message(bytes): return try ReflectionResponse.decode(bytes)
                case let .end(status, _): throw status.code == .ok ? GRPCStatus(code: .internal, message: "the reflection stream ended early") : status
                }
            }
            throw GRPCStatus(code: .internal, message: "the reflection stream ended early")
        }
    }
}
