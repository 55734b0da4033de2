import ArgumentParser
import ExplorerGRPC
import ExplorerWorkspace
import Foundation

/// The server and schema options of `grpc list` and `grpc describe`.
struct GRPCServerOptions: ParsableArguments {
    @Argument(help: "The server: grpc://host:port, or grpcs://host:port for TLS.")
    var url: String

    @Option(name: .long, help: "Read the schema from this descriptor set (protoc --include_imports --descriptor_set_out=FILE) instead of server reflection.")
    var protoset: String?

    @Option(name: .long, help: "Read the schema from this .proto file, compiled with protoc (repeatable).")
    var proto: [String] = []

    @Option(name: [.customShort("H"), .long], help: "Metadata for the reflection call, as 'name: value' (repeatable).")
    var header: [String] = []

    @Flag(name: .long, help: "grpcs: do not verify the server's certificate.")
    var insecure = false

    @Option(name: .customLong("ca-certificates"), help: "grpcs: a PEM file of CA certificates to trust besides the system's.")
    var caCertificates: String?

    @Option(name: .long, help: "Seconds the connection and reflection may take (default 30).")
    var timeout: Double = 30

    func validate() throws {
        if protoset != nil, !proto.isEmpty { throw ValidationError("give --protoset or --proto, not both") }
        if !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout takes seconds, more than 0 and at most 3600") }
        for entry in header where !entry.contains(":") { throw ValidationError("--header takes 'name: value', found '\(entry)'") }
    }

    /// The schema: from the files given, or from the server's reflection (kept in the state directory's cache).
    func schema() async throws -> ProtoSchema {
        let files = GRPCSchemaFiles(protoset: protoset.map(Self.absolute), proto: proto.map(Self.absolute))
        do {
            if let schema = try GRPCSchemaFileReader.read(files) { return schema }
        } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.failed)
        }
        guard let address = URL(string: url) else {
            StandardError.write("error: '\(url)' is not a URL (grpc://host:port or grpcs://host:port)")
            throw ExitCode(.failed)
        }
        var options = GRPCCallOptions()
        options.verifyTLS = !insecure
        options.tls.caCertificatesFile = caCertificates
        options.connectTimeout = timeout
        do {
            return try await GRPCReflection.schema(of: address, options: options, metadata: metadata, timeout: timeout, cache: .standard())
        } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(error.isConnection ? .trouble : .failed)
        }
    }

    /// `--header` values as metadata.
    var metadata: [(name: String, value: String)] {
        header.compactMap { entry in
            guard let colon = entry.firstIndex(of: ":") else { return nil }
            return (String(entry[..<colon]).trimmingCharacters(in: .whitespaces).lowercased(),
                    String(entry[entry.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
