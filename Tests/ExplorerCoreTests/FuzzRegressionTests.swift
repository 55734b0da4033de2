@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// Replays the fuzzers' seed corpora and every input they ever crashed on (`Fuzz/Regressions/TARGET/`) through the
/// same entry points as the libFuzzer targets, in the ordinary test run; a crash here fails the whole run.
@Suite("Fuzz corpora and crash inputs replay without trapping")
struct FuzzRegressionTests {
    static let fuzzRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ target: String) -> [URL] {
        ["Corpus", "Regressions"].flatMap { kind -> [URL] in
            let directory = fuzzRoot.appendingPathComponent(kind).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    @Test func everyTargetHasASeedCorpus() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzRoot.appendingPathComponent("Targets").path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(directories.count == 12)
        for target in directories {
            #expect(FuzzRegressionTests.inputs(target).count >= 5, "\(target)")
        }
        // Package.swift names the targets itself (SwiftPM caches a manifest by its text, so it must not list a directory):
        // a target directory missing from that list would make scripts/fuzz.sh, and so CI, fail with "no product named".
        let manifest = try String(contentsOf: Self.fuzzRoot.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let list = try #require(manifest.range(of: "let fuzzTargets = [").flatMap { start in
            manifest[start.upperBound...].firstIndex(of: "]").map { manifest[start.upperBound..<$0] }
        })
        let listed = list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.sorted()
        #expect(listed == directories)
    }

    @Test func collectionLoader() throws {
        for url in FuzzRegressionTests.inputs("CollectionLoaderFuzz") {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let loader = CollectionLoader(environment: ["HOME": "/home/fuzz"])
            let (request, requestProblems) = loader.parseRequest(text, file: "/fuzz/C/request.yaml", slug: "request")
            let (collection, collectionProblems) = loader.parseCollection(text, file: "/fuzz/C/collection.yaml", directory: "/fuzz/C")
            for problem in requestProblems + collectionProblems {
                #expect(problem.location.file.hasPrefix("/fuzz/C/"), "\(url.lastPathComponent): \(problem)")
            }
            if let request, let collection {
                for environment in [nil] + collection.environments.map(Optional.some) {
                    let resolver = RequestResolver(collection: collection, folders: [], request: request, environment: environment,
                                                   processEnvironment: [:])
                    _ = try? resolver.resolve()
                    _ = resolver.effectiveHeaders
                }
            }
        }
    }

    @Test func variableResolver() throws {
        for url in FuzzRegressionTests.inputs("VariableResolverFuzz") {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let parts = text.components(separatedBy: "\n\n")
            let variables = (parts.count > 1 ? parts[0] : "").split(separator: "\n").map { line -> Variable in
                let halves = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return Variable(name: String(halves[0].drop { $0 == "!" }), value: halves.count > 1 ? String(halves[1]) : "",
                                secret: line.hasPrefix("!"))
            }
            let template = parts.count > 1 ? parts.dropFirst().joined(separator: "\n\n") : text
            let resolver = VariableResolver(scopes: [VariableScope(origin: "environment fuzz", variables: variables)],
                                            environmentName: "fuzz", context: "request F/fuzz", processEnvironment: ["HOME": "/home/fuzz"])
            do { _ = try resolver.resolve(template) } catch { #expect(!error.description.isEmpty) }
            _ = SecretMasker(secrets: resolver.secretValues).mask(template)
        }
    }

    @Test func jsonFormatter() throws {
        for url in FuzzRegressionTests.inputs("JSONFormatterFuzz") {
            let bytes = [UInt8](try Data(contentsOf: url))
            if let pretty = try? JSONFormatter.prettyPrinted(bytes) {
                let text = String(decoding: pretty, as: UTF8.self)
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(url.lastPathComponent)")
            }
            var state = JSONFormatter.State.start
            for _ in 0..<64 {
                let page = JSONFormatter(bytes).formatLines(from: state, maxLines: 7)
                state = page.nextState
                if state.isFinished || page.lines.isEmpty { break }
            }
            _ = BodyFormatter.format(Data(bytes), contentType: "application/json")
        }
    }

    /// The importer targets' invariants on an error: it names one of the `sources` and says what is wrong.
    static func expectNamed(_ error: ImportError, _ sources: [String], _ url: URL) {
        #expect(sources.contains(error.location.file), "\(url.lastPathComponent): \(error)")
        #expect(!error.message.isEmpty && error.description.hasPrefix(error.location.file + ":"), "\(url.lastPathComponent): \(error)")
    }

    /// The importer targets' invariant on a success: the collection, written without its attachments, loads back
    /// without problems and as written. As in the targets, only the first 8 requests and 4 folders of each folder are
    /// written (the replay test does every input, where the targets do a fixed half).
    static func expectRoundTrip(_ imported: ImportResult, _ url: URL) throws {
        #expect(imported.report.items.allSatisfy { !$0.message.isEmpty }, "\(url.lastPathComponent)")
        let temp = try TempCollections()
        var result = imported.renamed("fuzz")
        result.attachments = []
        func bounded(_ folder: FolderSpec) -> FolderSpec {
            var copy = folder
            copy.requests = Array(folder.requests.prefix(8))
            copy.folders = folder.folders.prefix(4).map(bounded)
            return copy
        }
        result.collection.root = bounded(result.collection.root)
        let summary: CollectionWriteSummary
        do {
            summary = try CollectionWriter.write(result, into: temp.root, force: true)
        } catch {
            Issue.record("\(url.lastPathComponent): \(error)")
            return
        }
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(loaded.problems.isEmpty, "\(url.lastPathComponent): \(loaded.problems)")
        // Yams drops a U+FEFF that starts a scalar (it decodes scalars with String(bytes:encoding:)): that difference alone is allowed.
        func withoutByteOrderMarks(_ collections: [CollectionSpec]) -> String {
            String(String.UnicodeScalarView("\(collections)".unicodeScalars.filter { $0 != "\u{FEFF}" }))
        }
        #expect(loaded.collections == [summary.collection] || withoutByteOrderMarks(loaded.collections) == withoutByteOrderMarks([summary.collection]),
                "\(url.lastPathComponent)")
    }

    /// An import that started at `start` finished in time: the `many-files-with-one-name` inputs, which timed the fuzzers
    /// out, took half a minute here before the fix and take milliseconds now, so five seconds is far from both.
    static func expectQuick(since start: ContinuousClock.Instant, _ url: URL) {
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(5), "\(url.lastPathComponent) took \(elapsed) to import")
    }

    /// PostmanImporterFuzz: the collection up to the first NUL, the environment after it.
    @Test(.timeLimit(.minutes(1))) func postmanImporter() throws {
        for url in FuzzRegressionTests.inputs("PostmanImporterFuzz") {
            let bytes = try Data(contentsOf: url)
            let nul = bytes.firstIndex(of: 0)
            let collection = Data(bytes[..<(nul ?? bytes.endIndex)])
            let environment = nul.map { Data(bytes[($0 + 1)...]) }
            let start = ContinuousClock.now
            do {
                let result = try PostmanImporter.importCollection(collection, source: "fuzz.postman_collection.json",
                                                                  environments: environment.map { [($0, "fuzz.postman_environment.json")] } ?? [])
                FuzzRegressionTests.expectQuick(since: start, url)
                try FuzzRegressionTests.expectRoundTrip(result, url)
            } catch let error as ImportError {
                FuzzRegressionTests.expectQuick(since: start, url)
                FuzzRegressionTests.expectNamed(error, ["fuzz.postman_collection.json", "fuzz.postman_environment.json"], url)
            }
            var report = ImportReport()
            do {
                _ = try PostmanImporter.importEnvironment(environment ?? collection, source: "fuzz.postman_environment.json", report: &report)
                #expect(report.items.allSatisfy { !$0.message.isEmpty }, "\(url.lastPathComponent)")
            } catch {
                FuzzRegressionTests.expectNamed(error, ["fuzz.postman_environment.json"], url)
            }
        }
    }

    /// OpenAPIImporterFuzz: the description up to the first NUL, the file every relative `$ref` names after it.
    @Test(.timeLimit(.minutes(1))) func openAPIImporter() throws {
        for url in FuzzRegressionTests.inputs("OpenAPIImporterFuzz") {
            let bytes = try Data(contentsOf: url)
            let nul = bytes.firstIndex(of: 0)
            let spec = Data(bytes[..<(nul ?? bytes.endIndex)])
            let other = nul.map { Data(bytes[($0 + 1)...]) }
            let start = ContinuousClock.now
            do {
                let result = try OpenAPIImporter.importSpec(spec, source: "fuzz.yaml", readFile: { _ in other })
                FuzzRegressionTests.expectQuick(since: start, url)
                try FuzzRegressionTests.expectRoundTrip(result, url)
            } catch let error as ImportError {
                FuzzRegressionTests.expectQuick(since: start, url)
                FuzzRegressionTests.expectNamed(error, ["fuzz.yaml"], url)
            }
        }
    }

    /// HTTPFileImporterFuzz: the .http text, then at NUL bytes an http-client.env.json and an http-client.private.env.json.
    @Test(.timeLimit(.minutes(1))) func httpFileImporter() throws {
        for url in FuzzRegressionTests.inputs("HTTPFileImporterFuzz") {
            let parts = [UInt8](try Data(contentsOf: url)).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            let text = String(decoding: parts[0], as: UTF8.self)
            let environments = parts.count > 1 ? (data: Data(parts[1]), source: "http-client.env.json") : nil
            let privateEnvironments = parts.count > 2 ? (data: Data(parts[2]), source: "http-client.private.env.json") : nil
            let start = ContinuousClock.now
            do {
                let result = try HTTPFileImporter.importFile(text, source: "fuzz.http", environments: environments,
                                                             privateEnvironments: privateEnvironments)
                FuzzRegressionTests.expectQuick(since: start, url)
                try FuzzRegressionTests.expectRoundTrip(result, url)
            } catch let error as ImportError {
                FuzzRegressionTests.expectQuick(since: start, url)
                FuzzRegressionTests.expectNamed(error, ["fuzz.http", "http-client.env.json", "http-client.private.env.json"], url)
            }
        }
    }

    /// CurlImporterFuzz: the whole input is the command line.
    @Test(.timeLimit(.minutes(1))) func curlImporter() throws {
        for url in FuzzRegressionTests.inputs("CurlImporterFuzz") {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let start = ContinuousClock.now
            do {
                let result = try CurlImporter.importCommand(text, source: "curl")
                FuzzRegressionTests.expectQuick(since: start, url)
                try FuzzRegressionTests.expectRoundTrip(result, url)
            } catch let error as ImportError {
                FuzzRegressionTests.expectQuick(since: start, url)
                FuzzRegressionTests.expectNamed(error, ["curl"], url)
            }
        }
    }

    /// ServerSentEventParserFuzz and NDJSONParserFuzz: cutting the input into pieces does not change its events.
    @Test func streamParsers() throws {
        func cut(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            let step = max(1, Int(bytes.first ?? 1) % 7)
            return stride(from: 0, to: bytes.count, by: step).map { bytes[$0..<min(bytes.count, $0 + step)] }
        }
        for url in FuzzRegressionTests.inputs("ServerSentEventParserFuzz") {
            let bytes = [UInt8](try Data(contentsOf: url))
            var whole = ServerSentEventParser()
            var pieces = ServerSentEventParser()
            let expected = whole.feed(bytes) + whole.finish()
            #expect(cut(bytes).flatMap { pieces.feed($0) } + pieces.finish() == expected, "\(url.lastPathComponent)")
            #expect(whole.retry == pieces.retry && whole.lastEventID == pieces.lastEventID, "\(url.lastPathComponent)")
        }
        for url in FuzzRegressionTests.inputs("NDJSONParserFuzz") {
            let bytes = [UInt8](try Data(contentsOf: url))
            var whole = NDJSONParser()
            var pieces = NDJSONParser()
            let expected = whole.feed(bytes) + whole.finish()
            #expect(cut(bytes).flatMap { pieces.feed($0) } + pieces.finish() == expected, "\(url.lastPathComponent)")
            #expect(!expected.contains { $0.data.contains("\n") || $0.data.isEmpty }, "\(url.lastPathComponent)")
        }
    }

    /// VariableResolverFuzz: a secret holding a NUL trapped inside Foundation's `replacingOccurrences`.
    @Test func maskingASecretWithANULByte() {
        #expect(SecretMasker(secrets: ["}}\u{0}"]).mask("}}") == "}}")
        #expect(SecretMasker(secrets: ["a\u{0}b"]).mask("xa\u{0}by a\u{0}b") == "x••••••y ••••••")
    }

    @Test func maskingMatchesBytesNotCharacters() {
        // A combining mark after the secret makes a different Character, but the secret's bytes are still there.
        #expect(SecretMasker(secrets: ["token"]).mask("token\u{301} and token") == "••••••\u{301} and ••••••")
        #expect(SecretMasker(secrets: ["abc", "abcdef"]).mask("abcdef abc") == "•••••• ••••••")
        #expect(SecretMasker(secrets: ["aaa"]).mask("aaaa") == "••••••a")
        #expect(SecretMasker(secrets: []).mask("plain") == "plain")
    }
}
