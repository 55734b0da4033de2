import ExplorerCore
import Foundation

/// One row of a request's Checks tab: a request it needs, a value it captures, or a check its response must pass,
/// each read from and shown as one line (`needs workflow/login`, `capture token = $.token`, `status 2xx`,
/// `$.user.name equals "Ada"`), the same words `CheckSpec.summary` uses.
public enum CheckRow: Sendable, Equatable {
    /// A request sent first when its captures are missing.
    case need(RequestNeed)
    /// A value taken from the response.
    case capture(CaptureSpec)
    /// A check of the response.
    case check(CheckSpec)

    /// The rows of `request` in the order the tab lists them: needs, captures, then checks.
    public static func rows(of request: RequestSpec) -> [CheckRow] {
        request.needs.map(CheckRow.need) + request.captures.map(CheckRow.capture) + request.checks.map(CheckRow.check)
    }

    /// `request` with `rows` as its needs, captures and checks.
    public static func setting(_ rows: [CheckRow], in request: RequestSpec) -> RequestSpec {
        var copy = request
        copy.needs = rows.compactMap { if case let .need(need) = $0 { need } else { nil } }
        copy.captures = rows.compactMap { if case let .capture(capture) = $0 { capture } else { nil } }
        copy.checks = rows.compactMap { if case let .check(check) = $0 { check } else { nil } }
        return copy
    }

    /// The row as one line; a schema's path is written relative to `requestFile`, as in the file.
    public func text(requestFile: String) -> String {
        switch self {
        case let .need(need): return "needs \(need.reference)"
        case let .capture(capture): return "capture \(capture.name) = \(capture.source.description)"
        case let .check(check):
            if case let .schema(path) = check.kind { return "body matches schema \(CheckRow.relative(path, to: PathText.deletingLastComponent(requestFile)))" }
            return check.summary
        }
    }

    /// True for a row that cannot be written back as it was read (a check the loader could not read): the tab leaves
    /// such a request's rows to its file.
    public var isUnwritable: Bool {
        guard case let .check(check) = self else { return false }
        switch check.kind {
        case .invalid, .capture: return true
        default: return false
        }
    }

    /// Reads a line typed in the tab; `secret` marks a capture secret. A schema path is relative to `requestFile`.
    public static func parse(_ line: String, requestFile: String, secret: Bool = false) throws(CheckLineError) -> CheckRow {
        let text = line.trimmingCharacters(in: .whitespaces)
        func after(_ prefix: String) -> String? {
            text.lowercased().hasPrefix(prefix) ? String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) : nil
        }
        if let reference = after("needs ") {
            guard !reference.isEmpty, !reference.contains(" ") else { throw CheckLineError("needs takes a request reference such as users/create-user.") }
            return .need(RequestNeed(reference: reference))
        }
        if let rest = after("capture ") { return .capture(try parseCapture(rest, secret: secret)) }
        var check = CheckSpec(try checkKind(text, requestFile: requestFile))
        // A WebSocket conversation's words stay its words when the line is saved (`messages:`).
        let lower = text.lowercased()
        check.namesMessages = lower.hasPrefix("messages") || lower.hasPrefix("first message")
        return .check(check)
    }

    /// `events count 3`, `events ≥ 1 ≤ 20` (or `>=`, `<=`), `first event < 500 ms`, and the same with `messages` and
    /// `first message`, as the tab shows them; nil for a line that is none of these.
    private static func eventsCheck(_ text: String) throws(CheckLineError) -> CheckKind? {
        let words = text.lowercased().split(separator: " ").map(String.init)
        guard let noun = words.first else { return nil }
        if noun == "first", words.count >= 4, words[1] == "event" || words[1] == "message", words[2] == "<" {
            guard words.count <= 5, words.count == 4 || words[4] == "ms", let limit = Double(words[3]), limit.isFinite, limit > 0 else {
                throw CheckLineError("first \(words[1]) < takes a number of milliseconds: first \(words[1]) < 500 ms.")
            }
            return .firstEventBelow(limit)
        }
        guard noun == "events" || noun == "messages" else { return nil }
        let usage = CheckLineError("\(noun) takes count N, ≥ N or ≤ N: \(noun) count 3, \(noun) ≥ 1 ≤ 20.")
        var count: Int?, min: Int?, max: Int?
        var rest = words.dropFirst()
        while let word = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 else { throw usage }
            switch word {
            case "count": count = value
            case "≥", ">=": min = value
            case "≤", "<=": max = value
            default: throw usage
            }
        }
        guard count != nil || min != nil || max != nil else { throw usage }
        return .events(count: count, min: min, max: max)
    }

    /// `NAME = SOURCE`: a JSONPath, `header NAME`, `status`, `regex PATTERN` or `cookie NAME`.
    private static func parseCapture(_ text: String, secret: Bool) throws(CheckLineError) -> CaptureSpec {
        guard let equals = text.firstIndex(of: "=") else {
            throw CheckLineError("a capture is written capture NAME = $.path (or header NAME, status, regex PATTERN, cookie NAME).")
        }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        let source = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard VariableResolver.isValidName(name) else { throw CheckLineError("'\(name)' is not a valid variable name (letters, digits, '_', '-', '.').") }
        let words = source.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch words.first?.lowercased() {
        case "header"? where !argument.isEmpty: return CaptureSpec(name: name, source: .header(argument), secret: secret)
        case "cookie"? where !argument.isEmpty: return CaptureSpec(name: name, source: .cookie(argument), secret: secret)
        case "status"? where argument.isEmpty: return CaptureSpec(name: name, source: .status, secret: secret)
        case "regex"? where !argument.isEmpty:
            try checkRegex(argument)
            return CaptureSpec(name: name, source: .regex(argument), secret: secret)
        default:
            guard source.hasPrefix("$") || source.hasPrefix(".") || source.hasPrefix("[") else {
                throw CheckLineError("a capture takes its value from $.path, header NAME, status, regex PATTERN or cookie NAME; found '\(source)'.")
            }
            try checkPath(source)
            return CaptureSpec(name: name, source: .jsonPath(source), secret: secret)
        }
    }

    private static func checkKind(_ text: String, requestFile: String) throws(CheckLineError) -> CheckKind {
        let lower = text.lowercased()
        func rest(_ prefix: String) -> String { String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        if lower.hasPrefix("status ") {
            guard let expected = StatusExpectation(text: rest("status ")) else {
                throw CheckLineError("a status check takes a code (200), a class (2xx) or a range (200-299).")
            }
            return .status(expected)
        }
        if lower.hasPrefix("header ") {
            let words = rest("header ").split(separator: " ", maxSplits: 2).map(String.init)
            guard let name = words.first, KeyValue.isValidHeaderName(name) else { throw CheckLineError("a header check names a header: header Content-Type matches json.") }
            let verb = words.count > 1 ? words[1].lowercased() : "present"
            let argument = words.count > 2 ? words[2] : ""
            switch verb {
            case "present" where argument.isEmpty: return .header(name: name, equals: nil, matches: nil)
            case "equals": return .header(name: name, equals: argument, matches: nil)
            case "matches" where !argument.isEmpty:
                try checkRegex(argument)
                return .header(name: name, equals: nil, matches: argument)
            default: throw CheckLineError("a header check is header NAME present, header NAME equals VALUE or header NAME matches PATTERN.")
            }
        }
        if lower.hasPrefix("body contains ") { return .bodyContains(rest("body contains ")) }
        if lower == "no graphql errors" { return .noGraphQLErrors }
        if lower == "conforms to spec" { return .conformsToSpec(nil) }
        if lower.hasPrefix("body matches schema ") {
            let path = rest("body matches schema ")
            guard !path.isEmpty else { throw CheckLineError("a schema check names a JSON Schema file, relative to the request file.") }
            let full = path.hasPrefix("/") ? path : PathText.appending(PathText.deletingLastComponent(requestFile), path)
            return .schema(path: (full as NSString).standardizingPath)
        }
        if lower.hasPrefix("response time < ") {
            var number = rest("response time < ")
            if number.lowercased().hasSuffix("ms") { number = String(number.dropLast(2)).trimmingCharacters(in: .whitespaces) }
            guard let limit = Double(number), limit.isFinite, limit > 0 else { throw CheckLineError("response time < takes a number of milliseconds: response time < 500 ms.") }
            return .responseTimeBelow(limit)
        }
        if text.hasPrefix("$") { return try jsonCheck(text) }
        if let events = try eventsCheck(text) { return events }
        throw CheckLineError("a check starts with status, header, $ (a JSONPath), body contains, body matches schema, conforms to spec, response time <, "
                             + "events (messages) or first event (first message); "
                             + "capture NAME = $.path captures a value, needs folder/request sends one first.")
    }

    /// `PATH equals|contains JSON`, `PATH matches PATTERN`, `PATH is TYPE`, `PATH count N`, `PATH exists`,
    /// `PATH does not exist`. A path may hold spaces (`$.items[?@.price < 10]`): the first word that leaves a
    /// parsable path before it is the verb.
    private static func jsonCheck(_ text: String) throws(CheckLineError) -> CheckKind {
        for suffix in [(" does not exist", false), (" exists", true)] where text.hasSuffix(suffix.0) {
            let path = String(text.dropLast(suffix.0.count))
            if parses(path) { return .jsonPath(path, .exists(suffix.1)) }
        }
        var candidates: [(Range<String.Index>, String)] = []
        for verb in ["equals", "contains", "matches", "is", "count"] {
            var start = text.startIndex
            while let found = text.range(of: " \(verb) ", range: start..<text.endIndex) {
                candidates.append((found, verb))
                start = found.upperBound
            }
        }
        for (range, verb) in candidates.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            let path = String(text[..<range.lowerBound])
            guard parses(path) else { continue }
            let argument = String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            switch verb {
            case "equals": return .jsonPath(path, .equals(value(argument)))
            case "contains": return .jsonPath(path, .contains(value(argument)))
            case "matches":
                try checkRegex(argument)
                return .jsonPath(path, .matches(argument))
            case "is":
                let types = ["string", "number", "integer", "boolean", "array", "object", "null"]
                guard types.contains(argument.lowercased()) else { throw CheckLineError("unknown JSON type '\(argument)'; expected one of: \(types.joined(separator: ", ")).") }
                return .jsonPath(path, .type(argument.lowercased()))
            default:
                guard let count = Int(argument), count >= 0 else { throw CheckLineError("count takes a whole number: $.items count 3.") }
                return .jsonPath(path, .count(count))
            }
        }
        if parses(text) { return .jsonPath(text, .exists(true)) }
        try checkPath(text.split(separator: " ").first.map(String.init) ?? text)
        throw CheckLineError("after the path comes equals, contains, matches, is, count, exists or does not exist.")
    }

    /// A JSON value as typed: JSON (`1`, `true`, `"Ada"`, `[1, 2]`), else the text itself as a string.
    private static func value(_ text: String) -> JSONValue {
        if case let .array(items)? = JSONValue.parse(Data("[\(text)]".utf8)), items.count == 1 { return items[0] }
        return .string(text)
    }

    /// `$events…` and `$messages…` read a stream's events, as in a file's checks.
    private static func parses(_ path: String) -> Bool {
        path.contains("{{") || (try? JSONPath(StreamEventsDocument.eventsPath(path) ?? path)) != nil
    }

    private static func checkPath(_ path: String) throws(CheckLineError) {
        guard !path.contains("{{") else { return }
        do { _ = try JSONPath(StreamEventsDocument.eventsPath(path) ?? path) } catch { throw CheckLineError("the JSONPath '\(path)' does not parse: \(error.message) (column \(error.column)).") }
    }

    private static func checkRegex(_ pattern: String) throws(CheckLineError) {
        guard !pattern.contains("{{") else { return }
        if (try? NSRegularExpression(pattern: pattern)) == nil { throw CheckLineError("'\(pattern)' is not a valid regular expression.") }
    }

    /// `path` relative to `directory`, as a file names another beside or above it.
    package static func relative(_ path: String, to directory: String) -> String {
        let target = path.split(separator: "/")
        let base = directory.split(separator: "/")
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        guard common > 0 || !path.hasPrefix("/") || directory.isEmpty else { return path }
        return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(separator: "/")
    }
}
