import ExplorerWorkspace
import MCP

/// A tool call's arguments, read with messages that name the argument and say what it takes.
struct MCPArguments: Sendable {
    /// The arguments as the client sent them.
    let values: [String: Value]

    /// The arguments of a call to a tool that takes `allowed`; an argument it does not take is a failure naming them.
    init(_ values: [String: Value]?, allowed: [String]) throws(MCPToolFailure) {
        self.values = values ?? [:]
        if let unknown = self.values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw MCPToolFailure("unknown argument '\(unknown)'; this tool takes: \(allowed.joined(separator: ", "))")
        }
    }

    /// The text of `key`, nil when absent (or null).
    func string(_ key: String) throws(MCPToolFailure) -> String? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw MCPToolFailure("'\(key)' must be a string, got \(value)") }
        return text
    }

    /// The text of `key`, which the call must give.
    func requiredString(_ key: String, example: String) throws(MCPToolFailure) -> String {
        guard let text = try string(key), !text.isEmpty else {
            throw MCPToolFailure("missing '\(key)': give it as \"\(key)\": \"\(example)\"")
        }
        return text
    }

    /// The whole number of `key`, nil when absent.
    func int(_ key: String) throws(MCPToolFailure) -> Int? {
        guard let value = values[key], !value.isNull else { return nil }
        if let number = value.intValue { return number }
        if let number = value.doubleValue, number.rounded() == number, abs(number) < 1e15 { return Int(number) }
        throw MCPToolFailure("'\(key)' must be a whole number, got \(value)")
    }

    /// `variables` as overrides: each value a string, number or boolean, used as it is (never read as a template, so
    /// a value cannot make the server read a file or run a command).
    func variables() throws(MCPToolFailure) -> [Variable] {
        guard let value = values["variables"], !value.isNull else { return [] }
        guard let object = value.objectValue else {
            throw MCPToolFailure("'variables' must be an object of names to values, like {\"id\": \"42\"}")
        }
        var variables: [Variable] = []
        for (name, item) in object.sorted(by: { $0.key < $1.key }) {
            let text: String
            switch item {
            case let .string(string): text = string
            case let .int(number): text = String(number)
            case let .double(number): text = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case let .bool(flag): text = flag ? "true" : "false"
            default: throw MCPToolFailure("variable '\(name)' must be a string, number or boolean")
            }
            variables.append(Variable(name: name, value: text, isLiteral: true))
        }
        return variables
    }
}
