import ExplorerCore
@testable import ExplorerScripts
import ExplorerWorkspace
import Foundation
import Testing

/// The `pm` API as Postman scripts use it: variables, the request, tests with chai's expect, crypto and base64.
@Suite("Scripts: the pm API")
struct ScriptEngineAPITests {
    /// Nil only where JavaScriptCore is missing (`.ci/run` installs it); each test then fails saying so.
    let engine = ScriptEngine()
    let request = ScriptRequest(method: "POST", url: "{{baseURL}}/items", headers: [ScriptHeader("Accept", "application/json")],
                                body: #"{"name":"pen"}"#)

    func run(_ text: String, event: ScriptPhase = .before, response: ScriptResponse? = nil, environment: [String: String] = [:],
             secrets: [String] = []) throws -> ScriptResult {
        try #require(engine, "\(ScriptEngine.loadError ?? "")").run([ScriptSource(text: text, file: "Shop/items/create.yaml", line: 4)],
                   input: ScriptInput(event: event, requestName: "Create item", request: request, response: response,
                                      environment: environment, collectionVariables: ["shop": "main"], secrets: secrets))
    }

    @Test func variablesAreReadAndSetInTheirScopes() throws {
        let result = try run("""
            pm.environment.set("itemId", 42);
            pm.environment.unset("old");
            pm.variables.set("local", pm.environment.get("token") + "-x");
            pm.collectionVariables.set("count", pm.collectionVariables.get("shop").length);
            console.log(pm.variables.get("local"), pm.variables.get("shop"), pm.environment.has("old"), pm.info.requestName, pm.info.eventName);
            """, environment: ["token": "t1", "old": "1"])
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.environment == ["itemId": "42", "old": String?.none])
        #expect(result.variables == ["local": "t1-x"])
        #expect(result.collectionVariables == ["count": "4"])
        #expect(result.console == [ScriptConsoleLine(level: "log", text: "t1-x main false Create item prerequest")])
    }

    @Test func aBeforeScriptChangesTheRequest() throws {
        let result = try run("""
            pm.request.headers.upsert({key: "X-Signature", value: crypto.hmacSHA256("key", pm.request.body.raw)});
            pm.request.headers.add({key: "X-Trace", value: "1"});
            pm.request.headers.remove("accept");
            pm.request.body.raw = JSON.stringify({name: "pen", at: 1});
            pm.request.url = pm.request.url.toString() + "?draft=true";
            pm.request.method = "put";
            """)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        // Signed over the body as it was before the script changed it.
        let signature = HexText.encode(HMACSHA256.mac(key: Array("key".utf8), message: Array(#"{"name":"pen"}"#.utf8)))
        #expect(result.request.headers == [ScriptHeader("X-Signature", signature), ScriptHeader("X-Trace", "1")])
        #expect(result.request.body == #"{"name":"pen","at":1}"#)
        #expect(result.request.url == "{{baseURL}}/items?draft=true" && result.request.method == "PUT")
    }

    @Test func cryptoAndBase64GiveTheKnownValues() throws {
        let result = try run("""
            console.log(crypto.hmacSHA256("key", "The quick brown fox jumps over the lazy dog"));
            console.log(crypto.sha256("abc"));
            console.log(crypto.md5(""));
            console.log(btoa("user:pass"), atob("dXNlcjpwYXNz"), btoa("a"), atob(btoa("ab")));
            console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()));
            """)
        #expect(result.console.map(\.text) == [
            "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "d41d8cd98f00b204e9800998ecf8427e",
            "dXNlcjpwYXNz user:pass YQ== ab",
            "true",
        ])
    }

    @Test func testsPassAndFailWithChaisMessages() throws {
        let response = ScriptResponse(code: 201, status: "Created", headers: [ScriptHeader("Content-Type", "application/json")],
                                      body: #"{"id": 7, "name": "pen", "tags": ["a", "b"]}"#, responseTime: 12)
        let result = try run("""
            const body = pm.response.json();
            pm.test("status", () => pm.response.to.have.status(201));
            pm.test("ok", () => pm.response.to.be.ok);
            pm.test("equal", () => pm.expect(body.id).to.equal(7));
            pm.test("eql", () => pm.expect(body.tags).to.eql(["a", "b"]));
            pm.test("a", () => pm.expect(body.name).to.be.a("string"));
            pm.test("property", () => pm.expect(body).to.have.property("name", "pen"));
            pm.test("include", () => pm.expect(body.tags).to.include("b"));
            pm.test("match", () => pm.expect(body.name).to.match(/^p/));
            pm.test("above", () => pm.expect(body.id).to.be.above(5).and.below(10));
            pm.test("lengthOf", () => pm.expect(body.tags).to.have.lengthOf(2));
            pm.test("not", () => pm.expect(body.id).to.not.equal(8));
            pm.test("header", () => pm.expect(pm.response.headers.get("content-type")).to.include("json"));
            pm.test("time", () => pm.expect(pm.response.responseTime).to.be.below(1000));
            pm.test("fails", () => pm.expect(body.id).to.equal(8));
            pm.test("fails too", () => pm.response.to.have.status(200));
            pm.test("deep fails", () => pm.expect(body).to.have.property("missing"));
            """, event: .after, response: response)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.tests.filter(\.passed).map(\.name) == ["status", "ok", "equal", "eql", "a", "property", "include", "match", "above",
                                                               "lengthOf", "not", "header", "time"])
        #expect(result.tests.filter { !$0.passed }.map(\.message) == [
            "expected 7 to equal 8",
            "expected response to have status code 200 but got 201",
            #"expected {"id":7,"name":"pen","tags":["a","b"]} to have property "missing""#,
        ])
    }

    @Test func consoleOutputAndTestMessagesMaskSecrets() throws {
        let result = try run("""
            console.log("token is", pm.environment.get("token"));
            console.warn({auth: pm.environment.get("token")});
            pm.test("leaks", () => pm.expect(pm.environment.get("token")).to.equal("x"));
            """, event: .after, response: ScriptResponse(code: 200, status: "OK"), environment: ["token": "s3cr3t-value"],
            secrets: ["s3cr3t-value"])
        #expect(result.console == [ScriptConsoleLine(level: "log", text: "token is ••••••"),
                                   ScriptConsoleLine(level: "warn", text: #"{"auth":"••••••"}"#)])
        #expect(result.tests.first?.message == #"expected "••••••" to equal "x""#)
    }

    @Test func insomniaScriptsReachTheSameAPI() throws {
        let result = try run("""
            insomnia.test("ok", () => insomnia.expect(insomnia.response.code).to.equal(200));
            insomnia.environment.set("seen", "yes");
            """, event: .after, response: ScriptResponse(code: 200, status: "OK"))
        #expect(result.tests == [ScriptTest(name: "ok", passed: true)] && result.environment == ["seen": "yes"])
    }
}
