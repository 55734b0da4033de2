import ExplorerWorkspace
import Foundation

/// Reads a collection's gRPC schema from its files: a descriptor set as it is, `.proto` files through `protoc` (found
/// on PATH; this has no `.proto` parser of its own).
public enum GRPCSchemaFileReader {
    /// The schema `files` give; nil when they give none (reflection is used then).
    public static func read(_ files: GRPCSchemaFiles, environment: [String: String] = ProcessInfo.processInfo.environment) throws(GRPCFailure) -> ProtoSchema? {
        if let protoset = files.protoset {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: protoset)) } catch {
                throw GRPCFailure("\(protoset): cannot read the descriptor set (\(error.localizedDescription))")
            }
            do { return try ProtoSchema(descriptorSet: data) } catch { throw GRPCFailure("\(protoset): \(error)") }
        }
        guard !files.proto.isEmpty else { return nil }
        return try compile(files.proto, environment: environment)
    }

    /// `.proto` files compiled by protoc into a descriptor set (with their imports), each file's directory and the
    /// system's include directory (the well-known types) on the import path.
    public static func compile(_ protoFiles: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws(GRPCFailure) -> ProtoSchema {
        guard let protoc = executable("protoc", environment: environment) else {
            throw GRPCFailure("reading .proto files needs protoc on PATH (on Debian: apt-get install protobuf-compiler); "
                + "or give a descriptor set made elsewhere with protoc --include_imports --descriptor_set_out=FILE (protoset: FILE)")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("apiexplorer-\(UUID().uuidString).protoset")
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = ["--include_imports", "--descriptor_set_out=\(output.path)"]
        var includes: [String] = []
        for file in protoFiles {
            let directory = (file as NSString).deletingLastPathComponent
            if !includes.contains(directory) { includes.append(directory) }
        }
        if FileManager.default.fileExists(atPath: "/usr/include/google/protobuf/timestamp.proto") { includes.append("/usr/include") }
        arguments += includes.map { "--proto_path=\($0)" } + protoFiles
        let process = Process()
        process.executableURL = URL(fileURLWithPath: protoc)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw GRPCFailure("could not run \(protoc): \(error.localizedDescription)") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GRPCFailure("protoc could not compile \(protoFiles.joined(separator: ", ")):\n" + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        do { return try ProtoSchema(descriptorSet: try Data(contentsOf: output)) } catch { throw GRPCFailure("protoc's descriptor set does not read: \(error)") }
    }

    private static func executable(_ name: String, environment: [String: String]) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
