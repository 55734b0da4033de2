import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Validates a JSON value against a JSON Schema: a documented subset of draft 2020-12.
///
/// Supported keywords: `type` (one name or a list), `properties`, `required`, `additionalProperties` (false or a
/// schema), `items` (one schema for every item), `enum`, `const`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `minLength`, `maxLength` (in characters), `pattern`, `minItems`, `maxItems`, `allOf`, `anyOf`,
/// `oneOf`, `not`, and local `$ref` (`#`, `#/definitions/…`, `#/$defs/…`, any JSON Pointer into the same file), and
/// OpenAPI 3.0's `nullable: true` (null is accepted besides the `type`).
/// Boolean schemas (`true`, `false`) work. Not supported, and ignored: remote `$ref`, `$id`, `$anchor`, `format`,
/// `patternProperties`, `propertyNames`, `dependentRequired`, `dependentSchemas`, `if`/`then`/`else`, `prefixItems`,
/// `contains`, `uniqueItems`, `multipleOf`, `unevaluated*`, `minProperties`/`maxProperties`.
public struct JSONSchemaValidator: Sendable {
    /// The whole schema document, for `$ref`.
    public let root: JSONValue

    /// True when each error ends with the JSON pointer of the schema that failed (`(schema #/properties/id)`).
    public var namesSchemaPointers = false

    /// Creates a validator for the schema `root`.
    public init(root: JSONValue) { self.root = root }

    /// Every way `value` fails the schema, each naming the place (`$.items[2].id`); empty when it is valid.
    public func validate(_ value: JSONValue) -> [String] {
        validate(value, against: root, pointer: "")
    }

    /// Every way `value` fails `schema`, a schema inside the document `root` at the JSON pointer `pointer`.
    public func validate(_ value: JSONValue, against schema: JSONValue, pointer: String) -> [String] {
        var errors: [String] = []
        validate(value, against: schema, at: "$", schemaAt: pointer, depth: 0, walk: SchemaWalk(), into: &errors)
        // A value wrong everywhere would list thousands of places; the first hundred say enough.
        return errors.count > 100 ? Array(errors.prefix(100)) + ["… and \(errors.count - 100) more"] : errors
    }

    /// `depth` counts levels of the value (a recursive schema may follow a deep tree); `walk` bounds the schema's work.
    private func validate(_ value: JSONValue, against schema: JSONValue, at path: String, schemaAt pointer: String, depth: Int,
                          walk: SchemaWalk, into errors: inout [String]) {
        let suffix = namesSchemaPointers ? " (schema #\(pointer))" : ""
        func fail(_ message: String) { errors.append(message + suffix) }
        guard depth < 128 else { fail("\(path): the value nests more than 128 levels deep"); return }
        walk.steps += 1
        guard walk.steps <= SchemaWalk.stepLimit else {
            if !walk.isExhausted { fail("\(path): the schema needs more than \(SchemaWalk.stepLimit) steps; validation stopped") }
            walk.isExhausted = true
            return
        }
        switch schema {
        case let .bool(allowed):
            if !allowed { fail("\(path): no value is allowed here") }
            return
        case .object: break
        default: return
        }
        guard case let .object(keywords) = schema else { return }
        if case let .string(reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else {
                fail("\(path): cannot resolve $ref '\(reference)' (only references within the same file are supported)")
                return
            }
            // Following the same $ref again at the same place in the value can never end.
            let key = reference + " " + path
            guard walk.referencesInUse.insert(key).inserted else {
                fail("\(path): $ref '\(reference)' refers back to itself without going deeper into the value")
                return
            }
            validate(value, against: target, at: path, schemaAt: String(reference.dropFirst()), depth: depth, walk: walk, into: &errors)
            walk.referencesInUse.remove(key)
        }
        // OpenAPI 3.0 has no null type: `nullable: true` lets null through whatever the type says.
        if case .null = value, case .bool(true)? = keywords["nullable"] { return }
        if let type = keywords["type"] {
            let names: [String]
            switch type {
            case let .string(name): names = [name]
            case let .array(items): names = items.compactMap { if case let .string(name) = $0 { return name } else { return nil } }
            default: names = []
            }
            let actual = CheckEvaluator.typeName(of: value)
            if !names.isEmpty, !names.contains(where: { $0 == actual || ($0 == "number" && actual == "integer") }) {
                fail("\(path): expected \(names.joined(separator: " or ")), got \(actual)")
                return
            }
        }
        if case let .array(options)? = keywords["enum"], !options.contains(value) {
            fail("\(path): \(value.compactText) is not one of \(JSONValue.array(options).compactText)")
        }
        if let constant = keywords["const"], constant != value {
            fail("\(path): expected \(constant.compactText), got \(value.compactText)")
        }
        for (keyword, sub) in keywords {
            switch keyword {
            case "allOf":
                if case let .array(schemas) = sub {
                    for (index, item) in schemas.enumerated() {
                        validate(value, against: item, at: path, schemaAt: "\(pointer)/allOf/\(index)", depth: depth, walk: walk, into: &errors)
                    }
                }
            case "anyOf", "oneOf":
                guard case let .array(schemas) = sub else { continue }
                let passing = schemas.enumerated().filter { index, item in
                    var inner: [String] = []
                    validate(value, against: item, at: path, schemaAt: "\(pointer)/\(keyword)/\(index)", depth: depth, walk: walk, into: &inner)
                    return inner.isEmpty
                }.count
                if keyword == "anyOf", passing == 0 { fail("\(path): matches none of the anyOf schemas") }
                if keyword == "oneOf", passing != 1 { fail("\(path): matches \(passing) of the oneOf schemas, not exactly one") }
            case "not":
                var inner: [String] = []
                validate(value, against: sub, at: path, schemaAt: pointer + "/not", depth: depth, walk: walk, into: &inner)
                if inner.isEmpty { fail("\(path): matches the schema under 'not'") }
            default: continue
            }
        }
        switch value {
        case let .object(members): validateObject(members, keywords, at: path, schemaAt: pointer, depth: depth, walk: walk, into: &errors)
        case let .array(items): validateArray(items, keywords, at: path, schemaAt: pointer, depth: depth, walk: walk, into: &errors)
        case let .string(text):
            let length = text.count
            if let minimum = JSONSchemaValidator.number(keywords["minLength"]), Double(length) < minimum {
                fail("\(path): \(length) characters, fewer than minLength \(YAMLText.number(minimum))")
            }
            if let maximum = JSONSchemaValidator.number(keywords["maxLength"]), Double(length) > maximum {
                fail("\(path): \(length) characters, more than maxLength \(YAMLText.number(maximum))")
            }
            if case let .string(pattern)? = keywords["pattern"], !CheckEvaluator.matches(text, pattern) {
                fail("\(path): \(value.compactText) does not match the pattern \(pattern)")
            }
        case .integer, .number:
            guard let number = JSONSchemaValidator.number(value) else { break }
            if let minimum = JSONSchemaValidator.number(keywords["minimum"]), number < minimum {
                fail("\(path): \(value.compactText) is less than the minimum \(YAMLText.number(minimum))")
            }
            if let maximum = JSONSchemaValidator.number(keywords["maximum"]), number > maximum {
                fail("\(path): \(value.compactText) is more than the maximum \(YAMLText.number(maximum))")
            }
            if let minimum = JSONSchemaValidator.number(keywords["exclusiveMinimum"]), number <= minimum {
                fail("\(path): \(value.compactText) is not more than \(YAMLText.number(minimum))")
            }
            if let maximum = JSONSchemaValidator.number(keywords["exclusiveMaximum"]), number >= maximum {
                fail("\(path): \(value.compactText) is not less than \(YAMLText.number(maximum))")
            }
        default: break
        }
    }

    private func validateObject(_ members: [String: JSONValue], _ keywords: [String: JSONValue], at path: String, schemaAt pointer: String,
                                depth: Int, walk: SchemaWalk, into errors: inout [String]) {
        let suffix = namesSchemaPointers ? " (schema #\(pointer))" : ""
        if case let .array(required)? = keywords["required"] {
            for case let .string(name) in required where members[name] == nil {
                errors.append("\(path): missing required property '\(name)'" + suffix)
            }
        }
        var properties: [String: JSONValue] = [:]
        if case let .object(declared)? = keywords["properties"] { properties = declared }
        for name in members.keys.sorted() {
            guard let member = members[name] else { continue }
            let place = JSONSchemaValidator.child(path, name)
            if let sub = properties[name] {
                validate(member, against: sub, at: place, schemaAt: "\(pointer)/properties/\(JSONSchemaValidator.escape(name))", depth: depth + 1,
                         walk: walk, into: &errors)
            } else if let additional = keywords["additionalProperties"] {
                if case .bool(false) = additional {
                    errors.append("\(path): property '\(name)' is not allowed (additionalProperties is false)" + suffix)
                } else {
                    validate(member, against: additional, at: place, schemaAt: pointer + "/additionalProperties", depth: depth + 1, walk: walk, into: &errors)
                }
            }
        }
    }

    private func validateArray(_ items: [JSONValue], _ keywords: [String: JSONValue], at path: String, schemaAt pointer: String,
                               depth: Int, walk: SchemaWalk, into errors: inout [String]) {
        let suffix = namesSchemaPointers ? " (schema #\(pointer))" : ""
        if let minimum = JSONSchemaValidator.number(keywords["minItems"]), Double(items.count) < minimum {
            errors.append("\(path): \(items.count) items, fewer than minItems \(YAMLText.number(minimum))" + suffix)
        }
        if let maximum = JSONSchemaValidator.number(keywords["maxItems"]), Double(items.count) > maximum {
            errors.append("\(path): \(items.count) items, more than maxItems \(YAMLText.number(maximum))" + suffix)
        }
        if let sub = keywords["items"] {
            for (index, item) in items.enumerated() {
                validate(item, against: sub, at: "\(path)[\(index)]", schemaAt: pointer + "/items", depth: depth + 1, walk: walk, into: &errors)
            }
        }
    }

    /// The schema a local reference points to: `#` or a JSON Pointer after `#`.
    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var current = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case let .object(members):
                guard let next = members[key.removingPercentEncoding ?? key] else { return nil }
                current = next
            case let .array(items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case let .integer(number)?: return Double(number)
        case let .number(number)?: return number
        default: return nil
        }
    }

    /// A property name as a JSON pointer token.
    private static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    private static func child(_ path: String, _ name: String) -> String {
        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !name.isEmpty ? "\(path).\(name)" : "\(path)[\(JSONValue.quoted(name))]"
    }
}
