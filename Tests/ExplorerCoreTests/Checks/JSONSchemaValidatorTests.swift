@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("The JSON Schema subset")
struct JSONSchemaValidatorTests {
    func errors(_ schema: String, _ value: String) throws -> [String] {
        let parsedSchema = try #require(JSONValue.parse(Data(schema.utf8)))
        let parsedValue = try #require(JSONValue.parse(Data(value.utf8)))
        return JSONSchemaValidator(root: parsedSchema).validate(parsedValue)
    }

    static let user = """
    {"$defs": {"id": {"type": "integer", "minimum": 1}},
     "type": "object", "required": ["id", "name"], "additionalProperties": false,
     "properties": {"id": {"$ref": "#/$defs/id"}, "name": {"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[A-Z]"},
                    "role": {"enum": ["admin", "user"]}, "kind": {"const": "person"},
                    "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2},
                    "score": {"type": ["number", "null"], "maximum": 10}}}
    """

    @Test func aValidValuePasses() throws {
        #expect(try errors(Self.user, #"{"id": 3, "name": "Ada", "role": "admin", "kind": "person", "tags": ["x"], "score": null}"#).isEmpty)
        #expect(try errors(Self.user, #"{"id": 3, "name": "Ada", "score": 9.5}"#).isEmpty)
    }

    @Test func eachKeywordReportsWhereAndWhy() throws {
        let found = try errors(Self.user, #"{"id": 0, "name": "ada lovelace", "role": "root", "kind": "cat", "tags": [1, "b", "c"], "score": 11, "extra": 1}"#)
        #expect(found.contains("$.id: 0 is less than the minimum 1"))
        #expect(found.contains("$.name: 12 characters, more than maxLength 5"))
        #expect(found.contains(#"$.name: "ada lovelace" does not match the pattern ^[A-Z]"#))
        #expect(found.contains(#"$.role: "root" is not one of ["admin","user"]"#))
        #expect(found.contains(#"$.kind: expected "person", got "cat""#))
        #expect(found.contains("$.tags[0]: expected string, got integer"))
        #expect(found.contains("$.tags: 3 items, more than maxItems 2"))
        #expect(found.contains("$.score: 11 is more than the maximum 10"))
        #expect(found.contains("$: property 'extra' is not allowed (additionalProperties is false)"))
        #expect(try errors(Self.user, #"{"name": "A"}"#).contains("$: missing required property 'id'"))
        #expect(try errors(Self.user, "[]") == ["$: expected object, got array"])
    }

    @Test func combinatorsBooleansAndUnresolvableReferences() throws {
        #expect(try errors(#"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#, "true") == ["$: matches none of the anyOf schemas"])
        #expect(try errors(#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#, "1") == ["$: matches 2 of the oneOf schemas, not exactly one"])
        #expect(try errors(#"{"not": {"type": "null"}}"#, "null") == ["$: matches the schema under 'not'"])
        #expect(try errors(#"{"properties": {"a": false}}"#, #"{"a": 1}"#) == ["$.a: no value is allowed here"])
        #expect(try errors(#"{"$ref": "other.json#/x"}"#, "1").first?.contains("cannot resolve $ref") == true)
        #expect(try errors(##"{"$ref": "#"}"##, "1").first?.contains("refers back to itself") == true)
    }

    @Test func aSchemaThatFansOutIntoItselfStopsWithAReasonInsteadOfRunningForHours() throws {
        let found = try errors(##"{"allOf": [{"$ref": "#"}, {"$ref": "#"}], "type": "object"}"##, ##"{"a": 1}"##)
        #expect(found.contains("$: $ref '#' refers back to itself without going deeper into the value"))
        // Fanning out through properties is bounded by the step budget.
        let wide = ##"{"$defs": {"n": {"anyOf": [{"$ref": "#/$defs/n"}, {"type": "object", "additionalProperties": {"$ref": "#/$defs/n"}}]}}, "$ref": "#/$defs/n"}"##
        let started = Date()
        _ = try errors(wide, ##"{"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": 1}}}}}}}}"##)
        #expect(Date().timeIntervalSince(started) < 10, "the budget bounds the work")
    }

    @Test func aRecursiveSchemaFollowsADeepTree() throws {
        let tree = ##"{"$defs": {"node": {"type": "object", "required": ["v"], "properties": {"v": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}, "$ref": "#/$defs/node"}"##
        var value = ##"{"v": 0}"##
        for depth in 1...40 { value = "{\"v\": \(depth), \"kids\": [\(value)]}" }
        #expect(try errors(tree, value).isEmpty, "40 levels of a recursive tree are valid, not a $ref loop")
        let broken = value.replacingOccurrences(of: ##"{"v": 0}"##, with: ##"{"v": "zero"}"##)
        #expect(try errors(tree, broken).count == 1)
    }
}
