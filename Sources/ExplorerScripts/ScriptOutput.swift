import Foundation

/// What `__apiexplorer.finish()` returns, read from its JSON with JSONSerialization: JSONDecoder cost more than the
/// script itself on Linux.
struct ScriptOutput {
    var tests: [ScriptTest] = []
    var console: [ScriptConsoleLine] = []
    var environment: [String: String?] = [:]
    var variables: [String: String?] = [:]
    var collectionVariables: [String: String?] = [:]
    var request: ScriptRequest

    /// The output in `data`, or nil when it is not the object `finish()` makes.
    init?(_ data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let request = object["request"] as? [String: Any], let method = request["method"] as? String,
              let url = request["url"] as? String, let body = request["body"] as? String,
              let headers = request["headers"] as? [[String: Any]] else { return nil }
        self.request = ScriptRequest(method: method, url: url, headers: headers.compactMap { header in
            guard let key = header["key"] as? String, let value = header["value"] as? String else { return nil }
            return ScriptHeader(key, value)
        }, body: body)
        tests = (object["tests"] as? [[String: Any]] ?? []).compactMap { test in
            guard let name = test["name"] as? String, let passed = test["passed"] as? Bool else { return nil }
            return ScriptTest(name: name, passed: passed, message: test["message"] as? String)
        }
        console = (object["console"] as? [[String: Any]] ?? []).compactMap { line in
            guard let level = line["level"] as? String, let text = line["text"] as? String else { return nil }
            return ScriptConsoleLine(level: level, text: text)
        }
        environment = Self.changes(object["environment"])
        variables = Self.changes(object["variables"])
        collectionVariables = Self.changes(object["collectionVariables"])
    }

    /// `{name: value}` with JSON null for a name unset.
    private static func changes(_ value: Any?) -> [String: String?] {
        var changes: [String: String?] = [:]
        for (name, value) in value as? [String: Any] ?? [:] { changes[name] = .some(value as? String) }
        return changes
    }
}
