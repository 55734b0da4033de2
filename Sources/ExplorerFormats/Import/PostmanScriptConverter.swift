import ExplorerWorkspace
import Foundation

/// Turns the common simple shapes of a Postman test script into checks and captures: `pm.response.to.have.status(200)`,
/// `pm.expect(pm.response.code).to.eql(200)`, `pm.expect(json.a.b).to.eql(value)`, `pm.expect(pm.response.responseTime)
/// .to.be.below(200)` and `pm.environment.set("x", json.y)` (or `pm.collectionVariables.set`). Anything else is left
/// over, line by line, for the import report.
enum PostmanScriptConverter {
    /// What a script became.
    struct Result {
        var checks: [CheckSpec] = []
        var captures: [CaptureSpec] = []
        /// Lines that were not converted (trimmed).
        var leftover: [String] = []
    }

    private static let accessor = #"((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\[\"[^\"]*\"\]|\['[^']*'\])*)"#
    private static let literal = #"(-?\d+(?:\.\d+)?|\"[^\"]*\"|'[^']*'|true|false|null)"#

    /// Converts `script` (its lines joined).
    static func convert(_ script: String) -> Result {
        var result = Result()
        var text = script
        // Names bound to the parsed body: `var json = pm.response.json();` (or JSON.parse(responseBody)).
        var bodies = ["pm.response.json()"]
        for match in matches(#"(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:pm\.response\.json\(\)|JSON\.parse\(responseBody\))\s*;?"#, in: text) {
            bodies.append(match[1])
        }
        text = removing(#"(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:pm\.response\.json\(\)|JSON\.parse\(responseBody\))\s*;?"#, from: text)
        let body = "(" + bodies.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")"

        text = replacing(#"pm\.response\.to\.have\.status\((\d{3})\)\s*;?"#, in: text) { match in
            StatusExpectation(text: match[1]).map { result.checks.append(CheckSpec(.status($0))) } != nil
        }
        text = replacing(#"pm\.expect\(pm\.response\.(?:code|status)\)\.to\.(?:eql|equal|be\.equal|eq)\((\d{3})\)\s*;?"#, in: text) { match in
            StatusExpectation(text: match[1]).map { result.checks.append(CheckSpec(.status($0))) } != nil
        }
        text = replacing(#"pm\.expect\(pm\.response\.responseTime\)\.to\.be\.(?:below|lessThan)\((\d+(?:\.\d+)?)\)\s*;?"#, in: text) { match in
            Double(match[1]).map { result.checks.append(CheckSpec(.responseTimeBelow($0))) } != nil
        }
        text = replacing(#"pm\.expect\("# + body + accessor + #"\)\.to\.(?:eql|equal|deep\.equal|be\.eql|eq)\("# + literal + #"\)\s*;?"#, in: text) { match in
            guard let path = jsonPath(match[2]), let value = value(match[3]) else { return false }
            result.checks.append(CheckSpec(.jsonPath(path, .equals(value))))
            return true
        }
        text = replacing(#"pm\.(?:environment|collectionVariables)\.set\(\s*[\"']([\w.-]+)[\"']\s*,\s*"# + body + accessor + #"\s*\)\s*;?"#, in: text) { match in
            guard let path = jsonPath(match[3]) else { return false }
            result.captures.append(CaptureSpec(name: match[1], source: .jsonPath(path)))
            return true
        }
        // What is left besides test wrappers, closing braces and comments was not converted.
        text = removing(#"pm\.test\(\s*(?:\"[^\"]*\"|'[^']*')\s*,\s*(?:function\s*\(\s*\)|\(\s*\)\s*=>)\s*\{"#, from: text)
        text = removing(#"\}\s*\)\s*;?"#, from: text)
        result.leftover = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") && $0 != ";" }
        return result
    }

    /// `.a.b[0]["c d"]` as `$.a.b[0]['c d']`; nil when it cannot be written as a JSONPath this project parses.
    static func jsonPath(_ accessor: String) -> String? {
        var path = "$"
        for match in matches(#"\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[\"([^\"]*)\"\]|\['([^']*)'\]"#, in: accessor) {
            if !match[1].isEmpty { path += "." + match[1] }
            else if !match[2].isEmpty { path += "[\(match[2])]" }
            else { path += "['" + (match[3].isEmpty ? match[4] : match[3]).replacingOccurrences(of: "'", with: "\\'") + "']" }
        }
        return (try? JSONPath(path)) != nil ? path : nil
    }

    /// A JavaScript literal as JSON.
    static func value(_ literal: String) -> JSONValue? {
        if literal.hasPrefix("'") || literal.hasPrefix("\"") { return .string(String(literal.dropFirst().dropLast())) }
        switch literal {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: return Int64(literal).map(JSONValue.integer) ?? Double(literal).map(JSONValue.number)
        }
    }

    /// The groups of every match of `pattern` in `text` (absent groups are empty).
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// `text` with each match that `convert` accepts removed.
    private static func replacing(_ pattern: String, in text: String, _ convert: ([String]) -> Bool) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        // Converted in script order, then removed last first so the earlier ranges stay valid.
        let accepted = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).filter { match in
            convert((0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" })
        }
        var output = text
        for match in accepted.reversed() {
            if let range = Range(match.range, in: output) { output.replaceSubrange(range, with: "") }
        }
        return output
    }

    private static func removing(_ pattern: String, from text: String) -> String {
        replacing(pattern, in: text) { _ in true }
    }
}
