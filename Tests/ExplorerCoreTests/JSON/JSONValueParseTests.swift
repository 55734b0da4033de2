import ExplorerWorkspace
import Foundation
import Testing

/// `JSONValue.parse`, which reads response bodies for checks and comparisons and every script's output: what it
/// accepts and what it makes of it, and untrusted input it must refuse without crashing.
@Suite("JSONValue.parse: values, numbers, strings and hostile input")
struct JSONValueParseTests {
    private func parse(_ text: String) -> JSONValue? { JSONValue.parse(Data(text.utf8)) }

    @Test func documentsParseToTheirValues() {
        let text = #" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d"}, "": []} "#
        #expect(parse(text) == .object(["a": .array([.integer(1), .integer(-2), .number(3.5), .number(1000), .bool(true), .bool(false), .null]),
                                        "b": .object(["c": .string("d")]), "": .array([])]))
        #expect(parse("[]") == .array([]) && parse("{}") == .object([:]) && parse("\"x\"") == .string("x") && parse("0") == .integer(0))
        // Key order does not matter; the last of a repeated key wins.
        #expect(parse(#"{"k": 1, "k": 2}"#) == .object(["k": .integer(2)]))
    }

    @Test func integersStayExactAndOthersAreDoubles() {
        #expect(parse("9223372036854775807") == .integer(Int64.max))
        #expect(parse("-9223372036854775808") == .integer(Int64.min))
        #expect(parse("9223372036854775808") == .number(9223372036854775808))
        #expect(parse("12345678901234567890123") == .number(12345678901234567890123))
        #expect(parse("-0.0") == .number(-0.0) && parse("2E-2") == .number(0.02))
        for bad in ["01", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "1e400", "-1e400"] {
            #expect(parse(bad) == nil, "\(bad)")
        }
    }

    @Test func stringsDecodeEveryEscape() {
        #expect(parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        #expect(parse(#""\u00e9\u4e2d\ud83d\ude80""#) == .string("é中🚀"))
        #expect(parse("\"é中🚀\"") == .string("é中🚀"))
        for bad in [#""\ud83d""#, #""\ude80""#, #""\ud83d\u0041""#, #""\x""#, #""\u12""#, "\"a\u{1}b\"", "\"open"] {
            #expect(parse(bad) == nil, "\(bad)")
        }
        // Bytes that are not UTF-8 are refused, in a plain string and in one with escapes.
        #expect(JSONValue.parse(Data([0x22, 0xFF, 0x22])) == nil)
        #expect(JSONValue.parse(Data([0x22, 0x5C, 0x6E, 0xC3, 0x22])) == nil)
    }

    @Test func malformedAndHostileInputIsRefused() {
        for bad in ["", " ", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{1: 2}", "[1] x", "tru", "nul", "[", "{\"a\":"] {
            #expect(parse(bad) == nil, "\(bad)")
        }
        // Deep nesting stops at the limit rather than at the end of the stack.
        #expect(parse(String(repeating: "[", count: 100_000)) == nil)
        #expect(parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) != nil)
        #expect(parse(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) == nil)
    }

    @Test func itReadsWhatJSONSerializationReads() throws {
        let text = #"{"users": [{"id": 1, "name": "Ada Lovelace", "tags": ["math", "\u00e9"], "score": 9.75, "active": true, "boss": null}]}"#
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let users = try #require(foundation?["users"] as? [[String: Any]])
        guard case let .object(root)? = parse(text), case let .array(list)? = root["users"], case let .object(first)? = list.first else {
            Issue.record("did not parse")
            return
        }
        #expect(first["name"] == .string(users[0]["name"] as? String ?? "") && first["score"] == .number(users[0]["score"] as? Double ?? 0))
        #expect(first["tags"] == .array([.string("math"), .string("é")]) && first["boss"] == .null && first["id"] == .integer(1))
    }
}
