extension RequestSpec {
    /// The keys of a request file in the order a new file lists them.
    public static let fileKeys = ["name", "method", "url", "description", "query", "headers", "body", "auth", "variables",
                                  "timeout", "followRedirects", "verifyTLS", "omitHeaders"]

    /// The file keys whose values differ between this request and `other`, in file order.
    public func changedKeys(from other: RequestSpec) -> [String] {
        var keys: [String] = []
        if name != other.name { keys.append("name") }
        if method != other.method { keys.append("method") }
        if url != other.url { keys.append("url") }
        if description != other.description { keys.append("description") }
        if query != other.query { keys.append("query") }
        if headers != other.headers { keys.append("headers") }
        if body != other.body { keys.append("body") }
        if auth != other.auth { keys.append("auth") }
        if variables != other.variables { keys.append("variables") }
        if timeout != other.timeout { keys.append("timeout") }
        if followRedirects != other.followRedirects { keys.append("followRedirects") }
        if verifyTLS != other.verifyTLS { keys.append("verifyTLS") }
        if omittedHeaders != other.omittedHeaders { keys.append("omitHeaders") }
        return keys
    }

    /// The lines of the top-level `key` as a file writes them; empty when the key is left out (no body, inherited
    /// credentials, no timeout).
    func fileLines(for key: String) -> [String] {
        switch key {
        case "name": return ["name: \(YAMLText.scalar(name))"]
        case "method": return ["method: \(YAMLText.scalar(method))"]
        case "url": return ["url: \(YAMLText.scalar(url))"]
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
        case "timeout": return timeout.map { ["timeout: \(YAMLText.number($0))"] } ?? []
        case "followRedirects": return followRedirects.map { ["followRedirects: \($0)"] } ?? []
        case "verifyTLS": return verifyTLS.map { ["verifyTLS: \($0)"] } ?? []
        case "omitHeaders": return omittedHeaders.isEmpty ? [] : ["omitHeaders:"] + omittedHeaders.map { "  - \(YAMLText.scalar($0))" }
        default: return []
        }
    }
}
