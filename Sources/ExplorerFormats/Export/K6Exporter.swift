import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Writes requests as a k6 script (JavaScript): each request with `http.request`, its checks as one `check()`, values
/// it captures kept for the requests after it, and the test's scenario and thresholds as k6 `options`. What k6 cannot
/// say the same way (a JSON Schema, a script test, a multipart upload) is left as a comment naming it.
public struct K6Exporter: Sendable {
    /// One request of the script, in the order they are sent.
    public struct Step: Sendable {
        /// The request's name, its k6 `name` tag.
        public var name: String
        /// The request, resolved; a value another step captures is written as `K6Exporter.marker(name)`.
        public var resolved: ResolvedRequest
        /// Its checks.
        public var checks: [CheckSpec]
        /// Its captures.
        public var captures: [CaptureSpec]

        /// A step.
        public init(name: String, resolved: ResolvedRequest, checks: [CheckSpec], captures: [CaptureSpec]) {
            self.name = name
            self.resolved = resolved
            self.checks = checks
            self.captures = captures
        }
    }

    private let masker: SecretMasker

    /// An exporter masking `secrets` unless they are to be shown.
    public init(secrets: [String]) {
        masker = SecretMasker(secrets: secrets)
    }

    /// What a captured value is resolved to, so the script can put `vars["name"]` where it goes: letters, digits and
    /// underscores, which no encoding of a URL, header or body changes.
    public static func marker(_ name: String) -> String { "__k6var__" + name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "_\($0.value)_" }.joined() + "__k6end__" }

    /// The script: `scenario` and `thresholds` (k6's own keys and expressions) in `options`, then the steps.
    public func render(_ steps: [Step], scenario: JSONValue, thresholds: [String: [String]]) -> String {
        var lines = ["// Written by apiexplorer export k6. Run it with: k6 run SCRIPT.js",
                     "import http from 'k6/http';", "import { check } from 'k6';", ""]
        var options: [String: JSONValue] = ["scenarios": .object(["apiexplorer": scenario])]
        if !thresholds.isEmpty { options["thresholds"] = .object(thresholds.mapValues { .array($0.map(JSONValue.string)) }) }
        lines.append("export const options = \(JSONValue.object(options).compactText);")
        lines.append("")
        lines.append("// The first value a simple JSONPath ($.a.b[0]) selects in a response's JSON body.")
        lines.append("function pick(res, path) {")
        lines.append("  let value;")
        lines.append("  try { value = res.json(); } catch (e) { return undefined; }")
        lines.append("  for (const key of path) { if (value === null || value === undefined) return undefined; value = value[key]; }")
        lines.append("  return value;")
        lines.append("}")
        lines.append("")
        lines.append("export default function () {")
        lines.append("  const vars = {};")
        let names = Set(steps.flatMap { $0.captures.map(\.name) })
        for (index, step) in steps.enumerated() {
            lines.append("")
            lines += request(step, index: index, captured: names).map { "  " + $0 }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func request(_ step: Step, index: Int, captured: Set<String>) -> [String] {
        let request = step.resolved.request
        let response = "res\(index)"
        var lines = ["// \(comment(step.name))"]
        let url = request.url?.absoluteString ?? request.baseURLString
        var headers = request.effectiveHeaders.fields.map { ($0.name, $0.value) }
        var body = "null"
        switch step.resolved.body {
        case .none: break
        case let .json(text), let .text(text, _): body = expression(text, captured)
        case let .form(items):
            body = expression(QueryEncoding.encode(items), captured)
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) { headers.append(("Content-Type", "application/x-www-form-urlencoded")) }
        case .multipart, .file:
            lines.append("// The body (a file or multipart upload) is not exported: k6 reads files with open() in its init code.")
        }
        let headerText = headers.map { "\(JSONValue.quoted($0.0)): \(expression($0.1, captured))" }.joined(separator: ", ")
        lines.append("const \(response) = http.request(\(JSONValue.quoted(request.httpMethod.rawValue)), \(expression(url, captured)), \(body), "
                     + "{ headers: { \(headerText) }, tags: { name: \(JSONValue.quoted(step.name)) } });")
        var checks: [String] = []
        for check in step.checks {
            if let test = test(check.kind) {
                checks.append("\(JSONValue.quoted(check.summary)): (r) => \(test),")
            } else {
                let why: String
                if case .jsonPath = check.kind { why = "its JSONPath is more than names and indices" } else { why = "k6 has no such check" }
                lines.append("// Not exported: the check '\(comment(check.summary))' (\(why)).")
            }
        }
        if !checks.isEmpty {
            lines.append("check(\(response), {")
            lines += checks.map { "  " + $0 }
            lines.append("});")
        }
        for capture in step.captures {
            switch capture.source {
            case let .jsonPath(path):
                if let keys = K6Exporter.keys(path) {
                    lines.append("vars[\(JSONValue.quoted(capture.name))] = pick(\(response), \(keys));")
                    continue
                }
            case let .header(name):
                lines.append("vars[\(JSONValue.quoted(capture.name))] = \(response).headers[\(JSONValue.quoted(K6Exporter.canonical(name)))];")
                continue
            case .status:
                lines.append("vars[\(JSONValue.quoted(capture.name))] = String(\(response).status);")
                continue
            case .regex, .cookie:
                break
            }
            lines.append("// Not exported: the capture \(comment(capture.name)) (\(comment(capture.source.description))).")
        }
        return lines
    }

    /// The JavaScript that tests `kind` on a response `r`, or nil when k6 cannot say it the same way.
    private func test(_ kind: CheckKind) -> String? {
        switch kind {
        case let .status(expected):
            switch expected {
            case let .code(code): return "r.status === \(code)"
            case let .statusClass(digit): return "Math.floor(r.status / 100) === \(digit)"
            case let .range(range): return "r.status >= \(range.lowerBound) && r.status <= \(range.upperBound)"
            }
        case let .header(name, equals, matches):
            let value = "r.headers[\(JSONValue.quoted(K6Exporter.canonical(name)))]"
            if let equals { return "\(value) === \(JSONValue.quoted(masker.mask(equals)))" }
            if let matches { return "new RegExp(\(JSONValue.quoted(matches))).test(String(\(value)))" }
            return "\(value) !== undefined"
        case let .jsonPath(path, assertion):
            guard let keys = K6Exporter.keys(path) else { return nil }
            let value = "pick(r, \(keys))"
            switch assertion {
            case let .equals(expected): return "JSON.stringify(\(value)) === \(JSONValue.quoted(expected.compactText))"
            case let .contains(part):
                return "((v) => typeof v === 'string' ? v.includes(\(part.compactText)) : Array.isArray(v) && v.some((x) => JSON.stringify(x) === \(JSONValue.quoted(part.compactText))))(\(value))"
            case let .matches(pattern): return "new RegExp(\(JSONValue.quoted(pattern))).test(String(\(value)))"
            case let .exists(flag): return flag ? "\(value) !== undefined" : "\(value) === undefined"
            case let .type(name):
                switch name {
                case "array": return "Array.isArray(\(value))"
                case "null": return "\(value) === null"
                case "integer": return "Number.isInteger(\(value))"
                case "object": return "((v) => v !== null && typeof v === 'object' && !Array.isArray(v))(\(value))"
                default: return "typeof \(value) === \(JSONValue.quoted(name))"
                }
            case let .count(count): return "((v) => Array.isArray(v) && v.length === \(count))(\(value))"
            }
        case let .bodyContains(text): return "String(r.body).includes(\(JSONValue.quoted(masker.mask(text))))"
        case let .responseTimeBelow(limit): return "r.timings.duration < \(limit)"
        default: return nil
        }
    }

    /// `["a", "b", 0]` for `$.a.b[0]`, or nil for a path with wildcards, filters, slices or recursion.
    static func keys(_ path: String) -> String? {
        var rest = Substring(path.trimmingCharacters(in: .whitespaces))
        guard rest.hasPrefix("$") else { return nil }
        rest = rest.dropFirst()
        var keys: [String] = []
        while !rest.isEmpty {
            if rest.hasPrefix("..") { return nil }
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "$" }
                guard !name.isEmpty else { return nil }
                keys.append(JSONValue.quoted(String(name)))
                rest = rest.dropFirst(name.count)
            } else if rest.hasPrefix("['"), let close = rest.range(of: "']") {
                keys.append(JSONValue.quoted(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])))
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("["), let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0 {
                keys.append(String(index))
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        return "[" + keys.joined(separator: ", ") + "]"
    }

    /// `Content-Type` for `content-type`: the form k6 gives response header names.
    static func canonical(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: "-")
    }

    /// `text` as a JavaScript expression: a string literal, with each captured value's marker as `vars["name"]`.
    private func expression(_ text: String, _ captured: Set<String>) -> String {
        var parts: [String] = []
        var rest = Substring(masker.mask(text))
        while let start = rest.range(of: "__k6var__"), let end = rest[start.upperBound...].range(of: "__k6end__") {
            let encoded = String(rest[start.upperBound..<end.lowerBound])
            guard let name = captured.first(where: { K6Exporter.marker($0) == "__k6var__" + encoded + "__k6end__" }) else { break }
            if !rest[..<start.lowerBound].isEmpty { parts.append(JSONValue.quoted(String(rest[..<start.lowerBound]))) }
            parts.append("String(vars[\(JSONValue.quoted(name))])")
            rest = rest[end.upperBound...]
        }
        if !rest.isEmpty || parts.isEmpty { parts.append(JSONValue.quoted(String(rest))) }
        return parts.joined(separator: " + ")
    }

    /// `text` safe inside a `//` comment.
    private func comment(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }
}
