import ArgumentParser
import ExplorerCore
import ExplorerFormats
import ExplorerGRPC
import ExplorerWorkspace
import Foundation

/// `apiexplorer import KIND SOURCE --into DIR`: converts a Postman collection, a `.http` file, a curl command, a HAR
/// file, an Insomnia export or an OpenAPI description into a collection directory, written all at once or not at all.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Postman collection, a .http/.rest file, a curl command, a HAR file, an Insomnia export, an OpenAPI description or a gRPC server as a collection.",
        discussion: """
            postman: a Postman Collection v2.0/v2.1 export; add environments with --environment FILE (repeatable).
            http: a JetBrains/VS Code .http or .rest file; http-client.env.json and http-client.private.env.json beside it \
            become environments (private values become secrets in secrets.local.yaml). --environment FILE names the public file.
            curl: a curl command line ("Copy as cURL"); SOURCE is the command text, a file holding it, or - for standard input.
            har: a HAR file (browser devtools, proxies, `apiexplorer history export --har`), or - for standard input. Each \
            entry becomes a request in a folder named after its host; entries with the same method and URL are collapsed \
            into the first. The browser's own headers are left out (see README); cookies only with --keep-cookies.
            insomnia: an Insomnia v4 export (JSON), or - for standard input: workspaces, folders, requests and \
            environments (the base environment's values become variables, each sub-environment an environment).
            openapi: an OpenAPI 3.0/3.1 or Swagger 2.0 description, YAML or JSON, or - for standard input: servers \
            become environments, tags folders, operations requests with example parameters and bodies, security \
            schemes auth with secret variables. $refs to other files are read relative to the spec; URLs are not fetched. \
            The collection remembers its spec (spec: in collection.yaml) and what was imported (.openapi-sync.json); \
            --update then re-reads a newer spec into it: new operations are added, requests you have not edited are \
            updated, edited ones are left alone and listed with what the spec changed (added query parameter dryRun, \
            changed body), removed operations are listed and never deleted. --update --diff also prints, for each \
            edited request, the spec's version (---) beside yours (+++) as a unified diff. Broken $refs anywhere an \
            operation reaches (parameters, request bodies, responses) are listed by JSON pointer.
            grpc: a gRPC server (grpc://host:port, grpcs:// for TLS): one request per method of its services, found by \
            server reflection (or read from --protoset FILE, which is copied into the collection), each with an example \
            message of its input type and a grpcStatus: OK check; the URL becomes the default environment's baseURL.

            The collection is written to DIR/<name> through a temporary directory and moved into place at the end, so a \
            failed import leaves nothing behind. What could not be converted (scripts, OAuth, unknown flags, template tags) \
            is listed with where it was (an item's path, a line, or a JSON path such as log.entries[3]).

            Exit codes: 0 imported (possibly with items listed as not converted); 1 the source is malformed or unreadable \
            (the message names the file and line or JSON path); 2 the collection already exists (pass --force to replace it); \
            3 writing failed; 64 usage error (an unknown option or a missing argument). In cases 1-3 nothing is written. \
            With --update, 2 means there is no collection imported from a spec to update.
            """
    )

    @Argument(help: "postman, http, curl, har, insomnia, openapi or grpc.")
    var kind: ImportKind

    @Argument(help: "The file to import, or - for standard input (curl, har, insomnia, openapi); for curl also the command text; for grpc the server's URL.")
    var source: String

    @Option(name: .long, help: "grpc: read the schema from this descriptor set instead of server reflection (copied into the collection).")
    var protoset: String?

    @Option(name: .long, help: "The collections directory to write into (default: ./Collections, then $XDG_CONFIG_HOME/apiexplorer/collections).", completion: .directory)
    var into: String?

    @Option(name: .long, help: "The collection's name (default: from the source); its directory is the name in lower case with dashes.")
    var name: String?

    @Option(name: .long, help: "An environment file: Postman environment exports (repeatable), or the http-client.env.json to use.")
    var environment: [String] = []

    @Flag(name: .customLong("keep-cookies"), help: "har: send each request's cookies again, as a Cookie header (left out by default).")
    var keepCookies = false

    @Flag(name: .long, help: "Replace an existing collection of the same name (its secrets.local.yaml is kept if the import has none).")
    var force = false

    @Flag(name: .long, help: "openapi: bring a newer spec into the collection imported from an older one, keeping your edits.")
    var update = false

    @Flag(name: .long, help: "openapi --update: show the spec's version of each request you edited beside yours, as a unified diff.")
    var diff = false

    func validate() throws {
        if [ImportKind.curl, .har, .insomnia, .openapi].contains(kind), !environment.isEmpty {
            throw ValidationError("--environment does not apply to \(kind.rawValue)")
        }
        if kind != .postman, environment.count > 1 {
            throw ValidationError("--environment can be given once for \(kind.rawValue)")
        }
        if update, kind != .openapi {
            throw ValidationError("--update applies to openapi only")
        }
        if diff, !update {
            throw ValidationError("--diff applies to --update only: it compares the newer spec's version of each request you edited with yours")
        }
        if update, force {
            throw ValidationError("--update and --force do not go together: --force replaces the collection, --update keeps your edits")
        }
        if protoset != nil, kind != .grpc {
            throw ValidationError("--protoset applies to grpc only")
        }
        if kind == .grpc, !environment.isEmpty {
            throw ValidationError("--environment does not apply to grpc")
        }
        if keepCookies, kind != .har {
            throw ValidationError("--keep-cookies applies to har only")
        }
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--name must not be empty")
        }
    }

    func run() async throws {
        var result: ImportResult
        var sourceDirectory = FileManager.default.currentDirectoryPath
        do {
            switch kind {
            case .postman, .http, .har, .insomnia, .openapi:
                (result, sourceDirectory) = try FileImport.read(source, kind: kind, environments: environment, keepCookies: keepCookies)
            case .curl:
                let command: String
                if source == "-" {
                    command = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
                } else if !source.contains(" "), FileManager.default.fileExists(atPath: source) {
                    command = try FileImport.text(of: source)
                } else {
                    command = source
                }
                result = try CurlImporter.importCommand(command, source: source == "-" ? "stdin" : "curl")
            case .grpc:
                result = try await grpcImport()
            }
        } catch let error as ImportError {
            StandardError.write(error.description)
            throw ExitCode(.failed)
        }
        if let name { result = result.renamed(name) }
        if sourceDirectory.isEmpty { sourceDirectory = "." }
        let directory = into ?? CollectionsOptions().directory()
        if update {
            let planned = CollectionWriter.plan(result.collection, in: directory)
            do {
                let synced = try OpenAPISync.update(result, collection: planned.directory)
                var lines = ["Updated '\(result.collection.name)' in \(planned.directory): "] + synced.lines
                let counts = lines.remove(at: 1)
                lines[0] += counts
                if !result.report.isEmpty {
                    lines.append("Not converted (\(result.report.items.count)):")
                    lines += result.report.items.map { "  \($0.path): \($0.message)" }
                }
                if diff { lines += synced.edited.isEmpty ? ["", "No edited request differs from the spec."] : synced.diffLines }
                print(TerminalSafeText.sanitizedLines(utf8: Array(lines.joined(separator: "\n").utf8)).joined(separator: "\n"))
            } catch {
                StandardError.write("error: \(error.description)")
                if case .failed = error { throw ExitCode(.notWritten) }
                throw ExitCode(.trouble)
            }
            return
        }
        let summary: CollectionWriteSummary
        do {
            summary = try CollectionWriter.write(result, into: directory, force: force, sourceDirectory: sourceDirectory)
        } catch {
            StandardError.write("error: \(error.description)")
            if case .exists = error { throw ExitCode(.trouble) }
            throw ExitCode(.notWritten)
        }
        if result.collection.spec != nil {
            // What was imported, so a later --update can tell the requests you edit from those it may rewrite.
            do { try OpenAPISyncState.recording(summary.collection, operationIds: result.operationIds).write(collection: summary.directory) } catch {
                StandardError.write("warning: \(OpenAPISyncState.fileName) was not written (\(error)); --update will not work for this collection")
            }
        }
        print(ImportCommand.summaryText(summary, report: result.report))
    }

    /// The collection of the gRPC server at `source`, from its reflection or `--protoset`.
    private func grpcImport() async throws -> ImportResult {
        let path = protoset.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        var server = try GRPCServerOptions.parse([source] + (path.map { ["--protoset", $0] } ?? []))
        server.timeout = 30
        return GRPCImporter.importSchema(try await server.schema(), url: source, protoset: path)
    }

    /// What was written and what was not converted, for people.
    static func summaryText(_ summary: CollectionWriteSummary, report: ImportReport) -> String {
        let collection = summary.collection
        let count = collection.allRequests.count
        var lines = ["\(summary.replacedExisting ? "Replaced" : "Imported") '\(collection.name)': \(count) request\(count == 1 ? "" : "s") in \(summary.directory)"]
        lines += summary.files.map { "  \($0)" }
        for located in collection.allRequests {
            lines.append("  request \(collection.reference(of: located))")
        }
        if !collection.environments.isEmpty {
            lines.append("Environments: " + collection.environments.map(\.name).joined(separator: ", "))
        }
        if summary.keptOldSecrets { lines.append("Kept the replaced collection's \(CollectionLoader.secretsFileName).") }
        let items = report.items + summary.problems
        if items.isEmpty {
            lines.append("Everything was converted.")
        } else {
            lines.append("Not converted (\(items.count)):")
            lines += items.map { "  \($0.path): \($0.message)" }
        }
        return TerminalSafeText.sanitizedLines(utf8: Array(lines.joined(separator: "\n").utf8)).joined(separator: "\n")
    }
}
