@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("Importing OpenAPI descriptions")
struct OpenAPIImportTests {
    static func load(_ name: String) throws -> ImportResult {
        try OpenAPIImporter.importSpec(try ImportFixtures.data("openapi/" + name), source: ImportFixtures.path("openapi/" + name))
    }

    func request(_ result: ImportResult, _ path: String) -> RequestSpec? {
        result.collection.locate(path.split(separator: "/").map(String.init))?.request
    }

    @Test func serversBecomeEnvironmentsWithTheirVariables() throws {
        let result = try Self.load("petstore-3.0.yaml")
        let root = result.collection.root
        #expect(root.name == "Pet Store")
        #expect(root.description == "Pets for sale.\n\nServer variables:\n- region: Where the data is kept (one of: eu, us)")
        let environments = result.collection.environments
        #expect(environments.map(\.name) == ["Production", "Local"])
        #expect(environments[0].baseURL == "https://{{region}}.pets.test/v1")
        #expect(environments[1].baseURL == "{{baseURL}}/v1")
        let secrets = [Variable(name: "bearerAuth", value: "", secret: true), Variable(name: "apiKeyQuery", value: "", secret: true),
                       Variable(name: "basicAuth_username", value: ""), Variable(name: "basicAuth_password", value: "", secret: true),
                       Variable(name: "sessionCookie", value: "", secret: true),
                       Variable(name: "oauth_client_id", value: ""), Variable(name: "oauth_client_secret", value: "", secret: true)]
        #expect(environments[0].variables == [Variable(name: "region", value: "eu")] + secrets)
        #expect(environments[1].variables == [Variable(name: "baseURL", value: "http://localhost")] + secrets)
    }

    @Test func tagsBecomeFoldersAndOperationsRequests() throws {
        let result = try Self.load("petstore-3.0.yaml")
        let root = result.collection.root
        #expect(root.folders.map(\.name) == ["pets", "store"])
        #expect(root.folders[0].description == "Everything about pets.")
        #expect(root.folders[0].requests.map(\.name) == ["List pets", "Add a pet", "getPetById", "Delete a pet (deprecated)", "Upload a photo"])
        #expect(root.folders[0].requests.map(\.slug) == ["list-pets", "add-pet", "get-pet-by-id", "delete-a-pet", "upload-a-photo"])
        #expect(root.folders[1].requests.map(\.name) == ["Place an order", "Save a tree"])
        #expect(root.requests.map(\.name) == ["Leave a note", "Broken reference"])
        let delete = try #require(request(result, "pets/Delete a pet (deprecated)"))
        #expect(delete.method == "DELETE")
        #expect(delete.description == "Deprecated: the API may remove this operation.")
        #expect(request(result, "pets/List pets")?.description == "Every pet, a page at a time.")
    }

    @Test func everyParameterLocation() throws {
        let result = try Self.load("petstore-3.0.yaml")
        let list = try #require(request(result, "pets/List pets"))
        #expect(list.url == "/pets")
        #expect(list.query == [KeyValue("limit", "20"), KeyValue("status", "available", enabled: false), KeyValue("status", "sold", enabled: false)])
        #expect(list.headers == [KeyValue("X-Trace-Id", "3fa85f64-5717-4562-b3fc-2c963f66afa6", enabled: false),
                                 KeyValue("X-Request-Mode", "fast", enabled: false),
                                 KeyValue("Cookie", "session=abc123"), KeyValue("Cookie", "session=abc123; theme=dark", enabled: false)])
        let one = try #require(request(result, "pets/getPetById"))
        #expect(one.url == "/pets/{{petId}}")
        #expect(one.variables == [Variable(name: "petId", value: "7")])
    }

    @Test func everyBodyKindFromExamplesAndSchemas() throws {
        let result = try Self.load("petstore-3.0.yaml")
        // Across files: Pet is in common/schemas.yaml, and its Category a local reference there. Only required
        // properties, and the read-only id is left out.
        #expect(request(result, "pets/Add a pet")?.body == .json("{\n  \"name\": \"Rex\",\n  \"category\": {\n    \"id\": 0,\n    \"name\": \"Dogs\"\n  }\n}"))
        #expect(request(result, "pets/Upload a photo")?.body == .multipart([MultipartField(name: "photo", file: "photo"),
                                                                          MultipartField(name: "caption", value: "At the beach", enabled: false)]))
        #expect(request(result, "store/Place an order")?.body == .form([KeyValue("petId", "7"), KeyValue("quantity", "1", enabled: false),
                                                                        KeyValue("shipDate", "2024-01-31T12:00:00Z", enabled: false)]))
        #expect(request(result, "Leave a note")?.body == .text("Deliver after six.", contentType: "text/plain"))
        let tree = try #require(request(result, "store/Save a tree"))
        #expect(tree.body == .json("{\n  \"label\": \"string\",\n  \"children\": []\n}"))
        #expect(tree.headers == [KeyValue("Content-Type", "application/vnd.tree+json")])
    }

    @Test func securitySchemesBecomeAuthWithSecretVariables() throws {
        let result = try Self.load("petstore-3.0.yaml")
        #expect(result.collection.root.auth == .bearer(token: "{{bearerAuth}}"))
        #expect(request(result, "pets/List pets")?.auth == .inherit)
        #expect(request(result, "pets/getPetById")?.auth == .apiKey(name: "api_key", value: "{{apiKeyQuery}}", inQuery: true))
        #expect(request(result, "pets/Delete a pet (deprecated)")?.auth == AuthSpec.none)
        #expect(request(result, "pets/Upload a photo")?.auth == .basic(username: "{{basicAuth_username}}", password: "{{basicAuth_password}}"))
        let order = try #require(request(result, "store/Place an order"))
        #expect(order.auth == AuthSpec.none)
        #expect(order.headers == [KeyValue("Cookie", "SESSION={{sessionCookie}}")])
        // OAuth 2.0: the client credentials flow, asking for the scopes the operation's requirement names.
        #expect(request(result, "Leave a note")?.auth == .oauth2(OAuth2Spec(grant: .clientCredentials, tokenURL: "https://pets.test/token",
                                                                           clientId: "{{oauth_client_id}}", clientSecret: "{{oauth_client_secret}}",
                                                                           scope: "write")))
    }

    @Test func theReportNamesCyclesAndBrokenReferencesByPointer() throws {
        let result = try Self.load("petstore-3.0.yaml")
        let items = result.report.items.map { "\($0.path): \($0.message)" }
        #expect(items.contains("#/paths/~1broken/get/parameters/0/$ref: broken '$ref' '#/components/parameters/Missing': #/components/parameters/Missing does not exist"), "\(items)")
        #expect(items.contains { $0.hasPrefix("common/schemas.yaml#/Node: the schema contains itself") }, "\(items)")
        #expect(!items.contains { $0.contains("OAuth") }, "an OAuth 2.0 scheme with a client credentials flow converts: \(items)")
        #expect(result.report.items.count == 2, "\(items)")
        // The broken parameter is left out; the request itself imports.
        #expect(request(result, "Broken reference")?.headers == [])
    }

    @Test func openAPI31InJSON() throws {
        let result = try Self.load("inventory-3.1.json")
        #expect(result.collection.root.name == "Inventory")
        #expect(result.collection.root.auth == .apiKey(name: "X-API-Key", value: "{{key}}", inQuery: false))
        #expect(result.collection.environments.map(\.baseURL) == ["{{baseURL}}/api"])
        #expect(result.collection.environments[0].variables == [Variable(name: "baseURL", value: "http://localhost"), Variable(name: "key", value: "", secret: true)])
        #expect(result.collection.root.requests.map(\.name) == ["getItem", "Change an item", "GET /items", "Remote schema"])
        let item = try #require(request(result, "getItem"))
        #expect(item.variables == [Variable(name: "sku", value: "A-100")])
        #expect(request(result, "Change an item")?.body == .json("{\n  \"sku\": \"A-100\",\n  \"price\": 1.25,\n  \"note\": null\n}"))
        #expect(request(result, "Remote schema")?.body == .json("{}"))
        #expect(result.collection.root.requests[2].slug == "get-items")
        // The response's reference to the same URL is reported too: a contract check could not follow it either.
        #expect(result.report.items.map(\.path) == ["#/paths/~1elsewhere/get/requestBody/content/application~1json/schema/$ref",
                                                    "#/paths/~1elsewhere/get/responses/200/content/application~1json/schema/$ref"])
        #expect(result.report.items.allSatisfy { $0.message.contains("is a URL, which an import does not fetch") })
    }

    @Test func swagger20() throws {
        let result = try Self.load("legacy-swagger-2.0.json")
        #expect(result.collection.environments.map(\.name) == ["https", "http"])
        #expect(result.collection.environments.map(\.baseURL) == ["https://shop.test:8443/v2", "http://shop.test:8443/v2"])
        #expect(result.collection.root.auth == .apiKey(name: "X-Token", value: "{{token}}", inQuery: false))
        let create = try #require(request(result, "orders/Create an order"))
        #expect(create.body == .json("{\n  \"item\": \"lamp\",\n  \"count\": 1\n}"))
        #expect(create.query == [KeyValue("dryRun", "true", enabled: false)])
        let receipt = try #require(request(result, "orders/Attach a receipt"))
        #expect(receipt.url == "/orders/{{id}}/receipt")
        #expect(receipt.variables == [Variable(name: "id", value: "42")])
        #expect(receipt.body == .multipart([MultipartField(name: "file", file: "file"), MultipartField(name: "note", value: "paid", enabled: false)]))
        #expect(receipt.auth == .basic(username: "{{basic_username}}", password: "{{basic_password}}"))
        let login = try #require(request(result, "Log in"))
        #expect(login.body == .form([KeyValue("user", "string"), KeyValue("remember", "true", enabled: false)]))
        #expect(login.auth == AuthSpec.none)
        #expect(result.report.items.map(\.path) == ["#/securityDefinitions/oauth", "#/paths/~1login/post/security"])
    }

    @Test(arguments: ["petstore-3.0.yaml", "inventory-3.1.json", "legacy-swagger-2.0.json"])
    func roundTripThroughTheLoader(_ name: String) throws {
        let temp = try TempCollections()
        let result = try Self.load(name)
        let trip = try ImportFixtures.roundTrip(result, root: temp.root)
        #expect(trip.problems.isEmpty, "\(trip.problems)")
        #expect(trip.loaded == trip.written)
    }

    @Test func malformedDescriptionsNameTheLine() throws {
        let cases: [(String, String)] = [
            ("openapi: 3.0.0\npaths:\n  /a: [\n", "x.yaml:4:1: error: invalid YAML"),
            ("{\"swagger\": \"1.2\"}", "x.yaml:1:13: error: swagger: Swagger 1.2 is not supported"),
            ("info:\n  title: x\n", "x.yaml:1:1: error: missing 'openapi'"),
            ("- 1\n", "x.yaml:1:1: error: expected an OpenAPI description"),
        ]
        for (text, prefix) in cases {
            do {
                _ = try OpenAPIImporter.importSpec(Data(text.utf8), source: "x.yaml")
                Issue.record("\(text) imported")
            } catch {
                #expect(error.description.hasPrefix(prefix), "\(error.description)")
            }
        }
    }

    @Test func aReferenceOutOfTheSpecsFolderIsRefusedUnread() throws {
        let source = ImportFixtures.path("openapi/escape/spec.yaml")
        let outside = ImportFixtures.path("openapi/outside-secret.yaml")
        // The same file again by its absolute path, as a hostile spec would name /etc/passwd or ~/.ssh/id_rsa.
        let text = try ImportFixtures.text("openapi/escape/spec.yaml") + """
              /absolute:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '\(outside)#/Token'}
                  responses: {}

            """
        let reads = CallCounter()
        let result = try OpenAPIImporter.importSpec(Data(text.utf8), source: source) { path in
            reads.increment()
            return FileManager.default.contents(atPath: path)
        }
        // Both references lead out of the folder, so no file may be read at all.
        #expect(reads.value == 0, "no file outside the spec's folder is read")
        let items = result.report.items.map { "\($0.path): \($0.message)" }
        #expect(items.contains { $0.contains("'../outside-secret.yaml#/Token'") && $0.contains("outside the spec's folder") }, "\(items)")
        // A long reference is shown cut at 120 characters; its start names it.
        #expect(items.contains { $0.contains("'\(outside.prefix(100))") && $0.contains("outside the spec's folder") }, "\(items)")
        #expect(!items.joined().contains("TOPSECRET") && !String(describing: result.collection).contains("TOPSECRET"))
        #expect(result.collection.root.requests.map(\.name).contains("GET /inside"))
    }

    @Test func aReferenceLoopIsReportedNotFollowed() throws {
        let text = """
            openapi: 3.0.0
            info: {title: Loop}
            paths:
              /a:
                $ref: '#/paths/~1b'
              /b:
                $ref: '#/paths/~1a'
              /c:
                get:
                  responses: {}
            """
        let result = try OpenAPIImporter.importSpec(Data(text.utf8), source: "loop.yaml")
        #expect(result.collection.root.requests.map(\.name) == ["GET /c"])
        #expect(result.report.items.contains { $0.message.contains("leads back to itself") }, "\(result.report.items)")
    }

    @Test func oauthFlowsBecomeTheOAuth2KindAndOpenIDConnectIsReported() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: Flows, version: '1'}
            paths:
              /code:
                get:
                  summary: Code
                  security: [{code: [read, write]}]
                  responses: {'200': {description: OK}}
              /password:
                get:
                  summary: Password
                  security: [{pass: []}]
                  responses: {'200': {description: OK}}
              /oidc:
                get:
                  summary: OIDC
                  security: [{oidc: []}]
                  responses: {'200': {description: OK}}
            components:
              securitySchemes:
                code:
                  type: oauth2
                  flows:
                    implicit: {authorizationUrl: 'https://id.test/implicit', scopes: {}}
                    clientCredentials: {tokenUrl: 'https://id.test/cc', scopes: {}}
                    authorizationCode: {authorizationUrl: 'https://id.test/authorize', tokenUrl: 'https://id.test/token', scopes: {}}
                pass:
                  type: oauth2
                  flows: {password: {tokenUrl: 'https://id.test/token', scopes: {}}}
                oidc: {type: openIdConnect, openIdConnectUrl: 'https://id.test/.well-known/openid-configuration'}
            """
        let result = try OpenAPIImporter.importSpec(Data(spec.utf8), source: "flows.yaml")
        #expect(request(result, "Code")?.auth == .oauth2(OAuth2Spec(grant: .authorizationCode, tokenURL: "https://id.test/token",
                                                                   authorizationURL: "https://id.test/authorize", clientId: "{{code_client_id}}",
                                                                   clientSecret: "{{code_client_secret}}", scope: "read write")))
        #expect(request(result, "Password")?.auth == .oauth2(OAuth2Spec(grant: .password, tokenURL: "https://id.test/token",
                                                                       clientId: "{{pass_client_id}}", clientSecret: "{{pass_client_secret}}",
                                                                       username: "{{pass_username}}", password: "{{pass_password}}")))
        #expect(request(result, "OIDC")?.auth == AuthSpec.none)
        let items = result.report.items.map { "\($0.path): \($0.message)" }
        #expect(items.contains { $0.hasPrefix("#/components/securitySchemes/code: OAuth 2.0 scheme 'code' declares the flows authorizationCode, clientCredentials: the authorizationCode flow is used") }, "\(items)")
        #expect(items.contains { $0.hasPrefix("#/components/securitySchemes/oidc: OpenID Connect scheme 'oidc' is not converted: its token URL is only in the discovery document (https://id.test/.well-known/openid-configuration)") }, "\(items)")
        let secrets = result.collection.environments.first?.variables.filter(\.secret).map(\.name)
        #expect(secrets == ["code_client_secret", "pass_client_secret", "pass_password"])
    }

    @Test func aFlowWithoutTheURLsItsGrantNeedsIsReportedNotWritten() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: Flows, version: '1'}
            paths:
              /note:
                post:
                  summary: Leave a note
                  security: [{oauth: [write]}]
                  responses: {'200': {description: OK}}
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows:
                    authorizationCode: {tokenUrl: 'https://pets.test/token', scopes: {write: Write}}
            """
        let result = try OpenAPIImporter.importSpec(Data(spec.utf8), source: "flows.yaml")
        #expect(request(result, "Leave a note")?.auth == AuthSpec.none)
        let items = result.report.items.map { "\($0.path): \($0.message)" }
        #expect(items.contains("#/components/securitySchemes/oauth/flows/authorizationCode: OAuth 2.0 scheme 'oauth': its authorizationCode flow has no authorizationUrl; not converted"),
                "\(items)")
        #expect(result.collection.environments.first?.variables.contains { $0.name.hasPrefix("oauth_") } != true, "no variables for a scheme not converted")
    }
}
