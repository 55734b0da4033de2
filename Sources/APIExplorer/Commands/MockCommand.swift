import ArgumentParser
import ExplorerCore
import ExplorerFormats
import ExplorerMock
import ExplorerWorkspace
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `apiexplorer mock DIR|REF`: serves a collection on loopback, each request's route answered with its saved example.
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve a collection as a mock API on 127.0.0.1: each request's method and path answered with its saved example.",
        discussion: """
            Routes are the requests' methods and paths below the base URL ({{var}} and {id} segments match any one \
            segment; literal routes win). Each answers with the request's first `examples:` entry (Prefer: \
            example=NAME picks another), or, for a collection imported from OpenAPI, the spec's example or one made from \
            the response schema. A route without one answers 501; an unknown route 404 with the list of routes.
            """
    )

    @Argument(help: "A collection's name in the collections directory, or the path of a collection's directory.", completion: ShellCompletion.collectionsOrDirectories)
    var collection: String

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 4010

    @Option(name: .long, help: "The environment whose variables resolve the routes' paths (default: the config file's choice, else the collection's default).", completion: ShellCompletion.environments)
    var env: String?

    @Option(name: .long, help: "Delay every answer by this long: 50ms, 1.5s (default none).")
    var latency: String?

    @Option(name: .long, help: "Answer this share of requests, from 0 to 1, with 500 and a JSON error (default 0).")
    var failRate: String?

    @OptionGroup var options: CollectionsOptions

    @OptionGroup var config: ConfigOptions

    mutating func run() async throws {
        let settings = try shaping()
        guard (0...65535).contains(port) else { throw usage("--port \(port) is not a port; use 1–65535, or 0 for a free one") }
        let configFile = try config.load()
        let served = try load()
        let environment = try chosenEnvironment(of: served, config: configFile)
        let table = MockRouteTable(collection: served, environment: environment, specExamples: specExamples(of: served))
        let server: MockServer
        do {
            server = try await MockServer.start(MockResponder(table: table, settings: settings), port: port) { served in
                FileHandle.standardOutput.write(Data((TerminalSafeText.sanitize(served.line) + "\n").utf8))
            }
        } catch {
            StandardError.write("error: --port \(port): \(error); choose another --port, or 0 for a free one")
            throw ExitCode(.trouble)
        }
        // Written unbuffered so a script reading the port sees it at once.
        FileHandle.standardOutput.write(Data(startText(served, table: table, environment: environment, url: server.url, settings: settings).utf8))
        let interrupt = InterruptSignal { Task { try? await server.stop() } }
        defer { interrupt.stop() }
        try await server.waitUntilStopped()
        FileHandle.standardOutput.write(Data("Stopped.\n".utf8))
    }

    /// `--latency` and `--fail-rate` checked.
    private func shaping() throws -> MockSettings {
        var settings = MockSettings()
        if let latency {
            guard let milliseconds = MockSettings.milliseconds(latency) else {
                throw usage("--latency '\(latency)' is not a duration; write it like 50ms or 1.5s (at most an hour)")
            }
            settings.latencyMilliseconds = milliseconds
        }
        if let failRate {
            guard let rate = Double(failRate), rate.isFinite, (0...1).contains(rate) else {
                throw usage("--fail-rate '\(failRate)' is not a share from 0 to 1 (0.1 fails one request in ten)")
            }
            settings.failRate = rate
        }
        return settings
    }

    /// The collection: the directory the argument names when it holds a collection, else the collection of that name.
    private func load() throws -> CollectionSpec {
        var isDirectory: ObjCBool = false
        let looksLikePath = collection.contains("/") || collection == "." || collection == ".."
        if FileManager.default.fileExists(atPath: collection, isDirectory: &isDirectory), isDirectory.boolValue,
           let manifest = CollectionLoader.manifest(in: collection) {
            let directory = collection.hasPrefix("/") ? collection : PathText.appending(FileManager.default.currentDirectoryPath, collection)
            var result = CollectionLoadResult()
            let loaded = CollectionLoader().loadCollection(at: (directory as NSString).standardizingPath, manifest: manifest, into: &result)
            for problem in result.problems { StandardError.write(problem.description) }
            guard let loaded else { throw ExitCode(.failed) }
            return loaded
        }
        if looksLikePath {
            StandardError.write("error: \(collection) is not a collection's directory (it has no collection.yaml)")
            throw ExitCode(.failed)
        }
        let result = try options.load(about: collection)
        guard let found = try CollectionsOptions.collections(collection, in: result).first else { throw ExitCode(.failed) }
        return found
    }

    /// `--env`, else the config file's choice, else the collection's default; an unknown `--env` exits 1.
    private func chosenEnvironment(of collection: CollectionSpec, config: ConfigFile) throws -> EnvironmentSpec? {
        guard let env else {
            let chosen = ConfigOptions.environment(for: collection, in: config)
            if let problem = chosen.problem { StandardError.write(problem.description) }
            return chosen.name.flatMap(collection.environment(named:)) ?? collection.defaultEnvironment
        }
        guard let environment = collection.environment(named: env) else {
            let names = collection.environments.map(\.name)
            StandardError.write("error: --env \(env): collection '\(collection.name)' has no such environment (it has: \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
            throw ExitCode(.failed)
        }
        return environment
    }

    /// The responses of the OpenAPI spec the collection was imported from, by `METHOD url`; none when it has none.
    private func specExamples(of collection: CollectionSpec) -> [String: [RequestExample]] {
        guard let spec = collection.spec else { return [:] }
        guard let data = FileManager.default.contents(atPath: spec) else {
            StandardError.write("warning: the collection's spec \(spec) cannot be read; routes answer with their examples: only")
            return [:]
        }
        do {
            return try OpenAPIResponseExamples.examples(data, source: spec)
        } catch {
            StandardError.write("warning: the collection's spec \(spec) does not read (\(error.description)); routes answer with their examples: only")
            return [:]
        }
    }

    /// The first lines: where it listens, how many routes, and each route with what it answers.
    private func startText(_ collection: CollectionSpec, table: MockRouteTable, environment: EnvironmentSpec?, url: String, settings: MockSettings) -> String {
        let count = table.routes.count
        var shaping = environment.map { ["environment \($0.name)"] } ?? []
        if settings.latencyMilliseconds > 0 { shaping.append("latency \(settings.latencyMilliseconds) ms") }
        if settings.failRate > 0 { shaping.append("fail rate \(settings.failRate)") }
        var lines = ["Mocking '\(collection.name)' on \(url) with \(count) route\(count == 1 ? "" : "s")"
            + (shaping.isEmpty ? "" : " (" + shaping.joined(separator: ", ") + ")") + "  (Ctrl-C stops it)"]
        for route in table.routes {
            let answers = route.examples.isEmpty ? "no example: 501" : route.examples.map { $0.name ?? String($0.status) }.joined(separator: ", ")
            lines.append("  \(route.method) \(route.path)  \(route.reference)  [\(answers)]")
        }
        return TerminalSafeText.sanitizedLines(utf8: Array(lines.joined(separator: "\n").utf8)).joined(separator: "\n") + "\n"
    }

    private func usage(_ message: String) -> Error {
        StandardError.write("error: " + message)
        return ExitCode(.usage)
    }
}
