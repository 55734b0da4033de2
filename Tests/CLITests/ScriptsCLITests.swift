import ExplorerCore
import Foundation
import TestSupport
import Testing

/// Request scripts from the command line against loopback servers: collection, folder and request scripts in their
/// order, a body signed with HMAC, `pm.test`s as checks (exit 5 from `send`, JUnit test cases from `run`), values
/// chained through `pm.environment`, and a failing script that stops the request.
@Suite("Scripts from the command line")
struct ScriptsCLITests {
    @Test func beforeScriptsRunOuterToInnerSignTheBodyAndTestsAreChecks() async throws {
        let server = try FaultServer(routes: ["/items": .respond(status: 201, headers: ["Content-Type: application/json"],
                                                                 body: #"{"id": 7, "name": "pen"}"#)])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("Shop/collection.yaml", """
            name: Shop
            scripts:
              before: |
                pm.variables.set("order", "collection")
              after: |
                console.log("after: collection")
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: signingKey
                    value: k-93XQ
                    secret: true
            """)
        try temp.write("Shop/items/folder.yaml", """
            name: Items
            scripts:
              before: |
                pm.variables.set("order", pm.variables.get("order") + ",folder")
              after:
                file: scripts/after.js
            """)
        try temp.write("Shop/scripts/after.js", "console.log('after: folder', pm.info.requestName)\n")
        try temp.write("Shop/items/create.yaml", """
            name: Create item
            method: POST
            url: /items
            body:
              type: json
              content: '{"name":"pen"}'
            scripts:
              before: |
                pm.variables.set("order", pm.variables.get("order") + ",request")
                pm.request.headers.upsert({key: "X-Order", value: pm.variables.get("order")})
                pm.request.headers.upsert({key: "X-Signature", value: crypto.hmacSHA256(pm.environment.get("signingKey"), pm.request.body.raw)})
                console.log("key", pm.environment.get("signingKey"))
              after: |
                console.log("after: request")
                pm.test("created", () => pm.response.to.have.status(201))
                pm.test("named pen", () => pm.expect(pm.response.json().name).to.equal("pencil"))
            """)
        let output = try await CLIRunner.run(["send", "Shop/items/create", "--collections", temp.path, "--no-history"])
        #expect(output.status == 5, "a failed pm.test fails the send as a failed check does: \(output.stdout)\(output.stderr)")
        let sent = try #require(server.requests(to: "/items").last)
        #expect(sent.headers["x-order"] == "collection,folder,request")
        let signature = HexText.encode(HMACSHA256.mac(key: Array("k-93XQ".utf8), message: Array(#"{"name":"pen"}"#.utf8)))
        #expect(sent.headers["x-signature"] == signature)
        let console = output.stderr.split(separator: "\n").filter { $0.hasPrefix("console") }
        #expect(console == ["console: key ••••••", "console: after: request", "console: after: folder Create item", "console: after: collection"],
                "after scripts run inner to outer, and a secret is masked: \(output.stderr)")
        #expect(output.stderr.contains("✗ 1 of 2 checks failed\n  ✗ named pen: expected \"pen\" to equal \"pencil\"\n"), "\(output.stderr)")
    }

    @Test func runChainsThroughTheEnvironmentAndReportsEachTestInJUnit() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("R/collection.yaml", "name: R\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("R/a-first.yaml", """
            url: /users/1
            scripts:
              after: |
                pm.environment.set("userName", pm.response.json().name)
                pm.test("has a name", () => pm.expect(pm.response.json()).to.have.property("name"))
            """)
        try temp.write("R/b-second.yaml", """
            url: /users/2
            scripts:
              before: |
                pm.request.headers.add({key: "X-Previous", value: pm.environment.get("userName")})
              after: |
                pm.test("the first user was Ada", () => pm.expect(pm.environment.get("userName")).to.equal("Ada Lovelace"))
                pm.test("fails on purpose", () => pm.expect(pm.response.code).to.be.below(200))
            """)
        try temp.write("R/c-broken.yaml", """
            url: /users/3
            scripts:
              before: |
                const x = 1;
                x.y.z = 2;
            """)
        let xml = temp.path + "/junit.xml"
        let output = try await CLIRunner.run(["run", "R", "--collections", temp.path, "--no-history", "--report", "junit", xml])
        await server.stop()
        #expect(output.status == 2, "a request not sent makes the run exit 2, as a transport error does: \(output.stdout)\(output.stderr)")
        let parsed = try JUnitSummary(contentsOf: xml)
        #expect(parsed.testcases == ["R.a-first › has a name", "R.b-second › the first user was Ada", "R.b-second › fails on purpose",
                                     "R.c-broken"], "\(parsed.testcases)")
        #expect(parsed.failures == ["R.b-second › fails on purpose"], "\(parsed.failureMessages)")
        #expect(parsed.errors == ["R.c-broken"], "a before script that throws stops the request")
        #expect(output.stdout.contains("R/c-broken.yaml:5:") && output.stdout.contains("the before script failed"), "\(output.stdout)")
    }

    /// `pm.environment.unset` forgets a value a script set: later requests of the run no longer see it, and
    /// `--save-captures` leaves it out of the file.
    @Test func unsetForgetsAValueForLaterRequestsAndTheSavedCaptures() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("U/collection.yaml", "name: U\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("U/a.yaml", "url: /users/1\nscripts:\n  after: |\n    pm.environment.set('token', 't-1'); pm.environment.set('kept', 'k')\n")
        try temp.write("U/b.yaml", """
            url: /users/1
            scripts:
              after: |
                pm.test("set before", () => pm.expect(pm.environment.get("token")).to.equal("t-1"))
                pm.environment.unset("token")
            """)
        try temp.write("U/c.yaml", """
            url: /users/1
            scripts:
              after: |
                pm.test("gone", () => pm.expect(pm.environment.has("token")).to.equal(false))
                pm.test("the other stays", () => pm.expect(pm.environment.get("kept")).to.equal("k"))
            """)
        let output = try await CLIRunner.run(["run", "U", "--collections", temp.path, "--no-history", "--save-captures"])
        await server.stop()
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let saved = try String(contentsOfFile: temp.path + "/U/captures.local.yaml", encoding: .utf8)
        #expect(saved.contains("kept:") && !saved.contains("token"), "\(saved)")
    }
}

/// The config file's `scriptTimeout` bounds a script that never ends: it is stopped and its request not sent.
@Suite("scriptTimeout")
struct ScriptTimeoutCLITests {
    @Test func aScriptPastTheConfiguredTimeoutStopsItsRequest() async throws {
        let server = try FaultServer(routes: ["/x": .respond(status: 200, headers: [], body: "x")])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("config.yaml", "scriptTimeout: 0.3\n")
        try temp.write("C/collection.yaml", "name: C\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("C/spin.yaml", "url: /x\nscripts:\n  before: |\n    while (true) {}\n")
        let started = Date()
        let output = try await CLIRunner.run(["send", "C/spin", "--collections", temp.path, "--config", temp.path + "/config.yaml", "--no-history"])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(Date().timeIntervalSince(started) < 4, "stopped after 0.3 s, not the default 5")
        #expect(output.stderr.contains("C/spin.yaml: error: the before script ran too long: stopped after"), "\(output.stderr)")
        #expect(output.stderr.contains("the request was not sent"))
        #expect(server.requests(to: "/x").isEmpty)
        let config = try await CLIRunner.run(["config", "--config", temp.path + "/config.yaml"])
        #expect(config.stdout.contains("scriptTimeout") && config.stdout.contains("0.3"), "\(config.stdout)")
    }

    /// Without JavaScriptCore a scripted request is not sent and the error says what to install; a request without
    /// scripts is sent as ever, since the library is only loaded for the first script.
    @Test func withoutJavaScriptCoreAScriptedRequestIsNotSentAndSaysWhy() async throws {
        let server = try FaultServer(routes: ["/x": .respond(status: 200, headers: [], body: "x")])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("C/collection.yaml", "name: C\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("C/scripted.yaml", "url: /x\nscripts:\n  before: |\n    console.log('hi')\n")
        try temp.write("C/plain.yaml", "url: /x\n")
        let missing = ["APIEXPLORER_JAVASCRIPTCORE": temp.path + "/no-such-libjavascriptcoregtk.so"]
        let scripted = try await CLIRunner.run(["send", "C/scripted", "--collections", temp.path, "--no-history"], environment: missing)
        #expect(scripted.status == 1, "\(scripted.stdout)\(scripted.stderr)")
        #expect(scripted.stderr.hasPrefix(temp.path + "/C/scripted.yaml:4: error: the before script failed: JavaScriptCore could not be loaded"),
                "\(scripted.stderr)")
        #expect(scripted.stderr.contains("apt-get install libjavascriptcoregtk-4.1-0"), "\(scripted.stderr)")
        #expect(server.requests(to: "/x").isEmpty)
        let plain = try await CLIRunner.run(["send", "C/plain", "--collections", temp.path, "--no-history"], environment: missing)
        #expect(plain.status == 0 && plain.stdout.hasSuffix("\n\nx\n"), "\(plain.stdout)\(plain.stderr)")
        #expect(server.requests(to: "/x").count == 1)
    }
}

/// A Postman export whose logic lives in `pm.*` scripts, imported with its environment and run against the demo API.
@Suite("An imported Postman collection's scripts run")
struct PostmanScriptsCLITests {
    static let collection = #"""
    {
      "info": {"name": "Users API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
      "event": [{"listen": "prerequest", "script": {"type": "text/javascript", "exec": [
        "pm.request.headers.upsert({key: 'X-Client', value: 'postman-import'});"
      ]}}],
      "item": [
        {"name": "Create user",
         "event": [
           {"listen": "prerequest", "script": {"type": "text/javascript", "exec": [
             "const name = pm.environment.get('newName');",
             "pm.request.body.raw = JSON.stringify({name: name, username: name.toLowerCase()});"
           ]}},
           {"listen": "test", "script": {"type": "text/javascript", "exec": [
             "pm.test('Status code is 201', function () { pm.response.to.have.status(201); });",
             "const body = pm.response.json();",
             "pm.test('the name went through the script', () => pm.expect(body.name).to.eql(pm.environment.get('newName')));",
             "if (body.id > 0) { pm.environment.set('createdId', String(body.id)); }"
           ]}}
         ],
         "request": {"method": "POST", "url": "{{baseUrl}}/users",
                     "header": [{"key": "Content-Type", "value": "application/json"}],
                     "body": {"mode": "raw", "raw": "{}"}}},
        {"name": "Get created user",
         "event": [{"listen": "test", "script": {"type": "text/javascript", "exec": [
           "pm.test('finds the id the last request set', () => pm.expect(pm.request.url.toString()).to.include('/users/' + pm.environment.get('createdId')));",
           "pm.test('404 or 200', () => pm.expect([200, 404]).to.include(pm.response.code));"
         ]}}],
         "request": {"method": "GET", "url": "{{baseUrl}}/users/{{createdId}}"}}
      ]
    }
    """#

    @Test func importThenRunPassesEveryTest() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("users.postman_collection.json", Self.collection)
        try temp.write("local.postman_environment.json", """
            {"name": "local", "values": [{"key": "baseUrl", "value": "\(server.baseURL.absoluteString)", "enabled": true},
                                         {"key": "newName", "value": "Grace", "enabled": true}]}
            """)
        let imported = try await CLIRunner.run(["import", "postman", temp.path + "/users.postman_collection.json",
                                                "--environment", temp.path + "/local.postman_environment.json", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        #expect(imported.stdout.contains("imported as scripts.after"), "\(imported.stdout)")
        let xml = temp.path + "/junit.xml"
        let run = try await CLIRunner.run(["run", "users-api", "--collections", temp.path + "/cols", "--no-history", "--report", "junit", xml])
        await server.stop()
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let parsed = try JUnitSummary(contentsOf: xml)
        #expect(parsed.testcases.count == 4 && parsed.failures.isEmpty && parsed.errors.isEmpty, "\(parsed.testcases) \(parsed.failureMessages)")
        #expect(parsed.testcases.contains("users-api.create-user › the name went through the script"), "\(parsed.testcases)")
    }
}
