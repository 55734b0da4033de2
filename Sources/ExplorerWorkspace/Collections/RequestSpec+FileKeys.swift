extension RequestSpec {
    /// The keys of a request file in the order a new file lists them.
    public static let fileKeys = ["name", "method", "url", "grpc", "description", "query", "headers", "body", "auth", "variables",
                                  "timeout", "followRedirects", "verifyTLS", "omitHeaders", "stream",
                                  "streamIdleTimeout", "protocols", "messages", "wait", "expectMessages", "needs", "captures",
                                  "checks", "scripts", "examples"]

    /// The file keys whose values differ between this request and `other`, in file order: those whose lines in a
    /// file would differ, so what counts as a change is exactly what a save would write.
    public func changedKeys(from other: RequestSpec) -> [String] {
        RequestSpec.fileKeys.filter { fileLines(for: $0) != other.fileLines(for: $0) }
    }

    /// The timeout as a file writes it: `5`, not `5.0`; nil when there is none.
    public var timeoutText: String? {
        timeout.map(YAMLText.number)
    }

    /// The lines of the top-level `key` as a file writes them; empty when the key is left out (no body, inherited
    /// credentials, no timeout).
    func fileLines(for key: String) -> [String] {
        switch key {
        case "name": return ["name: \(YAMLText.scalar(name))"]
        case "method": return ["method: \(YAMLText.scalar(method))"]
        case "url": return ["url: \(YAMLText.scalar(url))"]
        case "grpc": return grpc.map { ["grpc:", "  method: \(YAMLText.scalar($0.method))"] } ?? []
        case "description": return description.map { YAMLText.text("description", $0, indent: 0) } ?? []
        case "query": return query.isEmpty ? [] : YAMLText.keyValueBlock("query", query)
        case "headers": return YAMLText.keyValueBlock("headers", headers)
        case "body": return YAMLText.bodyBlock(body)
        case "auth": return YAMLText.authBlock(auth)
        case "variables":
            guard !variables.isEmpty else { return [] }
            return ["variables:"] + variables.flatMap { variable -> [String] in
                var lines = ["  - name: \(YAMLText.scalar(variable.name))"] + YAMLText.text("value", variable.value, indent: 4)
                if variable.secret { lines.append("    secret: true") }
                if let name = variable.fromEnvironment { lines.append("    fromEnv: \(YAMLText.scalar(name))") }
                return lines
            }
        case "timeout": return timeoutText.map { ["timeout: \($0)"] } ?? []
        case "followRedirects": return followRedirects.map { ["followRedirects: \($0)"] } ?? []
        case "verifyTLS": return verifyTLS.map { ["verifyTLS: \($0)"] } ?? []
        case "stream": return stream.map { ["stream: \($0)"] } ?? []
        case "streamIdleTimeout": return streamIdleTimeout.map { ["streamIdleTimeout: \(YAMLText.number($0))"] } ?? []
        case "protocols": return protocols.isEmpty ? [] : ["protocols:"] + protocols.map { "  - \(YAMLText.scalar($0))" }
        case "messages":
            guard !messages.isEmpty else { return [] }
            return ["messages:"] + messages.flatMap { message in
                ["  - name: \(YAMLText.scalar(message.name))"] + YAMLText.text(message.format.rawValue, message.content, indent: 4)
            }
        case "wait": return wait.map { ["wait: \(YAMLText.number($0))"] } ?? []
        case "expectMessages": return expectedMessages.map { ["expectMessages: \($0)"] } ?? []
        case "omitHeaders": return omittedHeaders.isEmpty ? [] : ["omitHeaders:"] + omittedHeaders.map { "  - \(YAMLText.scalar($0))" }
        case "needs": return YAMLText.needsBlock(needs)
        case "captures": return YAMLText.capturesBlock(captures)
        case "checks": return YAMLText.checksBlock(checks, requestFile: file)
        case "scripts": return YAMLText.scriptsBlock(scripts)
        case "examples": return examples.isEmpty ? [] : ["examples:"] + examples.flatMap { YAMLText.exampleItem($0, indent: 2) }
        default: return []
        }
    }
}
