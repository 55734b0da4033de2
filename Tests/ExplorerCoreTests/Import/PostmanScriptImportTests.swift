@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Postman scripts: the simple shapes become checks and captures, the rest scripts")
struct PostmanScriptImportTests {
    static let script = [
        "// Login checks",
        "pm.test(\"Status code is 201\", function () {",
        "    pm.response.to.have.status(201);",
        "});",
        "var jsonData = pm.response.json();",
        "pm.test(\"Token type\", () => {",
        "    pm.expect(jsonData.token_type).to.eql(\"bearer\");",
        "    pm.expect(jsonData.user.roles[0]).to.equal('admin');",
        "    pm.expect(jsonData[\"expires in\"]).to.eql(3600);",
        "});",
        "pm.test(\"Fast\", function () { pm.expect(pm.response.responseTime).to.be.below(250); });",
        "pm.environment.set(\"token\", jsonData.access_token);",
        "pm.collectionVariables.set('userId', pm.response.json().user.id);",
        "pm.expect(pm.response.code).to.eql(201);",
        "postman.setNextRequest(\"Get user\");",
    ]

    func collection(_ exec: [String]) -> Data {
        let object: [String: Any] = [
            "info": ["name": "Auth", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"],
            "item": [["name": "Login", "request": ["method": "POST", "url": "https://auth.example/login"],
                      "event": [["listen": "test", "script": ["exec": exec, "type": "text/javascript"]]]]],
        ]
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// The script without its last line, which is not of the simple shapes.
    static let convertible = Array(script.dropLast())

    @Test func aScriptWhollyOfTheCommonShapesBecomesChecksAndCaptures() throws {
        let result = try PostmanImporter.importCollection(collection(Self.convertible), source: "auth.json", environments: [])
        let login = try #require(result.collection.locate(["Login"])?.request)
        #expect(login.checks.map(\.kind) == [
            .status(.code(201)), .status(.code(201)), .responseTimeBelow(250),
            .jsonPath("$.token_type", .equals(.string("bearer"))), .jsonPath("$.user.roles[0]", .equals(.string("admin"))),
            .jsonPath("$['expires in']", .equals(.integer(3600))),
        ])
        #expect(login.captures == [CaptureSpec(name: "token", source: .jsonPath("$.access_token")),
                                   CaptureSpec(name: "userId", source: .jsonPath("$.user.id"))])
        #expect(login.scripts.isEmpty)
        #expect(result.report.items.map(\.description) == ["Login: test script: 6 checks and 2 captures converted"])
    }

    @Test func aScriptWithMoreIsKeptWholeAsTheAfterScriptAndWhatItLacksIsReported() throws {
        let result = try PostmanImporter.importCollection(collection(Self.script), source: "auth.json", environments: [])
        let login = try #require(result.collection.locate(["Login"])?.request)
        #expect(login.checks.isEmpty && login.captures.isEmpty, "half a script as checks would run the other half nowhere")
        #expect(login.scripts.after?.body == .inline(Self.script.joined(separator: "\n")))
        #expect(result.report.items.map(\.description) == [
            "Login: test script (15 lines) imported as scripts.after",
            "Login: test script calls postman.setNextRequest, which apiexplorer's scripts do not have: it fails when it gets there",
        ])
    }

    @Test func aPreRequestScriptBecomesTheBeforeScript() throws {
        let object: [String: Any] = [
            "info": ["name": "Auth", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"],
            "event": [["listen": "prerequest", "script": ["exec": ["pm.variables.set('at', Date.now())"]]]],
            "item": [["name": "Login", "request": ["method": "POST", "url": "https://auth.example/login"],
                      "event": [["listen": "prerequest", "script": ["exec": "console.log(1)"]],
                                ["listen": "test", "script": ["exec": ["console.log(pm.response.text());"]]]]]],
        ]
        let result = try PostmanImporter.importCollection(try JSONSerialization.data(withJSONObject: object), source: "auth.json", environments: [])
        #expect(result.collection.root.scripts.before?.body == .inline("pm.variables.set('at', Date.now())"))
        let login = try #require(result.collection.locate(["Login"])?.request)
        #expect(login.scripts == ScriptsSpec(before: ScriptText(.inline("console.log(1)")), after: ScriptText(.inline("console.log(pm.response.text());"))))
        #expect(result.report.items.map(\.description) == [
            "(collection): pre-request script (1 line) imported as scripts.before",
            "Login: pre-request script (1 line) imported as scripts.before",
            "Login: test script (1 line) imported as scripts.after",
        ])
    }

    @Test func theWrittenFileReadsBackWithTheSameChecksCapturesAndScripts() throws {
        for exec in [Self.convertible, Self.script] {
            let result = try PostmanImporter.importCollection(collection(exec), source: "auth.json", environments: [])
            let login = try #require(result.collection.locate(["Login"])?.request)
            let text = try CollectionYAML.request(login)
            let temp = try TempCollections()
            try temp.write("Mini/collection.yaml", minimalCollection)
            try temp.write("Mini/login.yaml", text)
            let loaded = temp.load()
            #expect(loaded.problems.isEmpty, "\(loaded.problems)\n\(text)")
            let back = try #require(loaded.request("Mini/login"))
            #expect(back.checks.map(\.kind) == login.checks.map(\.kind))
            #expect(back.captures.map(\.source) == login.captures.map(\.source))
            #expect(back.scripts == login.scripts, "\(text)")
        }
    }
}
