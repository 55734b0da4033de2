@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Importing Postman collections")
struct PostmanImportTests {
    func shop() throws -> ImportResult {
        try PostmanImporter.importCollection(try ImportFixtures.data("shop.postman_collection.json"), source: "shop.json",
                                             environments: [(try ImportFixtures.data("staging.postman_environment.json"), "staging.json")])
    }

    func request(_ result: ImportResult, _ path: String) -> RequestSpec? {
        result.collection.locate(path.split(separator: "/").map(String.init))?.request
    }

    @Test func v21CollectionWithNestedFoldersAndAuthInheritance() throws {
        let result = try shop()
        let root = result.collection.root
        #expect(root.name == "Shop API")
        #expect(root.description == "The shop's public API.\nUse the staging environment for testing.")
        #expect(root.auth == .bearer(token: "{{token}}"))
        #expect(root.variables == [Variable(name: "baseUrl", value: "https://shop.example.com/api"),
                                   Variable(name: "host", value: "shop.example.com"), Variable(name: "adminPassword", value: "")])
        #expect(root.folders.map(\.name) == ["Users", "Orders"])
        let users = root.folders[0]
        #expect(users.auth == .basic(username: "admin", password: "{{adminPassword}}"))
        #expect(users.description == "Accounts.")
        #expect(users.folders.map(\.name) == ["Admin"])
        #expect(users.folders[0].auth == AuthSpec.none)
        #expect(users.requests.map(\.name) == ["Get user", "Create user", "Upload avatar"])
        #expect(root.requests.map(\.name) == ["Health"])
        #expect(root.requests[0].auth == AuthSpec.none)
        // A request without auth inherits; the folder's basic auth then applies, exactly as in Postman.
        let getUser = try #require(request(result, "Users/Get user"))
        #expect(getUser.auth == .inherit)
        let located = try #require(result.collection.locate(["Users", "Get user"]))
        let resolver = RequestResolver(collection: result.collection, folders: located.folders, request: located.request, environment: nil)
        #expect(resolver.effectiveAuth == .basic(username: "admin", password: "{{adminPassword}}"))
    }

    @Test func urlsQueriesPathVariablesAndDisabledEntries() throws {
        let result = try shop()
        let getUser = try #require(request(result, "Users/Get user"))
        #expect(getUser.method == "GET")
        #expect(getUser.url == "{{baseUrl}}/users/{{id}}")
        #expect(getUser.variables == [Variable(name: "id", value: "42")])
        #expect(getUser.query == [KeyValue("fields", "name,email"), KeyValue("expand", "orders", enabled: false)])
        #expect(getUser.headers == [KeyValue("Accept", "application/json"), KeyValue("X-Debug", "1", enabled: false)])
        #expect(getUser.description == "One user by id.")
        let purge = try #require(request(result, "Users/Admin/Purge users"))
        #expect(purge.url == "{{baseUrl}}/admin/users")
        #expect(purge.query == [KeyValue("dryRun", "true"), KeyValue("force", "yes", enabled: false)])
        let search = try #require(request(result, "Orders/Search orders"))
        #expect(search.url == "https://{{host}}:8443/v2/orders/search")
    }

    @Test func everyBodyMode() throws {
        let result = try shop()
        #expect(request(result, "Users/Create user")?.body == .json("{\n\t\"name\": \"{{$randomFirstName}}\",\n\t\"email\": \"ada@example.com\"\n}"))
        #expect(request(result, "Users/Create user")?.headers[1] == KeyValue("Idempotency-Key", "{{$guid}}"))
        #expect(request(result, "Users/Upload avatar")?.body == .multipart([
            MultipartField(name: "caption", value: "Me at the beach"),
            MultipartField(name: "avatar", file: "../_files/avatar.png"),
            MultipartField(name: "draft", value: "true", enabled: false),
        ]))
        #expect(request(result, "Users/Upload avatar")?.auth == .apiKey(name: "key", value: "{{uploadKey}}", inQuery: true))
        #expect(request(result, "Orders/Search orders")?.body == .form([
            KeyValue("status", "open"), KeyValue("customer", "ada lovelace"), KeyValue("debug", "1", enabled: false),
        ]))
        #expect(request(result, "Orders/Order as XML")?.body == .text("<order id=\"7\"/>", contentType: "application/xml"))
        #expect(request(result, "Orders/Order as XML")?.followRedirects == false)
        #expect(request(result, "Orders/Upload invoice")?.body == .file(path: "../_files/7.pdf", contentType: nil))
        #expect(request(result, "Orders/Order GraphQL")?.body == .graphql(GraphQLBody(query: "query { order(id: 7) { id } }", variables: "{\"x\": 1}")))
        #expect(request(result, "Orders/Partner orders")?.auth == .oauth2(OAuth2Spec(grant: .clientCredentials, tokenURL: "https://auth.example.com/token")))
        #expect(result.attachments == [ImportAttachment(sourcePath: "avatar.png", destination: "_files/avatar.png"),
                                       ImportAttachment(sourcePath: "/home/ada/invoices/7.pdf", destination: "_files/7.pdf")])
    }

    @Test func theReportNamesEachItemThatWasNotConverted() throws {
        let report = try shop().report.items.map(\.description)
        #expect(report == [
            "(collection): variable 'retired' is disabled in Postman; not imported",
            "Users/Get user: test script: 1 check and 0 captures converted",
            "Users/Get user: 1 saved example response not imported",
            "Users/Create user: pre-request script (1 line) imported as scripts.before",
            "Users/Create user: {{$randomFirstName}} has no apiexplorer equivalent; kept as written, so sending fails until it is replaced (built-ins: $uuid, $timestamp, $isoTimestamp, $randomInt, $env.NAME)",
            "Staging (environment): variable 'oldKey' is disabled in Postman; not imported",
        ])
    }

    @Test func environmentFileBecomesAnEnvironmentWithSecrets() throws {
        let environment = try #require(try shop().collection.environments.first)
        #expect(environment.name == "Staging")
        #expect(environment.baseURL == "{{baseUrl}}")
        #expect(environment.variables == [Variable(name: "baseUrl", value: "https://staging.shop.example.com/api"),
                                          Variable(name: "token", value: "staging-token-123", secret: true),
                                          Variable(name: "uploadKey", value: "up-456")])
    }

    @Test func v20CollectionWithObjectAuthHeaderTextAndStringRequest() throws {
        let result = try PostmanImporter.importCollection(try ImportFixtures.data("blog.postman_collection.json"), source: "blog.json")
        let root = result.collection.root
        #expect(root.name == "Blog (v2.0)")
        #expect(root.auth == .apiKey(name: "X-Api-Key", value: "{{apiKey}}", inQuery: false))
        #expect(root.folders[0].auth == .basic(username: "editor", password: "{{editorPassword}}"))
        #expect(root.folders[0].description == nil)
        let list = try #require(request(result, "Posts/List posts"))
        #expect(list.url == "http://127.0.0.1:8787/users")
        #expect(list.query == [KeyValue("limit", "10"), KeyValue("offset", "0")])
        #expect(list.body == .none)
        #expect(list.description == "All posts.")
        let comment = try #require(request(result, "Posts/Comments/Add comment"))
        #expect(comment.url == "http://127.0.0.1:8787/echo")
        #expect(comment.query == [KeyValue("post", "1")])
        #expect(comment.headers == [KeyValue("Content-Type", "text/plain"), KeyValue("X-Trace", "on")])
        #expect(comment.body == .text("Nice post!", contentType: nil))
        #expect(comment.auth == .bearer(token: "{{commentToken}}"))
        let ping = try #require(request(result, "Ping"))
        #expect(ping.method == "GET" && ping.url == "http://127.0.0.1:8787/echo")
        #expect(result.report.isEmpty)
    }

    @Test func hostArraysDisabledNullQueryAndDynamicVariables() throws {
        let result = try PostmanImporter.importCollection(try ImportFixtures.data("weather.postman_collection.json"), source: "weather.json")
        #expect(result.collection.root.auth == .apiKey(name: "appid", value: "{{apiKey}}", inQuery: true))
        let daily = try #require(request(result, "Forecast/Daily/Daily forecast"))
        #expect(daily.url == "https://api.weather.test/data/2.5/forecast/daily")
        #expect(daily.query == [KeyValue("q", "Paris"), KeyValue("cnt", "7"), KeyValue("units", "", enabled: false)])
        #expect(daily.headers == [KeyValue("Accept-Language", "fr", enabled: false), KeyValue("X-Request-Time", "{{$timestamp}}")])
        #expect(request(result, "Forecast/Now")?.query == [KeyValue("q", "Paris Centre")])
        #expect(request(result, "Now")?.url == "https://api.weather.test/status")
    }

    @Test(arguments: ["shop.postman_collection.json", "blog.postman_collection.json", "weather.postman_collection.json"])
    func roundTripThroughTheLoaderGivesBackTheSameRequests(_ fixture: String) throws {
        let temp = try TempCollections()
        let environments = fixture.hasPrefix("shop") ? [(try ImportFixtures.data("staging.postman_environment.json"), "staging.json")] : []
        let result = try PostmanImporter.importCollection(try ImportFixtures.data(fixture), source: fixture, environments: environments)
        let trip = try ImportFixtures.roundTrip(result, root: temp.root)
        #expect(trip.problems.isEmpty, "\(trip.problems)")
        #expect(trip.loaded == trip.written)
        #expect(trip.written.allRequests.count == result.collection.allRequests.count)
        // Apart from file names and name order, the written requests are the imported ones.
        let imported = result.collection.allRequests.map(\.request.name).sorted()
        #expect(trip.loaded?.allRequests.map(\.request.name).sorted() == imported)
        for located in result.collection.allRequests {
            var expected = located.request
            let loaded = try #require(trip.loaded?.locate(located.folders.map(\.name) + [located.request.name])?.request)
            expected.slug = loaded.slug
            expected.file = loaded.file
            #expect(loaded == expected)
        }
    }
}
