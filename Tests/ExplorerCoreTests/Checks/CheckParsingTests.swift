@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Reading captures, needs and checks from collection files")
struct CheckParsingTests {
    static let request = """
    name: Login
    method: POST
    url: /login
    captures:
      - name: token
        json: $.token
        secret: true
      - name: requestId
        header: X-Request-Id
      - name: code
        status: true
      - name: csrf
        regex: 'csrf=([a-z0-9]+)'
      - name: session
        cookie: session
    needs:
      - users/create-user
    checks:
      - status: 2xx
      - status: 200-204
      - header: Content-Type
        matches: json
      - json: $.token
        type: string
      - json: $.id
        equals: 1
      - json: $.name
        equals: "1"
      - json: $.items
        count: 3
      - bodyContains: token
      - responseTimeBelow: 500
      - schema: _files/login.schema.json
      - json: $.missing
    """

    @Test func everyKindIsReadIntoTheModel() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection + "\nchecks:\n  - status: 2xx\n")
        try temp.write("Mini/login.yaml", Self.request)
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let request = try #require(temp.load().request("Mini/login"))
        #expect(request.captures.map(\.source) == [.jsonPath("$.token"), .header("X-Request-Id"), .status,
                                                   .regex("csrf=([a-z0-9]+)"), .cookie("session")])
        #expect(request.captures.map(\.secret) == [true, false, false, false, false])
        #expect(request.needs.map(\.reference) == ["users/create-user"])
        #expect(request.needs.first?.location.line == 17)
        #expect(request.checks.map(\.kind) == [
            .status(.statusClass(2)), .status(.range(200...204)), .header(name: "Content-Type", equals: nil, matches: "json"),
            .jsonPath("$.token", .type("string")), .jsonPath("$.id", .equals(.integer(1))), .jsonPath("$.name", .equals(.string("1"))),
            .jsonPath("$.items", .count(3)), .bodyContains("token"), .responseTimeBelow(500),
            .schema(path: temp.path("Mini/_files/login.schema.json")), .jsonPath("$.missing", .exists(true)),
        ])
        #expect(result.collections.first?.root.checks.map(\.kind) == [.status(.statusClass(2))])
    }

    @Test func aJSONPathThatDoesNotParseIsALocatedWarningAndAFailingCheck() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/r.yaml", "url: /x\nchecks:\n  - json: $.a[\n    equals: 1\n")
        let problems = temp.load().problems(in: "r.yaml")
        let problem = try #require(problems.first)
        #expect(problem.isWarning && problem.description.contains("r.yaml:3:") && problem.message.contains("does not parse"))
        let request = try #require(temp.load().request("Mini/r"))
        guard case let .invalid(reason)? = request.checks.first?.kind else { Issue.record("expected an invalid check"); return }
        #expect(reason.contains("r.yaml:3:"))
        let result = CheckEvaluator(response: CheckedResponse(status: 200, body: Data("{}".utf8))).evaluate(request.checks)
        #expect(result.first?.passed == false)
    }

    @Test func aCaptureWithoutOneSourceOrWithABadPathIsAnErrorAtItsLine() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/two.yaml", "url: /x\ncaptures:\n  - name: a\n    json: $.a\n    header: X\n")
        try temp.write("Mini/bad.yaml", "url: /x\ncaptures:\n  - name: a\n    json: $..[\n")
        try temp.write("Mini/cycle.yaml", "url: /x\nneeds:\n  - {a: b}\n")
        _ = temp.load()
        #expect(temp.load().problems(in: "two.yaml").first?.description.contains("two.yaml:3:") == true)
        #expect(temp.load().problems(in: "two.yaml").first?.message.contains("exactly one of json, header") == true)
        #expect(temp.load().problems(in: "bad.yaml").first?.description.contains("bad.yaml:4:") == true)
        #expect(temp.load().problems(in: "cycle.yaml").first?.message.contains("request reference") == true)
    }

    @Test func unknownCheckKeysAreWarnedWithASuggestion() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/r.yaml", "url: /x\nchecks:\n  - status: 200\n    bodyContain: x\n")
        let problem = try #require(temp.load().problems(in: "r.yaml").first)
        #expect(problem.isWarning && problem.message.contains("did you mean 'bodyContains'"))
    }

    @Test func savingAnEditedRequestKeepsCapturesNeedsAndChecksByteForByte() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let path = try temp.write("Mini/login.yaml", Self.request)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let request = try #require(temp.load().request("Mini/login"))
        var edited = request
        edited.url = "/login/v2"
        edited.headers = [KeyValue("X-New", "1")]
        try CollectionStore.save(edited, over: request, original: bytes)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tail = Self.request[Self.request.range(of: "captures:")!.lowerBound...]
        #expect(text.contains(tail))
        let reloaded = try #require(temp.load().request("Mini/login"))
        #expect(reloaded.captures == request.captures && reloaded.checks.count == request.checks.count && reloaded.url == "/login/v2")
    }
}
