@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Evaluating checks against a response")
struct CheckEvaluatorTests {
    static let body = #"{"id": 7, "name": "Ada Lovelace", "tags": ["admin", "math"], "ratio": 0.5, "items": [1, 2, 3], "nested": {"ok": true}, "none": null}"#
    let evaluator = CheckEvaluator(response: CheckedResponse(status: 201, headers: [(name: "Content-Type", value: "application/json"), (name: "X-Id", value: "abc")],
                                                             body: Data(CheckEvaluatorTests.body.utf8), duration: 0.120))

    func outcome(_ kind: CheckKind) -> CheckResult { evaluator.evaluate(CheckSpec(kind)) }

    @Test func statusByValueClassAndRange() {
        #expect(outcome(.status(.code(201))).passed)
        #expect(outcome(.status(.statusClass(2))).passed)
        #expect(outcome(.status(.range(200...299))).passed)
        let failed = outcome(.status(.code(200)))
        #expect(!failed.passed && failed.actual == "201" && failed.reason == "expected status 200, got 201")
        #expect(StatusExpectation(text: "2xx") == .statusClass(2) && StatusExpectation(text: "abc") == nil && StatusExpectation(text: "300-200") == nil)
    }

    @Test func headersPresentEqualAndMatching() {
        #expect(outcome(.header(name: "content-type", equals: nil, matches: nil)).passed)
        #expect(outcome(.header(name: "X-Id", equals: "abc", matches: nil)).passed)
        #expect(outcome(.header(name: "Content-Type", equals: nil, matches: "^application/.*json$")).passed)
        let absent = outcome(.header(name: "X-Missing", equals: nil, matches: nil))
        #expect(!absent.passed && absent.actual == "none")
    }

    @Test func aRepeatedHeaderPassesWhenAnyOfItsValuesDoes() throws {
        let cookies = CheckEvaluator(response: CheckedResponse(status: 200, headers: [
            (name: "Set-Cookie", value: "session=abc; Path=/; HttpOnly"), (name: "X-Id", value: "1"), (name: "set-cookie", value: "theme=dark"),
        ]))
        let second = cookies.evaluate(CheckSpec(.header(name: "Set-Cookie", equals: "theme=dark", matches: nil)))
        #expect(second.passed && second.actual == "theme=dark")
        let matched = cookies.evaluate(CheckSpec(.header(name: "Set-Cookie", equals: nil, matches: "^theme=")))
        #expect(matched.passed && matched.actual == "theme=dark")
        let none = cookies.evaluate(CheckSpec(.header(name: "Set-Cookie", equals: nil, matches: "^lang=")))
        #expect(!none.passed && none.actual == "'session=abc; Path=/; HttpOnly', 'theme=dark'")
        #expect(none.reason == "none of 'session=abc; Path=/; HttpOnly', 'theme=dark' matches ^lang=")
        let unequal = cookies.evaluate(CheckSpec(.header(name: "Set-Cookie", equals: "x", matches: nil)))
        #expect(unequal.reason == "expected Set-Cookie to equal 'x', got 'session=abc; Path=/; HttpOnly', 'theme=dark'")
        let present = cookies.evaluate(CheckSpec(.header(name: "set-cookie", equals: nil, matches: nil)))
        #expect(present.passed && present.actual == "'session=abc; Path=/; HttpOnly', 'theme=dark'")
        // A header capture takes the first value, a cookie capture the cookie by name whichever field set it.
        let response = CheckedResponse(status: 200, headers: [(name: "Set-Cookie", value: "session=abc; Path=/"), (name: "Set-Cookie", value: "theme=dark")])
        #expect(try CaptureExtractor.value(of: CaptureSpec(name: "h", source: .header("Set-Cookie")), in: response).get() == "session=abc; Path=/")
        #expect(try CaptureExtractor.value(of: CaptureSpec(name: "c", source: .cookie("theme")), in: response).get() == "dark")
    }

    @Test func jsonPathAssertions() {
        #expect(outcome(.jsonPath("$.id", .equals(.integer(7)))).passed)
        #expect(outcome(.jsonPath("$.id", .equals(.number(7.0)))).passed)
        #expect(!outcome(.jsonPath("$.id", .equals(.string("7")))).passed)
        #expect(outcome(.jsonPath("$.name", .contains(.string("Love")))).passed)
        #expect(outcome(.jsonPath("$.tags", .contains(.string("admin")))).passed)
        #expect(outcome(.jsonPath("$.nested", .contains(.string("ok")))).passed)
        #expect(outcome(.jsonPath("$.name", .matches("^Ada "))).passed)
        #expect(outcome(.jsonPath("$.nested.ok", .exists(true))).passed)
        #expect(outcome(.jsonPath("$.nope", .exists(false))).passed)
        #expect(outcome(.jsonPath("$.ratio", .type("number"))).passed)
        #expect(outcome(.jsonPath("$.id", .type("integer"))).passed)
        #expect(outcome(.jsonPath("$.id", .type("number"))).passed)
        #expect(outcome(.jsonPath("$.none", .type("null"))).passed)
        #expect(outcome(.jsonPath("$.items", .count(3))).passed)
        #expect(outcome(.jsonPath("$.items[*]", .count(3))).passed)
        let wrong = outcome(.jsonPath("$.name", .equals(.string("Grace"))))
        #expect(!wrong.passed && wrong.actual == #""Ada Lovelace""# && wrong.reason == #"expected "Grace", got "Ada Lovelace""#)
        let nothing = outcome(.jsonPath("$.nope", .equals(.integer(1))))
        #expect(!nothing.passed && nothing.reason == "$.nope selected nothing")
    }

    @Test func aNonJSONBodyFailsTheCheckWithAReason() {
        let text = CheckEvaluator(response: CheckedResponse(status: 200, body: Data("hello".utf8)))
        let result = text.evaluate(CheckSpec(.jsonPath("$.a", .exists(true))))
        #expect(!result.passed && result.reason?.contains("not JSON") == true)
        let empty = CheckEvaluator(response: CheckedResponse(status: 204)).evaluate(CheckSpec(.jsonPath("$.a", .exists(true))))
        #expect(!empty.passed && empty.reason?.contains("empty") == true)
    }

    @Test func theBodyIsParsedOnlyWhenAJSONPathCheckOrCaptureReadsIt() {
        let status = CheckSpec(.status(.code(201)))
        let json = CheckSpec(.jsonPath("$.name", .exists(true)))
        let header = CaptureSpec(name: "id", source: .header("X-Id"))
        let token = CaptureSpec(name: "n", source: .jsonPath("$.name"))
        #expect(!CheckEvaluator.readsJSON([status], [header]))
        #expect(CheckEvaluator.readsJSON([status, json], []) && CheckEvaluator.readsJSON([], [header, token]))
        #expect(CheckEvaluator(response: evaluator.response, parseJSON: false).parsed == nil)
        // Made without the parse, a JSONPath check still reads the body.
        #expect(CheckEvaluator(response: evaluator.response, parseJSON: false).evaluate(json).passed)
        let outcome = RequestOutcome.evaluate(evaluator.response, reference: "r", name: "r", iteration: 1, checks: [status, json],
                                              captures: [header, token], secrets: [])
        #expect(outcome.checks.map(\.passed) == [true, true])
        #expect(outcome.captured.map(\.value) == ["abc", "Ada Lovelace"])
    }

    @Test func bodyTimeAndSchema() throws {
        #expect(outcome(.bodyContains("Lovelace")).passed)
        #expect(!outcome(.bodyContains("Babbage")).passed)
        #expect(outcome(.responseTimeBelow(500)).passed)
        let slow = outcome(.responseTimeBelow(100))
        #expect(!slow.passed && slow.actual == "120 ms")
        let temp = try TempCollections()
        let schema = try temp.write("s.json", #"{"type": "object", "required": ["id", "email"], "properties": {"id": {"type": "integer"}}}"#)
        let failed = outcome(.schema(path: schema))
        #expect(!failed.passed && failed.reason == "$: missing required property 'email'")
        let missing = outcome(.schema(path: temp.path("nope.json")))
        #expect(!missing.passed && missing.reason?.contains("could not be read") == true)
    }
}
