@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Comparing responses: JSON structurally, text by line")
struct ComparisonTests {
    func json(_ text: String) throws -> JSONValue {
        try #require(JSONValue.parse(Data(text.utf8)))
    }

    @Test func parsesEveryKindOfValue() throws {
        #expect(try json(#"{"a": [1, 2.5, "x", true, null, {}]}"#)
                == .object(["a": .array([.integer(1), .number(2.5), .string("x"), .bool(true), .null, .object([:])])]))
        #expect(try json("9007199254740993") == .integer(9_007_199_254_740_993))
        #expect(try json("1") == json("1.0"))
        #expect(try json("true") != json("1"))
        #expect(JSONValue.parse(Data("{nope".utf8)) == nil)
        #expect(JSONValue.parse(Data()) == nil)
    }

    @Test func changedAddedAndRemovedKeysByPath() throws {
        let a = try json(#"{"id": 1, "name": "Ada", "address": {"city": "London", "zip": "N1"}, "gone": false, "same": [1]}"#)
        let b = try json(#"{"id": 2, "name": "Ada", "address": {"city": "Paris", "zip": "N1", "floor": 3}, "same": [1], "new key": null}"#)
        #expect(JSONDiff.compare(a, b) == [
            .changed(path: "$.address.city", from: .string("London"), to: .string("Paris")),
            .added(path: "$.address.floor", value: .integer(3)),
            .removed(path: "$.gone", value: .bool(false)),
            .changed(path: "$.id", from: .integer(1), to: .integer(2)),
            .added(path: "$[\"new key\"]", value: .null),
        ])
    }

    @Test func arraysByLengthAndElement() throws {
        let a = try json(#"[{"id": 1}, {"id": 2}, 3]"#)
        let b = try json(#"[{"id": 1}, {"id": 20}]"#)
        #expect(JSONDiff.compare(a, b) == [
            .lengthChanged(path: "$", from: 3, to: 2),
            .changed(path: "$[1].id", from: .integer(2), to: .integer(20)),
            .removed(path: "$[2]", value: .integer(3)),
        ])
        #expect(JSONDiff.compare(try json("[1]"), try json("[1, [2]]")) == [.lengthChanged(path: "$", from: 1, to: 2), .added(path: "$[1]", value: .array([.integer(2)]))])
    }

    @Test func aChangeOfTypeIsOneChange() throws {
        #expect(JSONDiff.compare(try json(#"{"a": {"b": 1}}"#), try json(#"{"a": [1]}"#))
                == [.changed(path: "$.a", from: .object(["b": .integer(1)]), to: .array([.integer(1)]))])
        #expect(JSONDiff.compare(try json(#"{"a": "1"}"#), try json(#"{"a": 1}"#)) == [.changed(path: "$.a", from: .string("1"), to: .integer(1))])
    }

    @Test func sameValuesInAnotherOrderAreTheSame() throws {
        let body = BodyComparison(Array(#"{"a": 1, "b": [true]}"#.utf8), Array(#"{"b":[true],"a":1.0}"#.utf8))
        #expect(body == .json([]) && body.isIdentical)
    }

    @Test func lineDiffFindsInsertedRemovedAndChangedLines() {
        let a = ["one", "two", "three", "four", "five"]
        let b = ["one", "2", "three", "five", "six"]
        #expect(LineDiff.compare(a, b) == [
            .removed(line: 2, text: "two"), .added(line: 2, text: "2"),
            .removed(line: 4, text: "four"),
            .added(line: 5, text: "six"),
        ])
        #expect(LineDiff.compare(a, a).isEmpty)
        #expect(LineDiff.compare([], ["x"]) == [.added(line: 1, text: "x")])
    }

    @Test func textAndBinaryBodies() {
        #expect(BodyComparison(Array("a\r\nb\n".utf8), Array("a\nc".utf8)) == .text([.removed(line: 2, text: "b"), .added(line: 2, text: "c")]))
        #expect(BodyComparison([0xFF, 0x00], [0xFF]) == .binary(firstSize: 2, secondSize: 1))
        #expect(BodyComparison([1, 2], [1, 2]) == .identical)
    }

    @Test func headersIgnoreDateAndCase() {
        let comparison = ResponseComparison(
            firstStatus: 200, firstHeaders: ["Date": "Mon", "Content-Type": "application/json", "X-Old": "1", "ETag": "a"], firstBody: Data("{}".utf8),
            secondStatus: 200, secondHeaders: ["date": "Tue", "content-type": "application/json", "X-New": "2", "ETag": "b"], secondBody: Data("{}".utf8))
        #expect(comparison.headers == [.changed(name: "ETag", from: "a", to: "b"), .onlyInSecond(name: "X-New", value: "2"), .onlyInFirst(name: "X-Old", value: "1")])
        #expect(!comparison.isIdentical)
        let same = ResponseComparison(firstStatus: 200, firstHeaders: ["Date": "Mon"], firstBody: Data(), secondStatus: 200,
                                      secondHeaders: ["Date": "Tue"], secondBody: Data())
        #expect(same.isIdentical)
        // A repeated header compares as one line of its values, on one line of the report.
        let cookies = ResponseComparison(
            firstStatus: 200, firstHeaders: [Header("Set-Cookie", "a=1"), Header("set-cookie", "b=2")], firstBody: Data(),
            secondStatus: 200, secondHeaders: [Header("Set-Cookie", "a=1"), Header("Set-Cookie", "b=3")], secondBody: Data())
        #expect(cookies.headers == [.changed(name: "Set-Cookie", from: "a=1, b=2", to: "a=1, b=3")])
    }

    @Test func theReportMarksEachDifferenceAndMasksSecrets() {
        let comparison = ResponseComparison(
            firstStatus: 200, firstHeaders: ["X-Token": "sekrit-1"], firstBody: Data(#"{"user": "ada", "token": "sekrit-1", "n": [1, 2]}"#.utf8),
            secondStatus: 404, secondHeaders: [:], secondBody: Data(#"{"user": "bob", "n": [1]}"#.utf8))
        let lines = comparison.report(firstTitle: "local", secondTitle: "staging", masker: SecretMasker(secrets: ["sekrit-1"]))
        #expect(lines == [
            ComparisonLine(.removed, "--- local"),
            ComparisonLine(.added, "+++ staging"),
            ComparisonLine(.heading, "Status: differs"),
            ComparisonLine(.changed, "  ~ 200 OK → 404 Not Found"),
            ComparisonLine(.heading, "Headers: 1 difference (not compared: Date)"),
            ComparisonLine(.removed, "  - X-Token: ••••••"),
            ComparisonLine(.heading, "Body (JSON): 4 differences"),
            ComparisonLine(.changed, "  ~ $.n: 2 elements → 1"),
            ComparisonLine(.removed, "  - $.n[1]: 2"),
            ComparisonLine(.removed, "  - $.token: \"••••••\""),
            ComparisonLine(.changed, "  ~ $.user: \"ada\" → \"bob\""),
        ])
        let limited = comparison.report(firstTitle: "a", secondTitle: "b", masker: SecretMasker(secrets: []), limit: 1)
        #expect(limited.contains(ComparisonLine(.note, "  … and 3 more")))
    }
}
