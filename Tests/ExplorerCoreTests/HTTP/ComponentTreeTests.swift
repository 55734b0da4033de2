import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

/// A three-level API declared as types: Shop → Catalog → Items.
enum Shop: Service {
    static let environments = EnvironmentSelector([
        "dev": URL(string: "http://127.0.0.1:1")!,
        "stage": URL(string: "http://127.0.0.1:2")!,
    ])
    nonisolated(unsafe) static var overrideURL: URL?
    static var baseURL: URL { overrideURL ?? environments.baseURL }
    static var sharedProperties: Request.Properties {
        Request.Properties {
            Header("X-Service", "shop")
            Header("X-Level", "root")
            Header.accept("application/json")
        }
    }
    static var configuration: Request.Configuration { .init(timeoutInterval: 7) }

    enum Catalog: Endpoint {
        typealias Parent = Shop
        static let path = "echo/catalog"
        static var sharedProperties: Request.Properties { Request.Properties(headers: ["X-Level": "catalog", "X-Catalog": "1"]) }

        enum Items: Endpoint {
            typealias Parent = Catalog
            static let path = "items"
            static var sharedProperties: Request.Properties {
                Request.Properties(headers: ["X-Level": "items"], authentication: .bearer(token: "items-token"))
            }
            static var configuration: Request.Configuration { .init(timeoutInterval: 3, parseHTTPStatusErrors: true) }
            static let list = Request(.get, parent: Items.self)
        }
    }
}

@Suite("Component trees", .serialized)
struct ComponentTreeTests {
    @Test func headersConfigurationAndPathsAreInheritedThroughThreeLevels() async throws {
        let server = try await TestServer.shared()
        Shop.overrideURL = server.baseURL
        defer { Shop.overrideURL = nil }
        let request = Request(.get, parent: Shop.Catalog.Items.self, pathComponents: ["42"], headers: ["X-Own": "yes"])
        #expect(request.url?.absoluteString == "\(server.baseURL.absoluteString)/echo/catalog/items/42")
        #expect(request.configuration.timeoutInterval == 3 && request.configuration.parseHTTPStatusErrors)
        #expect(Request(.get, parent: Shop.Catalog.self).configuration.timeoutInterval == 7)
        let echo: EchoReply = try await request.send()
        #expect(echo.path == "/echo/catalog/items/42")
        #expect(echo.header("X-Service") == "shop")
        #expect(echo.header("X-Catalog") == "1")
        #expect(echo.header("X-Level") == "items")
        #expect(echo.header("X-Own") == "yes")
        #expect(echo.header("Accept") == "application/json")
        #expect(echo.header("Authorization") == "Bearer items-token")
        let catalogEcho: EchoReply = try await Request(.get, parent: Shop.Catalog.self).send()
        #expect(catalogEcho.header("X-Level") == "catalog" && catalogEcho.header("Authorization") == nil)
    }

    @Test func environmentsSwitchTheBaseURLAtRunTime() throws {
        #expect(Shop.environments.names == ["dev", "stage"])
        #expect(Request(.get, parent: Shop.Catalog.self).url?.absoluteString == "http://127.0.0.1:1/echo/catalog")
        try Shop.environments.select("stage")
        defer { try? Shop.environments.select("dev") }
        #expect(Request(.get, parent: Shop.Catalog.Items.self).url?.absoluteString == "http://127.0.0.1:2/echo/catalog/items")
        #expect(throws: UnknownEnvironment.self) { try Shop.environments.select("prod") }
        do {
            try Shop.environments.select("prod")
        } catch {
            #expect(error.description == "Unknown environment 'prod' (known: dev, stage)")
        }
    }

    @Test func runtimeContextsInheritLikeTypes() async throws {
        let server = try await TestServer.shared()
        let root = ComponentContext(baseURL: server.baseURL, properties: .init(headers: ["X-A": "root", "X-B": "root"]))
        let folder = root.child(path: "echo", properties: .init(headers: ["X-B": "folder"]),
                                configuration: .init(parseHTTPStatusErrors: true))
        let leaf = folder.child(path: "leaf", hooks: .injecting { _ in ["X-Injected": "1"] })
        let echo: EchoReply = try await leaf.request(.post, path: ["x"], headers: ["X-C": "own"]).send()
        #expect(echo.path == "/echo/leaf/x")
        #expect(echo.header("X-A") == "root" && echo.header("X-B") == "folder" && echo.header("X-C") == "own")
        #expect(echo.header("X-Injected") == "1")
        #expect(leaf.configuration.parseHTTPStatusErrors)
    }
}
