import ExplorerCore
import Foundation
import Yams

extension CollectionFileParser {
    /// The keys one item of `checks:` may have.
    static let checkKeys = ["status", "header", "equals", "matches", "json", "contains", "exists", "type", "count",
                            "bodyContains", "responseTimeBelow", "schema", "events", "firstEventBelow",
                            "messages", "firstMessageBelow", "graphqlErrors", "conformsToSpec", "grpcStatus"]
    /// The keys one item of `captures:` may have.
    static let captureKeys = ["name", "json", "header", "status", "regex", "cookie", "secret"]
    /// The JSON types a `type:` check names.
    static let jsonTypes = ["string", "number", "integer", "boolean", "array", "object", "null"]

    /// The `captures:` list of a request. A capture whose source cannot be read is an error located at it.
    mutating func captures(_ map: YAMLMap) throws(CollectionProblem) -> [CaptureSpec] {
        var result: [CaptureSpec] = []
        for item in try map.list("captures") {
            let entry = try YAMLMap(item, file: file, what: "an item of 'captures'")
            warnings += entry.unknownKeys(allowed: CollectionFileParser.captureKeys, in: "a capture")
            let name = try entry.requiredString("name", in: "a capture")
            guard VariableResolver.isValidName(name) else {
                throw CollectionProblem(entry.location("name"), "'\(name)' is not a valid variable name (letters, digits, '_', '-', '.')")
            }
            var sources: [CaptureSource] = []
            if let path = try entry.string("json") {
                do { _ = try JSONPath(StreamEventsDocument.eventsPath(path) ?? path) } catch {
                    throw CollectionProblem(shifted(entry.location("json"), by: error.column, in: entry, key: "json"),
                                            "capture '\(name)': the JSONPath '\(path)' does not parse: \(error.message)")
                }
                sources.append(.jsonPath(path))
            }
            if let header = try entry.string("header") { sources.append(.header(header)) }
            if try entry.bool("status") == true { sources.append(.status) }
            if let pattern = try entry.string("regex") {
                do { _ = try NSRegularExpression(pattern: pattern) } catch {
                    throw CollectionProblem(entry.location("regex"), "capture '\(name)': '\(pattern)' is not a valid regular expression")
                }
                sources.append(.regex(pattern))
            }
            if let cookie = try entry.string("cookie") { sources.append(.cookie(cookie)) }
            guard sources.count == 1, let source = sources.first else {
                throw CollectionProblem(entry.location("name"),
                                        "capture '\(name)' needs exactly one of json, header, status, regex or cookie; found \(sources.count)")
            }
            result.append(CaptureSpec(name: name, source: source, secret: try entry.bool("secret") ?? false,
                                      location: YAMLMap.location(of: item, in: file)))
        }
        return result
    }

    /// The `needs:` list of a request: references (`folder/request` in the same collection, or `Collection/folder/request`).
    func needs(_ map: YAMLMap) throws(CollectionProblem) -> [RequestNeed] {
        var result: [RequestNeed] = []
        for item in try map.list("needs") {
            guard case let .scalar(scalar) = item, !scalar.string.isEmpty else {
                throw CollectionProblem(YAMLMap.location(of: item, in: file),
                                        "expected each item of 'needs' to be a request reference such as users/create-user, found \(YAMLMap.kind(of: item))")
            }
            result.append(RequestNeed(reference: scalar.string, location: YAMLMap.location(of: item, in: file)))
        }
        return result
    }

    /// The `checks:` list of a request, folder or collection. A check that cannot be read is kept as an `invalid`
    /// check that fails with the reason, and reported as a warning, so the request can still be sent.
    mutating func checks(_ map: YAMLMap) throws(CollectionProblem) -> [CheckSpec] {
        var result: [CheckSpec] = []
        for item in try map.list("checks") {
            let location = YAMLMap.location(of: item, in: file)
            let entry = try YAMLMap(item, file: file, what: "an item of 'checks'")
            warnings += entry.unknownKeys(allowed: CollectionFileParser.checkKeys, in: "a check")
            do {
                var check = CheckSpec(try checkKind(entry), location: location)
                // Written back (and failed) in the words it was written in.
                check.namesMessages = entry.node("messages") != nil || entry.node("firstMessageBelow") != nil
                result.append(check)
            } catch {
                warnings.append(CollectionProblem(error.location, error.message, isWarning: true))
                result.append(CheckSpec(.invalid("\(error.location): \(error.message)"), location: location))
            }
        }
        return result
    }

    private func checkKind(_ entry: YAMLMap) throws(CollectionProblem) -> CheckKind {
        if let text = try entry.string("status") {
            guard let expected = StatusExpectation(text: text) else {
                throw CollectionProblem(entry.location("status"), "a status check takes a code (200), a class (2xx) or a range (200-299), found '\(text)'")
            }
            return .status(expected)
        }
        if let name = try entry.string("header") {
            let matches = try entry.string("matches")
            if let matches { try regex(matches, entry, "matches") }
            return .header(name: name, equals: try entry.string("equals"), matches: matches)
        }
        if let path = try entry.string("json") {
            // A path with a `{{variable}}` in it is read once the variable is substituted, when the check runs.
            do {
                if !path.contains("{{") { _ = try JSONPath(StreamEventsDocument.eventsPath(path) ?? path) }
            } catch {
                throw CollectionProblem(shifted(entry.location("json"), by: error.column, in: entry, key: "json"),
                                        "the JSONPath '\(path)' does not parse: \(error.message)")
            }
            return .jsonPath(path, try assertion(entry))
        }
        if let text = try entry.string("bodyContains") { return .bodyContains(text) }
        if let text = try entry.string("grpcStatus") {
            guard let code = GRPCStatusCode(name: text) else {
                throw CollectionProblem(entry.location("grpcStatus"), "a grpcStatus check takes a status name (OK, NOT_FOUND, ...) or number, found '\(text)'")
            }
            return .grpcStatus(code)
        }
        if entry.node("graphqlErrors") != nil {
            guard (try? entry.string("graphqlErrors"))??.lowercased() == "none" else {
                throw CollectionProblem(entry.location("graphqlErrors"), "expected 'graphqlErrors: none'")
            }
            return .noGraphQLErrors
        }
        if entry.node("conformsToSpec") != nil {
            guard (try? entry.bool("conformsToSpec")) == true else {
                throw CollectionProblem(entry.location("conformsToSpec"), "expected 'conformsToSpec: true'")
            }
            return .conformsToSpec(nil)
        }
        if entry.node("responseTimeBelow") != nil {
            guard let limit = try? entry.double("responseTimeBelow") else {
                throw CollectionProblem(entry.location("responseTimeBelow"), "expected 'responseTimeBelow' to be a number of milliseconds")
            }
            return .responseTimeBelow(limit)
        }
        // A WebSocket conversation's messages are its events: `messages` and `firstMessageBelow` read the same.
        let eventsKey = entry.node("messages") != nil ? "messages" : "events"
        if let bounds = try entry.map(eventsKey) {
            func number(_ key: String) throws(CollectionProblem) -> Int? {
                guard bounds.node(key) != nil else { return nil }
                guard let value = try? bounds.double(key), value >= 0, value == value.rounded(), value < 1e9 else {
                    throw CollectionProblem(bounds.location(key), "expected '\(key)' of an events check to be a whole number ≥ 0")
                }
                return Int(value)
            }
            let (count, min, max) = (try number("count"), try number("min"), try number("max"))
            guard count != nil || min != nil || max != nil else {
                throw CollectionProblem(entry.location(eventsKey), "an \(eventsKey) check takes count, min or max (\(eventsKey): {count: 10})")
            }
            if let unknown = bounds.unknownKeys(allowed: ["count", "min", "max"], in: "an events check").first { throw unknown }
            return .events(count: count, min: min, max: max)
        }
        let firstKey = entry.node("firstMessageBelow") != nil ? "firstMessageBelow" : "firstEventBelow"
        if entry.node(firstKey) != nil {
            guard let limit = try? entry.double(firstKey) else {
                throw CollectionProblem(entry.location(firstKey), "expected '\(firstKey)' to be a number of milliseconds")
            }
            return .firstEventBelow(limit)
        }
        if let path = try entry.string("schema") {
            let full = path.hasPrefix("/") ? path : PathText.appending(PathText.deletingLastComponent(file), path)
            return .schema(path: (full as NSString).standardizingPath)
        }
        throw CollectionProblem(YAMLMap.location(of: entry.node, in: file),
                                "a check needs one of status, header, json, bodyContains, responseTimeBelow, schema, conformsToSpec, events (messages), firstEventBelow (firstMessageBelow) or graphqlErrors")
    }

    private func assertion(_ entry: YAMLMap) throws(CollectionProblem) -> JSONPathAssertion {
        var found: [JSONPathAssertion] = []
        if let node = entry.node("equals") { found.append(.equals(CollectionFileParser.jsonValue(of: node))) }
        if let node = entry.node("contains") { found.append(.contains(CollectionFileParser.jsonValue(of: node))) }
        if let pattern = try entry.string("matches") {
            try regex(pattern, entry, "matches")
            found.append(.matches(pattern))
        }
        if let flag = try entry.bool("exists") { found.append(.exists(flag)) }
        if let type = try entry.string("type") {
            guard CollectionFileParser.jsonTypes.contains(type.lowercased()) else {
                throw CollectionProblem(entry.location("type"), "unknown JSON type '\(type)'; expected one of: \(CollectionFileParser.jsonTypes.joined(separator: ", "))")
            }
            found.append(.type(type.lowercased()))
        }
        if let text = try entry.string("count") {
            guard let count = Int(text), count >= 0 else {
                throw CollectionProblem(entry.location("count"), "expected 'count' to be a whole number, found '\(text)'")
            }
            found.append(.count(count))
        }
        guard found.count <= 1 else {
            throw CollectionProblem(entry.location("json"), "a json check takes one of equals, contains, matches, exists, type or count; found \(found.count)")
        }
        return found.first ?? .exists(true)
    }

    private func regex(_ pattern: String, _ entry: YAMLMap, _ key: String) throws(CollectionProblem) {
        // One with a `{{variable}}` is compiled once the variable is substituted, when the check runs.
        guard !pattern.contains("{{") else { return }
        do { _ = try NSRegularExpression(pattern: pattern) } catch {
            throw CollectionProblem(entry.location(key), "'\(pattern)' is not a valid regular expression")
        }
    }

    /// The location of column `column` (1-based) of a path written as the value of `key`.
    private func shifted(_ keyLocation: SourceLocation, by column: Int, in entry: YAMLMap, key: String) -> SourceLocation {
        guard let value = entry.node(key), let mark = value.mark else { return keyLocation }
        var quoted = 0
        if case let .scalar(scalar) = value, scalar.style == .singleQuoted || scalar.style == .doubleQuoted { quoted = 1 }
        return SourceLocation(file: file, line: mark.line, column: mark.column + quoted + max(column - 1, 0))
    }

    /// A YAML value as JSON: plain numbers, `true`, `false` and `null` as themselves, quoted text as a string,
    /// lists and mappings as arrays and objects.
    static func jsonValue(of node: Node) -> JSONValue {
        switch node {
        case let .scalar(scalar):
            let text = scalar.string
            guard scalar.style == .plain else { return .string(text) }
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case "null", "Null", "NULL", "~": return .null
            default:
                if let integer = Int64(text) { return .integer(integer) }
                if let number = Double(text), number.isFinite, text.contains(where: \.isNumber) { return .number(number) }
                return .string(text)
            }
        case let .sequence(sequence): return .array(sequence.map(jsonValue(of:)))
        case let .mapping(mapping):
            var members: [String: JSONValue] = [:]
            for (key, value) in mapping { members[key.string ?? ""] = jsonValue(of: value) }
            return .object(members)
        case .alias: return .null
        }
    }
}
