import ExplorerWorkspace
import Foundation

/// What `__apiexplorer.finish()` returns, read from its JSON: a few hundred bytes per script run, so reading them must
/// cost next to nothing (JSONSerialization cost a quarter of a scripted request's own time on Linux).
struct ScriptOutput {
    var tests: [ScriptTest] = []
    var console: [ScriptConsoleLine] = []
    var environment: [String: String?] = [:]
    var variables: [String: String?] = [:]
    var collectionVariables: [String: String?] = [:]
    /// The request as the script left it; nil when the script ran after the response (it can no longer change it).
    var request: ScriptRequest?

    /// The output in `data`, or nil when it is not the object `finish()` makes.
    init?(_ data: Data) {
        guard case let .object(object)? = JSONValue.parse(data) else { return nil }
        if case let .object(request)? = object["request"] {
            guard case let .string(method)? = request["method"], case let .string(url)? = request["url"],
                  case let .string(body)? = request["body"], case let .array(headers)? = request["headers"] else { return nil }
            self.request = ScriptRequest(method: method, url: url, headers: headers.compactMap { header in
                guard case let .object(fields) = header, case let .string(key)? = fields["key"], case let .string(value)? = fields["value"] else { return nil }
                return ScriptHeader(key, value)
            }, body: body)
        }
        if case let .array(tests)? = object["tests"] {
            self.tests = tests.compactMap { test in
                guard case let .object(fields) = test, case let .string(name)? = fields["name"], case let .bool(passed)? = fields["passed"] else { return nil }
                if case let .string(message)? = fields["message"] { return ScriptTest(name: name, passed: passed, message: message) }
                return ScriptTest(name: name, passed: passed, message: nil)
            }
        }
        if case let .array(lines)? = object["console"] {
            console = lines.compactMap { line in
                guard case let .object(fields) = line, case let .string(level)? = fields["level"], case let .string(text)? = fields["text"] else { return nil }
                return ScriptConsoleLine(level: level, text: text)
            }
        }
        environment = Self.changes(object["environment"])
        variables = Self.changes(object["variables"])
        collectionVariables = Self.changes(object["collectionVariables"])
    }

    /// `{name: value}` with JSON null for a name unset.
    private static func changes(_ value: JSONValue?) -> [String: String?] {
        guard case let .object(members)? = value else { return [:] }
        var changes: [String: String?] = [:]
        for (name, value) in members {
            if case let .string(text) = value { changes[name] = .some(text) } else { changes[name] = .some(nil) }
        }
        return changes
    }
}
