import ExplorerWorkspace
import Foundation

/// Evaluates checks against one response: pure, no I/O but reading a schema file, and never throws. A check that
/// cannot be evaluated (a body that is not JSON, a missing schema file) fails with the reason.
public struct CheckEvaluator: Sendable {
    /// The response under test.
    public let response: CheckedResponse
    /// The body parsed for JSONPath, or why it could not be; nil when no check or capture reads JSONPath.
    let parsed: Result<JSONPathDocument, JSONBodyError>?
    /// Where a contract check finds the OpenAPI description parsed before.
    let documents: DocumentCache

    /// Prepares `response`. Its body is parsed once for all JSONPath checks, and only when `parseJSON` is true:
    /// the parse of a large body costs about twice its size in memory, so a caller that knows no JSONPath check or
    /// capture will read it passes false (a JSONPath check is then still right, parsing the body itself). Contract
    /// checks keep the description they parse in `documents` (a send context's, to share it between responses).
    public init(response: CheckedResponse, parseJSON: Bool = true, documents: DocumentCache = DocumentCache()) {
        self.response = response
        self.parsed = parseJSON ? CheckEvaluator.parse(response.body) : nil
        self.documents = documents
    }

    /// True when `checks` or `captures` read the body through JSONPath.
    public static func readsJSON(_ checks: [CheckSpec], _ captures: [CaptureSpec]) -> Bool {
        // A path into `$events` reads the events, not the body, which an event stream's is not JSON anyway.
        checks.contains { if case let .jsonPath(path, _) = $0.kind { StreamEventsDocument.eventsPath(path) == nil } else { false } }
            || captures.contains { if case let .jsonPath(path) = $0.source { StreamEventsDocument.eventsPath(path) == nil } else { false } }
    }

    /// The parsed body, parsing it now when the evaluator was made without it.
    var document: Result<JSONPathDocument, JSONBodyError> { parsed ?? CheckEvaluator.parse(response.body) }

    /// The result of every check, in order.
    public func evaluate(_ checks: [CheckSpec]) -> [CheckResult] {
        checks.map(evaluate)
    }

    /// The result of one check.
    public func evaluate(_ check: CheckSpec) -> CheckResult {
        func result(_ passed: Bool, _ actual: String, _ reason: @autoclosure () -> String) -> CheckResult {
            CheckResult(check: check, passed: passed, actual: actual, reason: passed ? nil : reason())
        }
        switch check.kind {
        case let .status(expected):
            return result(expected.accepts(response.status), String(response.status), "expected status \(expected.description), got \(response.status)")
        case let .header(name, equals, matches):
            // A repeated header (several Set-Cookie) passes when any one of its values does, as Postman's and Bruno's
            // header assertions do; the actual value is the one that passed, or every value when none did.
            let values = response.values(of: name)
            guard let first = values.first else { return result(false, "none", "header \(name) is absent") }
            let all = values.map { "'\($0)'" }.joined(separator: ", ")
            if let equals {
                let hit = values.first { $0 == equals }
                return result(hit != nil, hit ?? (values.count == 1 ? first : all),
                              "expected \(name) to equal '\(equals)', got \(all)")
            }
            if let matches {
                guard RegexCache.regex(matches) != nil else { return result(false, first, "'\(matches)' is not a valid regular expression") }
                let hit = values.first { CheckEvaluator.matches($0, matches) }
                return result(hit != nil, hit ?? (values.count == 1 ? first : all),
                              values.count == 1 ? "'\(first)' does not match \(matches)" : "none of \(all) matches \(matches)")
            }
            return result(true, values.count == 1 ? first : all, "")
        case let .jsonPath(path, assertion):
            return evaluateJSON(check, path: path, assertion: assertion)
        case let .grpcStatus(expected):
            guard let status = response.grpcStatus else { return result(false, "not gRPC", "the request is not a gRPC call, so it has no gRPC status") }
            let actual = status.code.name + (status.message.isEmpty ? "" : ": \(status.message)")
            return result(status.code == expected, actual, "expected gRPC status \(expected.name), got \(actual)")
        case .noGraphQLErrors:
            let errors = GraphQLError.errors(in: response.body)
            let shown = errors.prefix(3).map(\.description).joined(separator: "; ") + (errors.count > 3 ? "; …" : "")
            return result(errors.isEmpty, "\(errors.count) error\(errors.count == 1 ? "" : "s")",
                          "the response has \(errors.count) GraphQL error\(errors.count == 1 ? "" : "s"): \(shown)")
        case let .bodyContains(text):
            let body = String(decoding: response.body, as: UTF8.self)
            return result(body.contains(text), "\(response.body.count) bytes", "the body does not contain '\(text)'")
        case let .responseTimeBelow(limit):
            let milliseconds = response.duration * 1000
            let actual = "\(Int(milliseconds.rounded())) ms"
            return result(milliseconds < limit, actual, "took \(actual), limit \(YAMLText.number(limit)) ms")
        case let .events(count, min, max):
            guard let events = response.events else { return result(false, "not streamed", "the response did not stream, so it has no \(noun(check))s") }
            // A conversation kept in history holds the messages sent too; only those received count.
            let actual = response.eventCount - events.filter { $0.kind == .sent }.count
            let passed = count.map { actual == $0 } ?? true && min.map { actual >= $0 } ?? true && max.map { actual <= $0 } ?? true
            let expected = count.map { "\($0)" } ?? [min.map { "at least \($0)" }, max.map { "at most \($0)" }].compactMap { $0 }.joined(separator: " and ")
            return result(passed, String(actual), "expected \(expected) \(noun(check))s, got \(actual)")
        case let .firstEventBelow(limit):
            guard let events = response.events else { return result(false, "not streamed", "the response did not stream, so it has no \(noun(check))s") }
            guard let first = events.first(where: { $0.kind != .sent }) else { return result(false, "no \(noun(check))", "no \(noun(check)) arrived") }
            let milliseconds = first.time * 1000
            let actual = "\(Int(milliseconds.rounded())) ms"
            return result(milliseconds < limit, actual, "the first \(noun(check)) came after \(actual), limit \(YAMLText.number(limit)) ms")
        case let .schema(path):
            guard let data = FileManager.default.contents(atPath: path) else {
                return result(false, "no schema", "the schema file \(path) could not be read")
            }
            guard let schema = JSONValue.parse(data) else { return result(false, "no schema", "the schema file \(path) is not JSON") }
            guard let body = JSONValue.parse(response.body) else { return result(false, "not JSON", "the body is not JSON") }
            let errors = JSONSchemaValidator(root: schema).validate(body)
            return result(errors.isEmpty, errors.isEmpty ? "valid" : "\(errors.count) error\(errors.count == 1 ? "" : "s")",
                          errors.prefix(3).joined(separator: "; "))
        case let .conformsToSpec(operation):
            guard let operation, !operation.spec.isEmpty else {
                return result(false, "no spec", "the collection has no spec: key naming its OpenAPI description (apiexplorer import openapi writes one)")
            }
            let violations = OpenAPIContract.violations(of: response, operation: operation, documents: documents)
            return result(violations.isEmpty, violations.isEmpty ? "conforms" : "\(violations.count) violation\(violations.count == 1 ? "" : "s")",
                          violations.prefix(3).joined(separator: "; "))
        case .scriptTest:
            return result(false, "-", "a script's test is decided when the after script runs")
        case let .capture(name):
            return result(false, "-", "capture \(name) is evaluated when the response is captured")
        case let .invalid(reason):
            return result(false, "-", reason)
        }
    }

    /// What an events check counts: `message` when it was written `messages:` or `firstMessageBelow:`, or the
    /// response is a WebSocket conversation (its 101), else `event`.
    private func noun(_ check: CheckSpec) -> String {
        check.namesMessages || response.status == 101 ? "message" : "event"
    }

    private func evaluateJSON(_ check: CheckSpec, path: String, assertion: JSONPathAssertion) -> CheckResult {
        func result(_ passed: Bool, _ actual: String, _ reason: @autoclosure () -> String) -> CheckResult {
            CheckResult(check: check, passed: passed, actual: actual, reason: passed ? nil : reason())
        }
        let values: [JSONValue]
        switch CheckEvaluator.select(path, in: document, of: response) {
        case let .failure(error): return result(false, "-", error.message)
        case let .success(found): values = found
        }
        let first = values.first
        let shown = first.map(\.compactText) ?? "nothing"
        switch assertion {
        case let .exists(flag):
            return result(values.isEmpty != flag, values.isEmpty ? "nothing" : shown,
                          flag ? "\(path) selected nothing" : "\(path) selected \(shown)")
        case let .count(expected):
            var count = values.count
            if values.count == 1, case let .array(items)? = first { count = items.count }
            return result(count == expected, String(count), "expected \(expected), found \(count)")
        default:
            break
        }
        guard let value = first else { return result(false, "nothing", "\(path) selected nothing") }
        switch assertion {
        case let .equals(expected):
            return result(value == expected, shown, "expected \(expected.compactText), got \(shown)")
        case let .contains(expected):
            let passed: Bool
            switch (value, expected) {
            case let (.string(text), .string(part)): passed = text.contains(part)
            case let (.string(text), other): passed = text.contains(other.compactText)
            case let (.array(items), _): passed = items.contains(expected)
            case let (.object(members), .string(key)): passed = members[key] != nil
            default: passed = false
            }
            return result(passed, shown, "\(shown) does not contain \(expected.compactText)")
        case let .matches(pattern):
            // A pattern is compiled when the collection loads, unless it held a `{{variable}}` until now.
            guard RegexCache.regex(pattern) != nil else { return result(false, shown, "'\(pattern)' is not a valid regular expression") }
            let text: String
            if case let .string(string) = value { text = string } else { text = value.compactText }
            return result(CheckEvaluator.matches(text, pattern), shown, "\(shown) does not match \(pattern)")
        case let .type(name):
            let actual = CheckEvaluator.typeName(of: value)
            let passed = actual == name || (name == "number" && actual == "integer")
            return result(passed, actual, "expected \(name), got \(actual)")
        case .exists, .count:
            return result(false, shown, "")
        }
    }

    /// The JSON type name of a value; `integer` for a whole number.
    static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case let .number(number): return number.rounded() == number && abs(number) < 1e15 ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// True when `pattern` (a regular expression) matches somewhere in `text`; false for an invalid pattern.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = RegexCache.regex(pattern) else { return false }
        let bounded = RegexCache.bounded(text)
        return regex.firstMatch(in: bounded, range: NSRange(bounded.startIndex..., in: bounded)) != nil
    }

    /// Parses a body for JSONPath.
    static func parse(_ body: Data) -> Result<JSONPathDocument, JSONBodyError> {
        guard !body.isEmpty else { return .failure(JSONBodyError(message: "the body is empty, not JSON")) }
        do { return .success(try JSONPathDocument(body)) } catch {
            return .failure(JSONBodyError(message: "the body is not JSON (\(error))"))
        }
    }

    /// The values `path` selects, each parsed.
    static func select(_ path: String, in document: @autoclosure () -> Result<JSONPathDocument, JSONBodyError>,
                       of response: CheckedResponse) -> Result<[JSONValue], JSONBodyError> {
        matches(path, in: document(), of: response).map { $0.map { JSONValue.parse(Data($0.value.utf8)) ?? .string($0.value) } }
    }

    /// What `path` selects: in the events of a streamed response when it starts with `$events`, else in the body.
    static func matches(_ path: String, in document: @autoclosure () -> Result<JSONPathDocument, JSONBodyError>,
                        of response: CheckedResponse) -> Result<[JSONPathMatch], JSONBodyError> {
        guard let eventsPath = StreamEventsDocument.eventsPath(path) else { return matches(path, in: document()) }
        guard let events = response.events else {
            return .failure(JSONBodyError(message: "the response did not stream, so \(StreamEventsDocument.root) is not there"))
        }
        // `$messages` are those received: the messages sent that history keeps beside them are not the answer.
        return matches(eventsPath, in: parse(StreamEventsDocument.json(events.filter { $0.kind != .sent })))
    }

    /// The values `path` selects as the body writes them: compact JSON, numbers and key order as written.
    static func matches(_ path: String, in document: Result<JSONPathDocument, JSONBodyError>) -> Result<[JSONPathMatch], JSONBodyError> {
        let parsed: JSONPath
        do { parsed = try JSONPath(path) } catch { return .failure(JSONBodyError(message: "the JSONPath '\(path)' does not parse: \(error)")) }
        let loaded: JSONPathDocument
        switch document {
        case let .failure(error): return .failure(error)
        case let .success(value): loaded = value
        }
        do {
            return .success(try parsed.select(in: loaded))
        } catch {
            return .failure(JSONBodyError(message: "\(error)"))
        }
    }
}
