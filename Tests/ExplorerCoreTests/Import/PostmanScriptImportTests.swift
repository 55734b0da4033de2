@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Postman test scripts of the simple shapes become checks and captures")
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

    @Test func theCommonShapesConvertAndTheRestIsReported() throws {
        let result = try PostmanImporter.importCollection(collection(Self.script), source: "auth.json", environments: [])
        let login = try #require(result.collection.locate(["Login"])?.request)
        #expect(login.checks.map(\.kind) == [
            .status(.code(201)), .status(.code(201)), .responseTimeBelow(250),
            .jsonPath("$.token_type", .equals(.string("bearer"))), .jsonPath("$.user.roles[0]", .equals(.string("admin"))),
            .jsonPath("$['expires in']", .equals(.integer(3600))),
        ])
        #expect(login.captures == [CaptureSpec(name: "token", source: .jsonPath("$.access_token")),
                                   CaptureSpec(name: "userId", source: .jsonPath("$.user.id"))])
        #expect(result.report.items.map(\.description) == [
            "Login: test script: 6 checks and 2 captures converted",
            "Login: test script: 1 line not converted (first: postman.setNextRequest(\"Get user\");)",
        ])
    }

    @Test func aScriptWithNothingConvertibleIsReportedAsBefore() throws {
        let result = try PostmanImporter.importCollection(collection(["console.log(pm.response.text());"]), source: "auth.json", environments: [])
        #expect(result.collection.locate(["Login"])?.request.checks.isEmpty == true)
        #expect(result.report.items.map(\.description) == ["Login: test script (1 line) not imported: apiexplorer does not run scripts"])
    }

    @Test func theWrittenFileReadsBackWithTheSameChecksAndCaptures() throws {
        let result = try PostmanImporter.importCollection(collection(Self.script), source: "auth.json", environments: [])
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
    }
}
