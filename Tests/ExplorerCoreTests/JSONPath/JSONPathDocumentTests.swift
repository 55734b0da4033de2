@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// What the filter shows: values as written, in order, as a document the formatter prints; bad bodies; cancelling.
@Suite struct JSONPathDocumentTests {
    @Test func numberLiteralsAreKeptAsWritten() throws {
        let json = #"{"a": 1.10, "big": 12345678901234567890, "e": 1E+2, "neg": -0.0}"#
        #expect(try JSONPathTestSupport.values("$.*", in: json) == ["1.10", "12345678901234567890", "1E+2", "-0.0"])
        #expect(try JSONPathTestSupport.values("$", in: json) == [#"{"a":1.10,"big":12345678901234567890,"e":1E+2,"neg":-0.0}"#])
    }

    @Test func keyOrderAndStringEscapesAreKept() throws {
        let json = "{ \"z\": 1,\n \"a\": { \"y\" : \"x y\\n\\u00e9\\\"\", \"b\": [ ] } }"
        #expect(try JSONPathTestSupport.values("$", in: json) == [#"{"z":1,"a":{"y":"x y\n\u00e9\"","b":[]}}"#])
        #expect(try JSONPathTestSupport.paths("$.a.*", in: json) == ["$['a']['y']", "$['a']['b']"])
    }

    @Test func normalizedPathsEscapeNames() throws {
        let json = #"{"it's": 1, "a\\b": 2, "c\u0001": 3}"#
        #expect(try JSONPathTestSupport.paths("$.*", in: json) == [#"$['it\'s']"#, #"$['a\\b']"#, #"$['c\u0001']"#])
    }

    @Test func filteredDocumentIsAnArrayTheFormatterPrints() throws {
        let body = Data(JSONPathTestSupport.bookstore.utf8)
        let filtered = try JSONPath("$..book[?@.price<10].price").filteredDocument(in: body)
        #expect(String(decoding: filtered, as: UTF8.self) == "[8.95,8.99]")
        let pretty = try JSONFormatter.prettyPrinted(filtered)
        #expect(String(decoding: pretty, as: UTF8.self) == "[\n  8.95,\n  8.99\n]")
        #expect(try JSONPath("$.nothing").filteredDocument(in: body) == Data("[]".utf8))
    }

    @Test func oneParsedDocumentServesManyPaths() throws {
        let document = try JSONPathDocument(Data(JSONPathTestSupport.bookstore.utf8))
        #expect(try JSONPath("$..bicycle.color").select(in: document).map(\.value) == [#""red""#])
        #expect(try JSONPath("$.store.book.length").select(in: document).isEmpty)
        #expect(try JSONPath("$.store.book[-1:]").filteredDocument(in: document).count > 2)
    }

    @Test func bodiesThatAreNotJSONGiveTheirLineAndColumn() {
        func syntaxError(_ text: String) -> JSONSyntaxError? {
            do {
                _ = try JSONPath("$").select(in: Data(text.utf8))
                return nil
            } catch {
                return error as? JSONSyntaxError
            }
        }
        #expect(syntaxError("{\"a\": 1,\n  }")?.description == "unexpected '}' at line 2, column 3")
        #expect(syntaxError("<html>")?.description == "unexpected '<' at line 1, column 1")
        #expect(syntaxError("")?.line == 1)
        #expect(syntaxError("[1, 2")?.column == 6)
        #expect(syntaxError("[1] [2]") != nil)
    }

    @Test func cancellationStopsParsingAndSelecting() throws {
        var json = "["
        for index in 0..<50_000 { json += (index > 0 ? "," : "") + #"{"id":\#(index),"tags":["a","b"]}"# }
        let body = Data((json + "]").utf8)
        #expect(throws: CancellationError.self) { try JSONPathDocument(body, isCancelled: { true }) }
        let document = try JSONPathDocument(body)
        #expect(throws: CancellationError.self) { try JSONPath("$..tags[?@ == 'b']").select(in: document, isCancelled: { true }) }
        #expect(throws: CancellationError.self) { try JSONPath("$[*].id").filteredDocument(in: document, isCancelled: { true }) }
        // Cancelled part-way: the callback is polled more than once before giving up.
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        #expect(throws: CancellationError.self) {
            try JSONPath("$..*").select(in: document, isCancelled: { counter.calls += 1; return counter.calls > 3 })
        }
        #expect(counter.calls == 4)
        #expect(try JSONPath("$[-1].id").select(in: document) == [JSONPathMatch(path: "$[49999]['id']", value: "49999")])
    }

    @Test func deeplyNestedBodiesDoNotOverflow() throws {
        let depth = 20_000
        let body = Data((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
        // One match, so the test does not build twenty thousand paths of up to twenty thousand steps each.
        let matches = try JSONPath("$..[?@ == 1]").select(in: body)
        #expect(matches.map(\.value) == ["1"])
        #expect(matches.first?.path == "$" + String(repeating: "[0]", count: depth))
        #expect(try JSONPath("$[?@ == @]").select(in: body).count == 1)
    }
}
