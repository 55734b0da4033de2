@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// Every way a path can be refused, each with the column a person should look at.
@Suite struct JSONPathErrorTests {
    private func error(_ path: String) -> JSONPathError? { JSONPathTestSupport.parseError(path) }

    @Test func pathsMustStartWithTheRoot() {
        #expect(error("")?.description == "empty path: a path starts with '$' at column 1")
        #expect(error("store.book")?.description == "a path starts with '$' at column 1")
        #expect(error("@.a")?.column == 1)
    }

    @Test func unterminatedBracketPointsAtTheEnd() {
        #expect(error("$.store[0")?.description == "expected ']' (to close the '[' at column 8) at column 10")
        #expect(error("$[0 1]")?.description == "expected ']' or ',', found '1' at column 5")
        #expect(error("$[]")?.description == "empty brackets: expected a selector at column 3")
        #expect(error("$[0,]")?.column == 5)
    }

    @Test func unterminatedString() {
        #expect(error("$['a")?.description == "unterminated string: expected ' (to close the string at column 3) at column 5")
        #expect(error(#"$["a\"]"#)?.column == 8)
        #expect(error(#"$['a\x']"#)?.description == #"invalid escape '\x' in a string at column 5"#)
        #expect(error(#"$['\u12']"#)?.column == 8)
        #expect(error(#"$['\uD800']"#)?.column == 4)
    }

    @Test func badShorthands() {
        #expect(error("$.")?.description == "expected a name or '*' after '.' at column 3")
        #expect(error("$..")?.description == "expected a name or '*' after '..' at column 4")
        #expect(error("$.1")?.column == 3)
        #expect(error("$. a")?.description == "no space allowed after '.' at column 3")
        #expect(error("$.a-b")?.description == "unexpected '-': expected '.', '..' or '[' to start a segment at column 4")
        #expect(error("$.a b")?.column == 5)
    }

    @Test func badIndexesAndSlices() {
        #expect(error("$[01]")?.description == "leading zeros are not allowed in an index at column 3")
        #expect(error("$[-0]")?.column == 3)
        #expect(error("$[9007199254740992]")?.column == 3)
        #expect(error("$[1:2:x]")?.column == 7)
        #expect(error("$[-]")?.description == "expected digits at column 4")
    }

    @Test func badFilters() {
        #expect(error("$[?@.price <]")?.column == 13)
        #expect(error("$[?]")?.column == 4)
        #expect(error("$[?@.a = 1]")?.description == "expected '==' (a single '=' is not a comparison) at column 8")
        #expect(error("$[?@.a == 1 &&]")?.column == 15)
        #expect(error("$[?(@.a]")?.description == "expected ')' (to close the '(' at column 4) at column 8")
        #expect(error("$[?1]")?.column == 5)
        #expect(error("$[?@.* == 1]")?.description
            == "a comparison needs a singular query (only names and indexes, no '*', '..', slices or filters) at column 4")
        #expect(error("$[?@.a == @..b]")?.column == 11)
        #expect(error("$[?price < 10]")?.column == 4)
        #expect(error("$[?!1]")?.column == 5)
        #expect(error("$[?@.a == 01]")?.column == 11)
        #expect(error("$[?@.a == 1.]")?.column == 13)
    }

    @Test func unsupportedFunctionsAreNamed() {
        #expect(error("$[?length(@) > 2]")?.description
            == "function 'length()' is not supported: filters take comparisons, '&&', '||', '!' and existence tests only at column 4")
        #expect(error("$[?count(@.*) == 1]")?.message.hasPrefix("function 'count()'") == true)
        #expect(error("$[?match(@.a, 'x')]")?.column == 4)
        #expect(error("$[?@.a && search(@.a, 'x')]")?.column == 11)
        #expect(error("$.a.length()")?.column == 5)
    }

    @Test func nonRFCDialectsAreNamed() {
        #expect(error("$[(@.length-1)]")?.message.hasPrefix("script expressions") == true)
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let path = "$[?" + String(repeating: "(", count: 200) + "@" + String(repeating: ")", count: 200) + "]"
        #expect(error(path)?.message.hasPrefix("filter nested too deeply") == true)
    }
}
