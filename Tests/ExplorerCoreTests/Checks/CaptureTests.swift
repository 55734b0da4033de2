@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Capturing values from responses and feeding them to later requests")
struct CaptureTests {
    let response = CheckedResponse(status: 201, headers: [(name: "X-Request-Id", value: "r-9"), (name: "Set-Cookie", value: "theme=dark; Path=/, session=s3cr3t; HttpOnly")],
                                   body: Data(#"{"data": {"token": "tok-1", "id": 42, "roles": ["a"]}, "csrf": "x"} csrf=abc123"#.utf8))

    func value(_ source: CaptureSource) -> Result<String, JSONBodyError> {
        CaptureExtractor.value(of: CaptureSpec(name: "v", source: source), in: response)
    }

    @Test func eachSourceTakesItsValue() {
        let json = CheckedResponse(status: 200, body: Data(#"{"data": {"token": "tok-1", "id": 42, "roles": ["a"]}}"#.utf8))
        #expect(CaptureExtractor.value(of: CaptureSpec(name: "t", source: .jsonPath("$.data.token")), in: json) == .success("tok-1"))
        #expect(CaptureExtractor.value(of: CaptureSpec(name: "t", source: .jsonPath("$.data.id")), in: json) == .success("42"))
        #expect(CaptureExtractor.value(of: CaptureSpec(name: "t", source: .jsonPath("$.data.roles")), in: json) == .success(#"["a"]"#))
        #expect(value(.header("x-request-id")) == .success("r-9"))
        #expect(value(.status) == .success("201"))
        #expect(value(.regex("csrf=([a-z0-9]+)")) == .success("abc123"))
        #expect(value(.cookie("session")) == .success("s3cr3t"))
        #expect(value(.cookie("theme")) == .success("dark"))
    }

    @Test func aJSONCaptureKeepsTheLiteralTextItWasTakenFrom() {
        let json = CheckedResponse(status: 200, body: Data(#"{"id": 12345678901234567890, "price": 1.10, "e": 1E+2, "o": {"z": 1.0, "a": "\u00e9"}, "s": "a\"b\u00e9"}"#.utf8))
        func capture(_ path: String) -> Result<String, JSONBodyError> {
            CaptureExtractor.value(of: CaptureSpec(name: "v", source: .jsonPath(path)), in: json)
        }
        #expect(capture("$.id") == .success("12345678901234567890"))
        #expect(capture("$.price") == .success("1.10"))
        #expect(capture("$.e") == .success("1E+2"))
        #expect(capture("$.o") == .success(#"{"z":1.0,"a":"\u00e9"}"#))
        #expect(capture("$.s") == .success("a\"bé"), "a string is its decoded text")
    }

    @Test func aCaptureThatFindsNothingSaysWhereAndWhy() {
        let spec = CaptureSpec(name: "token", source: .jsonPath("$.nope"), location: SourceLocation(file: "login.yaml", line: 4, column: 5))
        let json = CheckedResponse(status: 200, body: Data("{}".utf8))
        let (values, failures) = CaptureExtractor.extract([spec], from: json, reference: "Demo/login")
        #expect(values.isEmpty && failures == ["login.yaml:4:5: capture 'token' found no value: $.nope selected nothing"])
        if case .success = value(.jsonPath("$.data")) { Issue.record("the body is not JSON, so a JSONPath capture must fail") }
        if case .success = value(.cookie("nope")) { Issue.record("no such cookie") }
    }

    @Test func capturedValuesResolveInLaterRequestsBelowSet() throws {
        var store = CaptureStore()
        store.record([CapturedValue(name: "token", value: "tok-1", secret: true, origin: "Mini/login $.token"),
                      CapturedValue(name: "userId", value: "42", origin: "Mini/create $.id")], environment: "local")
        #expect(store.values(environment: "LOCAL").map(\.name) == ["token", "userId"])
        #expect(store.values(environment: "staging").isEmpty)
        let request = RequestSpec(name: "get", slug: "get", url: "/users/{{userId}}?t={{token}}")
        let collection = CollectionSpec(root: FolderSpec(name: "Mini", slug: "Mini", variables: [Variable(name: "userId", value: "1")]),
                                        environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:1")])
        let resolver = RequestResolver(collection: collection, folders: [], request: request, environment: collection.environments.first,
                                       overrides: store.variables(environment: "local") + [Variable(name: "token", value: "from-set")])
        #expect(try resolver.resolvedURLString() == "http://127.0.0.1:1/users/42?t=from-set")
        let captured = RequestResolver(collection: collection, folders: [], request: request, environment: collection.environments.first,
                                       overrides: store.variables(environment: "local"))
        #expect(captured.variableResolver.secretValues.contains("tok-1"))
    }

    @Test func persistingWritesSecretsAndCapturesFilesAndReadsThemBack() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/secrets.local.yaml", "# mine\nlocal:\n  other: keep\n")
        var store = CaptureStore()
        store.record([CapturedValue(name: "token", value: "tok-1", secret: true, origin: "Mini/login $.token"),
                      CapturedValue(name: "userId", value: "42", origin: "Mini/create $.id")], environment: "local")
        try store.persist(environment: "local", collectionDirectory: temp.path("Mini"))
        let secrets = try String(contentsOfFile: temp.path("Mini/secrets.local.yaml"), encoding: .utf8)
        #expect(secrets == "# mine\nlocal:\n  other: keep\n  token: tok-1\n")
        let back = try CaptureStore.load(collectionDirectory: temp.path("Mini"))
        #expect(back.value("userId", environment: "local")?.value == "42")
        #expect(back.value("userId", environment: "local")?.origin == "Mini/create $.id")
        #expect(back.value("token", environment: "local") == nil)
        try temp.write("Mini/captures.local.yaml", "local: [")
        #expect(throws: CollectionProblem.self) { try CaptureStore.load(collectionDirectory: temp.path("Mini")) }
    }

    @Test func onlySecretCapturesLeaveNoFileThatReadsAsAnError() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        var store = CaptureStore()
        store.record([CapturedValue(name: "token", value: "tok-1", secret: true, origin: "Mini/login $.token")], environment: "local")
        try store.persist(environment: "local", collectionDirectory: temp.path("Mini"))
        #expect(!FileManager.default.fileExists(atPath: temp.path("Mini/captures.local.yaml")))
        // A file left with only its comment (every capture since became secret) reads as no values.
        try temp.write("Mini/captures.local.yaml", "# Values captured from responses by apiexplorer (--save-captures). Safe to delete.\n")
        #expect(try CaptureStore.load(collectionDirectory: temp.path("Mini")).values(environment: "local").isEmpty)
    }

    @Test func twoSavesAtOnceKeepBothValues() async throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let directory = temp.path("Mini")
        let rounds = 40
        // Each save writes one new name, as two `run --save-captures` at once do: an update lost is lost for good.
        let problems = await withTaskGroup(of: [String].self) { group in
            for writer in ["a", "b"] {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        // Off the cooperative pool: a save waiting for the other's lock blocks its thread.
                        DispatchQueue.global().async {
                            var problems: [String] = []
                            for round in 0..<rounds {
                                var store = CaptureStore()
                                store.record([CapturedValue(name: "\(writer)\(round)", value: "\(round)", origin: "Mini/\(writer) $.v")], environment: "local")
                                do { try store.persist(environment: "local", collectionDirectory: directory) } catch { problems.append("\(error)") }
                            }
                            continuation.resume(returning: problems)
                        }
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(problems.isEmpty)
        let names = Set(try CaptureStore.load(collectionDirectory: directory).values(environment: "local").map(\.name))
        let lost = (0..<rounds).flatMap { ["a\($0)", "b\($0)"] }.filter { !names.contains($0) }
        #expect(lost.isEmpty, "lost \(lost.count) of \(2 * rounds): \(lost)")
    }

    @Test func aValueOnlyReadFromTheFileDoesNotOverwriteOneSavedSince() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let directory = temp.path("Mini")
        var seed = CaptureStore()
        seed.record([CapturedValue(name: "a", value: "0", origin: "Mini/a $.v"), CapturedValue(name: "b", value: "0", origin: "Mini/b $.v")],
                    environment: "local")
        try seed.persist(environment: "local", collectionDirectory: directory)
        // Two runs start from the same file; each takes a new value of one name and saves everything it holds.
        var first = try CaptureStore.load(collectionDirectory: directory)
        var second = try CaptureStore.load(collectionDirectory: directory)
        first.record([CapturedValue(name: "a", value: "1", origin: "Mini/a $.v")], environment: "local")
        second.record([CapturedValue(name: "b", value: "1", origin: "Mini/b $.v")], environment: "local")
        try first.persist(environment: "local", collectionDirectory: directory)
        try second.persist(environment: "local", collectionDirectory: directory)
        let back = try CaptureStore.load(collectionDirectory: directory)
        #expect(back.value("a", environment: "local")?.value == "1")
        #expect(back.value("b", environment: "local")?.value == "1")
    }

    @Test func aNeedIsFreshOnlyWhenItsOwnRequestTookEveryValueThisSession() {
        var login = RequestSpec(name: "Log in", slug: "login", method: "POST", url: "/login", file: "/x/login.yaml")
        login.captures = [CaptureSpec(name: "token", source: .jsonPath("$.token"))]
        var store = CaptureStore()
        #expect(!store.hasFresh(of: login, reference: "C/login", environment: "local"), "missing")
        store.record([CapturedValue(name: "token", value: "t", origin: "C/other $.token")], environment: "local")
        #expect(!store.hasFresh(of: login, reference: "C/login", environment: "local"), "taken by another request")
        store.record([CapturedValue(name: "token", value: "t", origin: "C/login $.token", isFromFile: true)], environment: "local")
        #expect(!store.hasFresh(of: login, reference: "C/login", environment: "local"), "read from a file")
        store.record([CapturedValue(name: "token", value: "t", origin: "C/login $.token")], environment: "local")
        #expect(store.hasFresh(of: login, reference: "C/login", environment: "local"))
        #expect(!store.hasFresh(of: login, reference: "C/login", environment: "staging"), "another environment")
        let ping = RequestSpec(name: "Ping", slug: "ping", method: "GET", url: "/ping", file: "/x/ping.yaml")
        #expect(!store.hasFresh(of: ping, reference: "C/ping", environment: "local"), "nothing to keep fresh: always sent")
    }
}
