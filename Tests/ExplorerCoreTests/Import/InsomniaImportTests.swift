@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Importing Insomnia exports")
struct InsomniaImportTests {
    func team() throws -> ImportResult {
        try InsomniaImporter.importExport(try ImportFixtures.data("team.insomnia.json"), source: "team.insomnia.json")
    }

    func request(_ result: ImportResult, _ path: String) -> RequestSpec? {
        result.collection.locate(path.split(separator: "/").map(String.init))?.request
    }

    @Test func theWorkspaceIsTheCollectionWithFoldersInInsomniasOrder() throws {
        let result = try team()
        let root = result.collection.root
        #expect(root.name == "Team API")
        #expect(root.description == "The team's API.")
        #expect(root.folders.map(\.name) == ["Users"])
        #expect(root.requests.map(\.name) == ["Health", "Login", "Me (GraphQL)"])
        let users = root.folders[0]
        #expect(users.description == "Accounts.")
        #expect(users.variables == [Variable(name: "users_path", value: "/users")])
        #expect(users.requests.map(\.name) == ["Create user", "List users", "Upload avatar"])
        #expect(users.folders.map(\.name) == ["Admin"])
        #expect(users.folders[0].requests.map(\.name) == ["Purge users"])
    }

    @Test func environmentsBaseValuesBecomeVariablesAndPrivateOnesSecrets() throws {
        let result = try team()
        #expect(result.collection.root.variables == [Variable(name: "base_url", value: "http://localhost:3000"), Variable(name: "api.version", value: "v2"),
                                                     Variable(name: "admin_password", value: ""), Variable(name: "retries", value: "3")])
        #expect(result.collection.environments.map(\.name) == ["Staging", "Production"])
        #expect(result.collection.environments[0].baseURL == "{{base_url}}")
        #expect(result.collection.environments[0].variables == [Variable(name: "base_url", value: "https://staging.team.test"),
                                                               Variable(name: "token", value: "stg-token-1")])
        #expect(result.collection.environments[1].variables == [Variable(name: "base_url", value: "https://team.test", secret: true),
                                                               Variable(name: "token", value: "prod-secret-2", secret: true)])
    }

    @Test func templatesURLsParametersAndAuth() throws {
        let result = try team()
        let list = try #require(request(result, "Users/List users"))
        #expect(list.method == "GET")
        #expect(list.url == "{{base_url}}/{{api.version}}{{users_path}}")
        #expect(list.query == [KeyValue("page", "1"), KeyValue("debug", "yes", enabled: false)])
        #expect(list.headers == [KeyValue("Accept", "application/json")])
        #expect(list.auth == .bearer(token: "{{token}}"))
        #expect(list.description == "Every user, a page at a time.")
        let purge = try #require(request(result, "Users/Admin/Purge users"))
        #expect(purge.url == "{{base_url}}/admin/users")
        #expect(purge.query == [KeyValue("dryRun", "true")])
        #expect(purge.auth == .apiKey(name: "api_key", value: "{{token}}", inQuery: true))
        #expect(purge.followRedirects == false)
        let health = try #require(request(result, "Health"))
        #expect(health.url == "http://localhost:3000/health")
        #expect(health.auth == .inherit)
        #expect(request(result, "Users/Create user")?.auth == .basic(username: "admin", password: "{{admin_password}}"))
        #expect(request(result, "Users/Upload avatar")?.auth == .digest(username: "ada", password: "pw"))
        #expect(request(result, "Login")?.auth == .aws(accessKey: "AKIA", secretKey: "s", sessionToken: "", region: "us-east-1", service: "execute-api"))
    }

    @Test func everyBodyKind() throws {
        let result = try team()
        let create = try #require(request(result, "Users/Create user"))
        #expect(create.method == "POST")
        #expect(create.body == .json("{\"name\": \"Ada\", \"id\": \"{{$uuid}}\", \"at\": \"{{$isoTimestamp}}\"}"))
        let avatar = try #require(request(result, "Users/Upload avatar"))
        #expect(avatar.body == .multipart([
            MultipartField(name: "caption", value: "Me at the beach"),
            MultipartField(name: "avatar", file: "../_files/avatar.png"),
            MultipartField(name: "draft", value: "true", enabled: false),
        ]))
        #expect(avatar.headers.isEmpty, "Insomnia's Content-Type has no boundary")
        #expect(request(result, "Login")?.body == .form([KeyValue("user", "ada"), KeyValue("pass", "{{admin_password}}")]))
        #expect(request(result, "Login")?.headers.first?.value.hasPrefix("{% response") == true)
        let graphQL = try #require(request(result, "Me (GraphQL)"))
        #expect(graphQL.body == .graphql(GraphQLBody(query: "{ me { id } }")))
        #expect(graphQL.headers.isEmpty, "a GraphQL body sets its own Content-Type")
        #expect(result.attachments == [ImportAttachment(sourcePath: "/home/ada/avatar.png", destination: "_files/avatar.png")])
    }

    @Test func theReportNamesWhatWasNotConverted() throws {
        let report = try team().report.items.map(\.description)
        #expect(report == [
            "Login: template tag {% response %} is not supported; kept as written (sent as text until it is replaced); chain requests with captures and needs instead",
            "Login: AWS credentials name no service; imported as execute-api (API Gateway), change service: if it is another",
            "Me (GraphQL): 'oauth2' authentication is not supported without a token URL, or with the implicit grant; imported without credentials (auth: none). Add a bearer token or header by hand",
            "Ping (gRPC): gRPC requests are not supported; not imported",
            "Base Environment (environment): variable 'hosts' holds an array; not imported",
            "resources[13]: 1 cookie in 'Default Jar' not imported; apiexplorer keeps cookies per run",
            "resources: 1 unit test not imported; write them as checks",
        ])
    }

    @Test func roundTripThroughTheLoaderGivesBackTheSameRequests() throws {
        let temp = try TempCollections()
        let result = try team()
        let trip = try ImportFixtures.roundTrip(result, root: temp.root)
        #expect(trip.problems.isEmpty, "\(trip.problems)")
        #expect(trip.loaded == trip.written)
        #expect(trip.loaded?.allRequests.count == 7)
        #expect(trip.loaded?.environments.map(\.name) == ["Staging", "Production"])
        for located in result.collection.allRequests {
            var expected = located.request
            let loaded = try #require(trip.loaded?.locate(located.folders.map(\.name) + [located.request.name])?.request)
            expected.slug = loaded.slug
            expected.file = loaded.file
            #expect(loaded == expected)
        }
    }

    @Test func severalWorkspacesBecomeFolders() throws {
        let text = """
            {"_type": "export", "__export_format": 4, "resources": [
              {"_id": "wrk_a", "parentId": null, "name": "Alpha", "_type": "workspace"},
              {"_id": "wrk_b", "parentId": null, "name": "Beta", "_type": "workspace"},
              {"_id": "req_a", "parentId": "wrk_a", "name": "A", "method": "GET", "url": "http://a.test/", "_type": "request"},
              {"_id": "req_b", "parentId": "wrk_b", "name": "B", "method": "GET", "url": "http://b.test/", "_type": "request"},
              {"_id": "req_c", "parentId": "fld_gone", "name": "C", "method": "GET", "url": "http://c.test/", "_type": "request"}
            ]}
            """
        let result = try InsomniaImporter.importExport(Data(text.utf8), source: "/tmp/both.json")
        #expect(result.collection.root.name == "both")
        #expect(result.collection.root.folders.map(\.name) == ["Alpha", "Beta"])
        #expect(result.collection.root.folders.map { $0.requests.map(\.name) } == [["A"], ["B"]])
        #expect(result.collection.root.requests.map(\.name) == ["C"])
        #expect(InsomniaImporter.looksLikeInsomnia(Data(text.utf8)))
        #expect(!InsomniaImporter.looksLikeInsomnia(try ImportFixtures.data("shop.postman_collection.json")))
    }

    /// Folders whose parents loop never reach a workspace: their requests are reported, not lost silently or looped over.
    @Test func requestsUnderALoopOfFoldersAreReported() throws {
        let text = """
            {"_type": "export", "__export_format": 4, "resources": [
              {"_id": "wrk", "parentId": null, "name": "W", "_type": "workspace"},
              {"_id": "fld_a", "parentId": "fld_b", "name": "A", "_type": "request_group"},
              {"_id": "fld_b", "parentId": "fld_a", "name": "B", "_type": "request_group"},
              {"_id": "req", "parentId": "fld_a", "name": "Lost", "method": "GET", "url": "http://a.test/", "_type": "request"},
              {"_id": "ok", "parentId": "wrk", "name": "Kept", "method": "GET", "url": "http://a.test/", "_type": "request"}
            ]}
            """
        let result = try InsomniaImporter.importExport(Data(text.utf8), source: "loop.json")
        #expect(result.collection.allRequests.map(\.request.name) == ["Kept"])
        #expect(result.report.items.map(\.description) == ["resources[3]: request 'Lost' is in no workspace (its folders' parentIds form a loop); not imported"])
    }

    @Test(arguments: [
        ("{\"resources\": [\n  {\"_type\": \"request_group\", \"_id\": \"g\"},\n  {\"_type\": \"request_group\", \"_id\": \"g\", \"parentId\": \"g\"}]}",
         "x.json:3:37: error: resources[1]._id: 'g' is also the _id of resources[0]; each resource needs its own"),
        ("[]", "x.json:1:1: error: expected an Insomnia export (an object with '_type': 'export' and 'resources'), found an array"),
        ("{\"log\": {}}", "x.json:1:1: error: this is a HAR file, not an Insomnia export; import it with `apiexplorer import har`"),
        ("{\"_type\": \"export\"}", "x.json:1:1: error: missing 'resources'; expected an Insomnia v4 export (Application → Export Data → Insomnia v4 JSON)"),
        ("{\"resources\": [\n  {\"_id\": \"r\"}]}", "x.json:2:3: error: resources[0]: missing '_type'; each resource says what it is (request, request_group, workspace, environment)"),
        ("{\"resources\": [\n  {\"_type\": \"request\", \"_id\": \"r\", \"url\": \"http://a/\", \"headers\": {}}]}",
         "x.json:2:67: error: resources[0].headers: expected an array of {name, value}, found an object"),
        ("{\"resources\": [\n  {\"_type\": \"request\", \"_id\": \"r\", \"url\": \"http://a/\", \"body\": {\"mimeType\": \"multipart/form-data\", \"params\": [1]}}]}",
         "x.json:2:111: error: resources[0].body.params[0]: expected an object with 'name' and 'value', found a number"),
    ])
    func malformedExportsSayWhereAndWhat(_ text: String, _ message: String) {
        do {
            _ = try InsomniaImporter.importExport(Data(text.utf8), source: "x.json")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }
}
