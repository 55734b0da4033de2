import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// Reading a Postman collection, a `.http` file, a HAR file, an Insomnia export or an OpenAPI description to import, for `apiexplorer import` and for the explorer's `I` on an
/// empty tree, so both read a file the same way.
enum FileImport {
    /// The kind of the file at `path` by its name: `.http` and `.rest` files, HAR files (`.har`), OpenAPI descriptions
    /// (`.yaml`, `.yml`), Postman exports (`.json`, read as Insomnia or OpenAPI when the file is one); nil otherwise.
    static func kind(of path: String) -> ImportKind? {
        switch PathText.pathExtension(path).lowercased() {
        case "http", "rest": return .http
        case "har": return .har
        case "yaml", "yml": return .openapi
        case "json": return .postman
        default: return nil
        }
    }

    /// Reads `source` as `kind` with `environments` (Postman: environment exports; http: the public file, else
    /// `http-client.env.json` beside the source, with the private one beside that). With `detectsInsomnia` (the
    /// explorer's `I`, which knows a file only by its name) a `.json` that is an Insomnia export is read as one; `-`
    /// is standard input for HAR and Insomnia. Returns what it holds and the directory its body files are read from.
    /// Throws `ImportError` naming the file.
    static func read(_ source: String, kind: ImportKind, environments: [String], keepCookies: Bool = false,
                     detectsInsomnia: Bool = false) throws -> (result: ImportResult, sourceDirectory: String) {
        switch kind {
        case .har:
            let data = source == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try read(source)
            return (try HARImporter.importArchive(data, source: source == "-" ? "stdin" : source, keepCookies: keepCookies),
                    PathText.deletingLastComponent(source))
        case .insomnia:
            let data = source == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try read(source)
            return (try InsomniaImporter.importExport(data, source: source == "-" ? "stdin" : source),
                    source == "-" ? "" : PathText.deletingLastComponent(source))
        case .openapi:
            let data = source == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try read(source)
            return (try openAPI(data, source: source), source == "-" ? "" : PathText.deletingLastComponent(source))
        case .postman:
            let data = try read(source)
            if detectsInsomnia, InsomniaImporter.looksLikeInsomnia(data) {
                return (try InsomniaImporter.importExport(data, source: source), PathText.deletingLastComponent(source))
            }
            if detectsInsomnia, OpenAPIImporter.looksLikeOpenAPI(data) {
                return (try openAPI(data, source: source), PathText.deletingLastComponent(source))
            }
            let files = try environments.map { (data: try read($0), source: $0) }
            return (try PostmanImporter.importCollection(data, source: source, environments: files), PathText.deletingLastComponent(source))
        case .http, .curl:
            let text = try text(of: source)
            let directory = PathText.deletingLastComponent(source)
            let publicFile = environments.first ?? PathText.appending(directory, "http-client.env.json")
            let privateFile = PathText.appending(environments.first.map(PathText.deletingLastComponent) ?? directory,
                                                 "http-client.private.env.json")
            let publicEnvironments = try optionalFile(publicFile, required: !environments.isEmpty)
            let privateEnvironments = try optionalFile(privateFile, required: false)
            return (try HTTPFileImporter.importFile(text, source: source, environments: publicEnvironments,
                                                    privateEnvironments: privateEnvironments), directory)
        case .grpc:
            // A server, not a file: `import grpc` asks it over the network.
            throw ImportError(SourceLocation(file: source), "a gRPC server is imported with apiexplorer import grpc URL, not read as a file")
        }
    }

    /// An OpenAPI description as a collection that remembers the file (its `spec:` key), for contract checks and sync;
    /// one read from standard input has no file to remember.
    static func openAPI(_ data: Data, source: String) throws -> ImportResult {
        var result = try OpenAPIImporter.importSpec(data, source: source == "-" ? "stdin" : source)
        if source != "-" {
            let absolute = source.hasPrefix("/") ? source : PathText.appending(FileManager.default.currentDirectoryPath, source)
            result.collection.spec = (absolute as NSString).standardizingPath
        }
        return result
    }

    /// The bytes of `path`, or an `ImportError` saying why not.
    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (permission denied?)" : "does not exist"
            throw ImportError(SourceLocation(file: path), reason)
        }
        return data
    }

    /// The UTF-8 text of `path`, or an `ImportError` saying why not.
    static func text(of path: String) throws -> String {
        guard let text = String(data: try read(path), encoding: .utf8) else {
            throw ImportError(SourceLocation(file: path), "is not UTF-8 text")
        }
        return text
    }

    private static func optionalFile(_ path: String, required: Bool) throws -> (data: Data, source: String)? {
        guard required || FileManager.default.fileExists(atPath: path) else { return nil }
        return (try read(path), path)
    }
}
