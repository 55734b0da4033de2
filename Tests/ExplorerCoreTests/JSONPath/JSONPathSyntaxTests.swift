import Foundation
import Testing
@testable import ExplorerCore

/// Each supported piece of syntax, mostly on the examples of RFC 9535 section 2.
@Suite struct JSONPathSyntaxTests {
    private func values(_ path: String, in json: String) throws -> [String] { try JSONPathTestSupport.values(path, in: json) }
    private func paths(_ path: String, in json: String) throws -> [String] { try JSONPathTestSupport.paths(path, in: json) }

    @Test func rootSelectsTheWholeDocument() throws {
        #expect(try values("$", in: #"{"k": [1, 2]}"#) == [#"{"k":[1,2]}"#])
        #expect(try paths("$", in: "42") == ["$"])
        #expect(try values("$", in: " 42 ") == ["42"])
    }

    @Test func nameSelectorsInDotAndBracketForm() throws {
        let json = #"{"o": {"j j": {"k.k": 3}}, "'": {"@": 2}, "a": 1, "é": 5}"#
        #expect(try values("$.a", in: json) == ["1"])
        #expect(try values("$.é", in: json) == ["5"])
        #expect(try values(#"$.o['j j']"#, in: json) == [#"{"k.k":3}"#])
        #expect(try values(#"$.o['j j']['k.k']"#, in: json) == ["3"])
        #expect(try values(#"$.o["j j"]["k.k"]"#, in: json) == ["3"])
        #expect(try values(#"$["'"]["@"]"#, in: json) == ["2"])
        #expect(try values(#"$['\'']"#, in: json) == [#"{"@":2}"#])
        #expect(try paths(#"$["'"]"#, in: json) == [#"$['\'']"#])
        #expect(try values("$.missing", in: json).isEmpty)
        #expect(try values("$.a", in: "[1]").isEmpty)
    }

    @Test func escapesInNamesMatchEscapedAndPlainKeys() throws {
        let json = #"{"tab\there": 1, "snow\u2603": 2, "clef\ud834\udd1e": 3, "plain": 4}"#
        #expect(try values(#"$['tab\there']"#, in: json) == ["1"])
        #expect(try values(#"$['snow☃']"#, in: json) == ["2"])
        #expect(try values(#"$['snow\u2603']"#, in: json) == ["2"])
        #expect(try values(#"$['clef\uD834\uDD1E']"#, in: json) == ["3"])
        #expect(try values(#"$['pl\u0061in']"#, in: json) == ["4"])
        #expect(try paths(#"$['tab\there']"#, in: json) == [#"$['tab\there']"#])
        #expect(try values(#"$.*"#, in: #"{"q\"uote": 1}"#) == ["1"])
    }

    @Test func wildcardOnObjectsAndArrays() throws {
        let json = #"{"o": {"j": 1, "k": 2}, "a": [5, 3]}"#
        #expect(try values("$[*]", in: json) == [#"{"j":1,"k":2}"#, "[5,3]"])
        #expect(try values("$.o[*]", in: json) == ["1", "2"])
        #expect(try values("$.o.*", in: json) == ["1", "2"])
        #expect(try values("$.a[*]", in: json) == ["5", "3"])
        #expect(try paths("$.a.*", in: json) == ["$['a'][0]", "$['a'][1]"])
        #expect(try values("$.o[*, *]", in: json) == ["1", "2", "1", "2"])
    }

    @Test func indexesCountFromEitherEnd() throws {
        let json = #"["a", "b"]"#
        #expect(try values("$[1]", in: json) == [#""b""#])
        #expect(try values("$[-2]", in: json) == [#""a""#])
        #expect(try values("$[2]", in: json).isEmpty)
        #expect(try values("$[-3]", in: json).isEmpty)
        #expect(try paths("$[-1]", in: json) == ["$[1]"])
        #expect(try values("$[0]", in: #"{"0": 1}"#).isEmpty)
    }

    @Test func slicesFollowTheRFC() throws {
        let json = #"["a", "b", "c", "d", "e", "f", "g"]"#
        #expect(try values("$[1:3]", in: json) == [#""b""#, #""c""#])
        #expect(try values("$[5:]", in: json) == [#""f""#, #""g""#])
        #expect(try values("$[1:5:2]", in: json) == [#""b""#, #""d""#])
        #expect(try values("$[5:1:-2]", in: json) == [#""f""#, #""d""#])
        #expect(try values("$[::-1]", in: json) == ["g", "f", "e", "d", "c", "b", "a"].map { "\"\($0)\"" })
        #expect(try values("$[-2:]", in: json) == [#""f""#, #""g""#])
        #expect(try values("$[:]", in: json).count == 7)
        #expect(try values("$[0:7:0]", in: json).isEmpty)
        #expect(try values("$[ 1 : 3 ]", in: json) == [#""b""#, #""c""#])
        #expect(try paths("$[5:1:-2]", in: json) == ["$[5]", "$[3]"])
    }

    @Test func unionsKeepSelectorOrderAndDuplicates() throws {
        let json = #"{"a": 1, "b": 2, "c": [10, 11, 12]}"#
        #expect(try values("$['b','a']", in: json) == ["2", "1"])
        #expect(try values("$.c[2,0,0]", in: json) == ["12", "10", "10"])
        #expect(try values("$.c[0, 1:]", in: json) == ["10", "11", "12"])
        #expect(try values("$[ 'a' , \"b\" ]", in: json) == ["1", "2"])
    }

    @Test func descendantSegments() throws {
        let json = #"{"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]}"#
        #expect(try values("$..j", in: json) == ["1", "4"])
        #expect(try paths("$..j", in: json) == ["$['o']['j']", "$['a'][2][0]['j']"])
        #expect(try values("$..[0]", in: json) == ["5", #"{"j":4}"#])
        #expect(try values("$..o", in: json) == [#"{"j":1,"k":2}"#])
        #expect(try values("$.o..[*, *]", in: json) == ["1", "2", "1", "2"])
        #expect(try values("$.a..[0, 1]", in: json) == ["5", "3", #"{"j":4}"#, #"{"k":6}"#])
        #expect(try paths("$.a..[0, 1]", in: json) == ["$['a'][0]", "$['a'][1]", "$['a'][2][0]", "$['a'][2][1]"])
        #expect(try values("$..*", in: "[]").isEmpty)
        #expect(try values("$..x", in: "3").isEmpty)
    }

    @Test func filtersFromTheRFC() throws {
        let json = JSONPathTestSupport.filterExample
        #expect(try values("$.a[?@.b == 'kilo']", in: json) == [#"{"b":"kilo"}"#])
        #expect(try values("$.a[?(@.b == 'kilo')]", in: json) == [#"{"b":"kilo"}"#])
        #expect(try values("$.a[?@>3.5]", in: json) == ["5", "4", "6"])
        #expect(try values("$.a[?@.b]", in: json) == [#"{"b":"j"}"#, #"{"b":"k"}"#, #"{"b":{}}"#, #"{"b":"kilo"}"#])
        #expect(try paths("$[?@.*]", in: json) == ["$['a']", "$['o']"])
        #expect(try paths("$[?@[?@.b]]", in: json) == ["$['a']"])
        #expect(try values("$.o[?@<3, ?@<3]", in: json) == ["1", "2", "1", "2"])
        #expect(try values(#"$.a[?@<2 || @.b == "k"]"#, in: json) == ["1", #"{"b":"k"}"#])
        #expect(try values("$.a[?@.b == $.x]", in: json) == ["3", "5", "1", "2", "4", "6"])
        #expect(try values("$.o[?@>1 && @<4]", in: json) == ["2", "3"])
        #expect(try values("$.o[?@.u || @.x]", in: json) == [#"{"u":6}"#])
        #expect(try values("$.a[?@ == @]", in: json).count == 10)
    }

    @Test func comparisonsOfEachLiteralKind() throws {
        let json = #"[{"v": 1}, {"v": 1.0}, {"v": "1"}, {"v": true}, {"v": false}, {"v": null}, {"v": [1]}, {"v": {"x": 1}}, {}]"#
        func indexes(_ filter: String) throws -> [String] { try paths("$[?\(filter)]", in: json) }
        #expect(try indexes("@.v == 1") == ["$[0]", "$[1]"])
        #expect(try indexes("@.v == 1e0") == ["$[0]", "$[1]"])
        #expect(try indexes("@.v == '1'") == ["$[2]"])
        #expect(try indexes("@.v == true") == ["$[3]"])
        #expect(try indexes("@.v == false") == ["$[4]"])
        #expect(try indexes("@.v == null") == ["$[5]"])
        #expect(try indexes("@.v != 1").count == 7)
        #expect(try indexes("@.v <= 1") == ["$[0]", "$[1]"])
        #expect(try indexes("@.v >= 1") == ["$[0]", "$[1]"])
        #expect(try indexes("@.v > 0.5") == ["$[0]", "$[1]"])
        #expect(try indexes("@.v < true").isEmpty)
        #expect(try indexes("@.v == @.w") == ["$[8]"])
        #expect(try indexes("@.v == $[6].v") == ["$[6]"])
        #expect(try indexes("@.v == $[7]['v']") == ["$[7]"])
        #expect(try indexes("1 == 1").count == 9)
        #expect(try indexes("'a' < 'b'").count == 9)
        #expect(try indexes("-1 > @.v") .isEmpty)
    }

    @Test func stringsCompareByCodePoint() throws {
        let json = #"["a", "b", "ab", "B", "é"]"#
        #expect(try values("$[?@ < 'b']", in: json) == [#""a""#, #""ab""#, #""B""#])
        #expect(try values("$[?@ > 'z']", in: json) == [#""é""#])
    }

    @Test func negationAndParenthesesAndPrecedence() throws {
        let json = #"[{"a": 1}, {"b": 2}, {"a": 1, "b": 2}, {}]"#
        #expect(try paths("$[?!@.a]", in: json) == ["$[1]", "$[3]"])
        #expect(try paths("$[?!(@.a && @.b)]", in: json) == ["$[0]", "$[1]", "$[3]"])
        // && binds tighter than ||.
        #expect(try paths("$[?@.a || @.b && @.a]", in: json) == ["$[0]", "$[2]"])
        #expect(try paths("$[?(@.a || @.b) && !@.a]", in: json) == ["$[1]"])
        #expect(try paths("$[?$[0]]", in: json).count == 4)
        #expect(try paths("$[? @.a == 1 ]", in: json) == ["$[0]", "$[2]"])
    }

    @Test func filtersApplyToObjectMembersToo() throws {
        let json = #"{"x": {"price": 5}, "y": {"price": 50}}"#
        #expect(try paths("$[?@.price < 10]", in: json) == ["$['x']"])
    }

    @Test func blanksAroundSegmentsAndThePath() throws {
        let json = #"{"a": {"b": [1, 2]}}"#
        #expect(try values("$ .a ['b'] [0]", in: json) == ["1"])
        #expect(try values("  $.a.b[1]  ", in: json) == ["2"])
    }
}
