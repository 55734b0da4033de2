@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Importing .http files")
struct HTTPFileImportTests {
    func api() throws -> ImportResult {
        try HTTPFileImporter.importFile(try ImportFixtures.text("api.http"), source: "api.http",
                                        environments: (try ImportFixtures.data("http-client.env.json"), "http-client.env.json"),
                                        privateEnvironments: (try ImportFixtures.data("http-client.private.env.json"), "http-client.private.env.json"))
    }

    @Test func everyRequestWithNamesHeadersBodiesAndContinuations() throws {
        let result = try api()
        let root = result.collection.root
        #expect(root.name == "api")
        #expect(root.variables == [Variable(name: "userId", value: "1"), Variable(name: "contentType", value: "application/json")])
        #expect(root.requests.map(\.name) == ["List users", "getUser", "Create user", "Echo a file", "Form", "Plain URL means GET", "Timestamps"])
        let requests = root.requests
        #expect(requests[0].method == "GET" && requests[0].url == "{{baseURL}}/users")
        #expect(requests[0].headers == [KeyValue("Accept", "{{contentType}}")])
        #expect(requests[1].slug == "getuser")
        #expect(requests[1].url == "{{baseURL}}/users/{{userId}}")
        #expect(requests[1].query == [KeyValue("fields", "name"), KeyValue("verbose", "true")])
        #expect(requests[1].headers == [KeyValue("Accept", "application/json"), KeyValue("X-Request-ID", "{{$guid}}"),
                                        KeyValue("Authorization", "Bearer {{token}}")])
        #expect(requests[2].method == "POST")
        #expect(requests[2].body == .json("{\n  \"name\": \"Grace {{$randomInt}}\",\n  \"username\": \"grace\"\n}"))
        #expect(requests[3].body == .file(path: "_files/body.json", contentType: nil))
        #expect(result.attachments == [ImportAttachment(sourcePath: "./body.json", destination: "_files/body.json")])
        #expect(requests[4].body == .form([KeyValue("name", "Ada Lovelace"), KeyValue("lang", "en")]))
        #expect(requests[5].method == "GET" && requests[5].url == "{{baseURL}}/status/204")
        #expect(requests[6].query == [KeyValue("at", "{{$isoTimestamp}}"), KeyValue("home", "{{$env.HOME}}")])
        #expect(requests[6].followRedirects == false && requests[6].timeout == 5)
    }

    @Test func environmentFilesBecomeEnvironmentsAndPrivateValuesSecrets() throws {
        let environments = try api().collection.environments
        #expect(environments.map(\.name) == ["local", "staging"])
        #expect(environments[0] == EnvironmentSpec(name: "local", baseURL: "{{baseURL}}", variables: [
            Variable(name: "userId", value: "3"), Variable(name: "baseURL", value: "http://127.0.0.1:8787"),
            Variable(name: "token", value: "local-secret", secret: true),
        ]))
        #expect(environments[1].variables == [Variable(name: "baseURL", value: "https://staging.example.com"), Variable(name: "userId", value: "7"),
                                              Variable(name: "token", value: "staging-secret", secret: true)])
    }

    @Test func theReportNamesFileAndLine() throws {
        #expect(try api().report.items.map(\.description) == [
            "api.http:20: {{$randomInt 1 10}}: the range is not supported; imported as {{$randomInt}} (0–999)",
            "api.http:28: response handler script not imported: apiexplorer does not run scripts",
            "http-client.env.json:11: 'staging.SSLConfiguration' is an object (SSL or auth settings?); not imported",
            // `{{$processEnv HOME}}` became `{{$env.HOME}}`, which reads the environment when sent.
            "Timestamps: {{$env.HOME}}: kept as written; apiexplorer asks before it reads or runs it (apiexplorer trust COLLECTION)",
        ])
    }

    @Test func roundTripWritesSecretsToTheIgnoredLocalFileAndCopiesBodyFiles() throws {
        let temp = try TempCollections()
        let result = try api()
        let summary = try CollectionWriter.write(result, into: temp.root, force: false, sourceDirectory: ImportFixtures.directory)
        #expect(summary.problems.isEmpty)
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.collections.first == summary.collection)
        let directory = summary.directory
        let manifest = try String(contentsOfFile: directory + "/collection.yaml", encoding: .utf8)
        #expect(!manifest.contains("local-secret") && !manifest.contains("staging-secret"))
        #expect(try String(contentsOfFile: directory + "/secrets.local.yaml", encoding: .utf8) == "local:\n  token: local-secret\nstaging:\n  token: staging-secret\n")
        #expect(try String(contentsOfFile: directory + "/.gitignore", encoding: .utf8).contains("*.local.yaml"))
        // The secrets are readable by their owner only (they were 0644); the rest is ordinary.
        func mode(_ name: String) throws -> Int? { try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.posixPermissions] as? Int }
        #expect(try mode("secrets.local.yaml") == 0o600)
        #expect(try mode("collection.yaml") == 0o666 & ~ImportUmask.current)
        #expect(FileManager.default.contents(atPath: directory + "/_files/body.json") == (try ImportFixtures.data("body.json")))
        // The body file resolves relative to the request file, so the request really sends it.
        let collection = try #require(loaded.collections.first)
        let located = try #require(collection.locate(["echo-a-file"]))
        let resolved = try RequestResolver(collection: collection, folders: [], request: located.request,
                                           environment: collection.environment(named: "local")).resolve()
        #expect(resolved.request.url?.absoluteString == "http://127.0.0.1:8787/echo")
        #expect(resolved.request.body?.contentType == "application/octet-stream")
    }

    @Test func requestLinesWithoutSeparatorsNamesOrVersion() throws {
        let text = "// one request, no separators\nhttps://example.com/a?x=1\n"
        let result = try HTTPFileImporter.importFile(text, source: "one.rest")
        #expect(result.collection.root.requests == [RequestSpec(name: "GET /a", slug: "get-a", url: "https://example.com/a", query: [KeyValue("x", "1")])])
        let relative = try HTTPFileImporter.importFile("GET /users HTTP/1.1\nHost: api.example.com\n", source: "host.http")
        #expect(relative.collection.root.requests.first?.url == "http://api.example.com/users")
        #expect(relative.collection.root.requests.first?.headers == [])
    }
}
