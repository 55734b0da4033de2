import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// `apiexplorer import grpc URL`: a collection with one request per method of the server's schema, each with an
/// example message built from its input type (`messages:` for client streams) and a `grpcStatus: OK` check; a folder
/// per service when there are several; the URL as the default environment's base URL.
public enum GRPCImporter {
    /// The collection for `schema`, served at `url`; `protoset` (an absolute path) is copied into it and named in
    /// collection.yaml, for servers without reflection.
    public static func importSchema(_ schema: ProtoSchema, url: String, protoset: String? = nil) -> ImportResult {
        let services = schema.services
        let name = services.count == 1 ? (services.first?.fullName.split(separator: ".").last.map(String.init) ?? "gRPC") : (URL(string: url)?.host ?? "gRPC")
        let slug = ImportSlug.make(name, fallback: "grpc")
        var root = FolderSpec(name: name, slug: slug, directory: slug)
        for service in services {
            var taken = Set<String>()
            let requests = service.methods.map { method -> RequestSpec in
                var request = RequestSpec(name: method.name, slug: ImportSlug.unique(ImportSlug.make(kebab(method.name)), in: &taken), method: "GRPC",
                                          url: "{{baseURL}}")
                request.grpc = GRPCSpec(method: method.reference)
                let example = ProtoExample.json(for: method.inputType, in: schema)
                if method.clientStreaming {
                    request.messages = [SavedMessage(name: "message 1", format: .json, content: example)]
                } else {
                    request.body = .json(example)
                }
                request.checks = [CheckSpec(.grpcStatus(.ok), location: SourceLocation(file: ""))]
                return request
            }
            if services.count == 1 {
                root.requests = requests
            } else {
                let folderSlug = ImportSlug.make(service.fullName, fallback: "service")
                var folder = FolderSpec(name: service.fullName, slug: folderSlug, directory: slug + "/" + folderSlug)
                folder.requests = requests
                root.folders.append(folder)
            }
        }
        var collection = CollectionSpec(root: root, environments: [EnvironmentSpec(name: "default", baseURL: url, isDefault: true)])
        var attachments: [ImportAttachment] = []
        if let protoset {
            let file = PathText.lastComponent(protoset)
            collection.grpcSchema = GRPCSchemaFiles(protoset: file)
            attachments.append(ImportAttachment(sourcePath: protoset, destination: file))
        }
        return ImportResult(collection: collection, attachments: attachments)
    }

    /// `GetItem` → `get-item`.
    static func kebab(_ name: String) -> String {
        var out = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0 { out += "-" }
            out += character.lowercased()
        }
        return out
    }
}
