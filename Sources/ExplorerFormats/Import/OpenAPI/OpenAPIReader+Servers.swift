import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Servers (OpenAPI 3) or host, basePath and schemes (Swagger 2.0) as environments.
extension OpenAPIReader {
    /// What a relative server URL is read against until the environment's `baseURL` variable is filled in.
    package static let placeholderBase = "http://localhost"

    /// One environment per server (or per scheme in Swagger 2.0); one to fill in when the description names none.
    package mutating func servers() -> [EnvironmentSpec] {
        var environments: [EnvironmentSpec] = []
        func add(_ name: String, url: String, variables: [Variable]) {
            var unique = name
            var counter = 2
            while environments.contains(where: { $0.name.caseInsensitiveCompare(unique) == .orderedSame }) {
                unique = "\(name) \(counter)"
                counter += 1
            }
            environments.append(self.environment(unique, url: url, variables: variables))
        }
        if isSwagger {
            let host = document["host"]?.text ?? ""
            let basePath = document["basePath"]?.text ?? ""
            let schemes = document["schemes"]?.items.compactMap(\.text).filter { ["http", "https"].contains($0) } ?? []
            if host.isEmpty {
                add("default", url: basePath, variables: [])
                if document["host"] == nil { report.add("#/host", "no host, so requests go to {{baseURL}}\(basePath); set the baseURL variable of the environment 'default'") }
            } else {
                for scheme in schemes.isEmpty ? ["https"] : schemes {
                    add(schemes.count > 1 ? scheme : host, url: "\(scheme)://\(host)\(basePath)", variables: [])
                }
            }
            return environments
        }
        for (index, server) in (document["servers"]?.items ?? []).enumerated() {
            guard let url = server["url"]?.text else {
                report.add(references.place(server), "a server without 'url'; not converted")
                continue
            }
            var variables: [Variable] = []
            for (name, variable) in server["variables"]?.members ?? [] {
                let value = variable["default"]?.text ?? variable["enum"]?.items.first?.text ?? ""
                variables.append(Variable(name: Self.variableName(name), value: value))
            }
            let description = nonEmpty(server["description"]?.text).flatMap { $0.count <= 40 && !$0.contains("\n") ? $0 : nil }
            let host = URLComponents(string: Self.template(url))?.host.flatMap { $0.isEmpty || $0.contains("{") ? nil : $0 }
            add(description ?? host ?? "server \(index + 1)", url: url, variables: variables)
        }
        if environments.isEmpty {
            add("default", url: "", variables: [])
            report.add("#/servers", "no servers, so requests go to {{baseURL}}; set the baseURL variable of the environment 'default'")
        }
        return environments
    }

    /// The allowed values and descriptions of server variables, for the collection's description; nil when there are none.
    package func serverVariableNotes() -> String? {
        var lines: [String] = []
        for server in document["servers"]?.items ?? [] {
            for (name, variable) in server["variables"]?.members ?? [] {
                let choices = variable["enum"]?.items.compactMap(\.text) ?? []
                let about = nonEmpty(variable["description"]?.text)
                guard !choices.isEmpty || about != nil else { continue }
                var line = "- \(Self.variableName(name))"
                if let about { line += ": \(about)" }
                if !choices.isEmpty { line += " (one of: \(choices.joined(separator: ", ")))" }
                if !lines.contains(line) { lines.append(line) }
            }
        }
        return lines.isEmpty ? nil : "Server variables:\n" + lines.joined(separator: "\n")
    }

    /// An environment for a server URL: `{name}` becomes `{{name}}`, and a relative URL is read against a `baseURL`
    /// variable to fill in.
    private mutating func environment(_ name: String, url: String, variables: [Variable]) -> EnvironmentSpec {
        var base = Self.template(url).trimmingCharacters(in: .whitespaces)
        if base.hasPrefix("//") { base = "https:" + base }
        var values = variables
        // The loader accepts only http(s) URLs with a host (or ones holding variables): anything else is filled in by hand.
        if base.contains("://"), !base.contains("{{"),
           URL(string: base).map({ !["http", "https"].contains($0.scheme?.lowercased() ?? "") || $0.host == nil }) ?? true {
            report.add("#/servers", "the server URL '\(TerminalSafeText.sanitize(String(url.prefix(120))))' is not an http(s) URL; the environment '\(name)' goes to {{baseURL}}")
            base = ""
        }
        if !base.contains("://") {
            let path = base.hasPrefix("/") || base.isEmpty ? base : "/" + base
            base = "{{baseURL}}" + (path == "/" ? "" : path)
            values.insert(Variable(name: "baseURL", value: Self.placeholderBase), at: 0)
        }
        if base.hasSuffix("/"), !base.hasSuffix("://") { base.removeLast() }
        return EnvironmentSpec(name: name, baseURL: base, variables: values)
    }

    /// `{name}` placeholders as `{{name}}` variables.
    package static func template(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "{", let close = text[index...].firstIndex(of: "}") {
                let name = text[text.index(after: index)..<close]
                if !name.isEmpty, !name.contains("{") {
                    out += "{{\(variableName(String(name)))}}"
                    index = text.index(after: close)
                    continue
                }
            }
            out.append(text[index])
            index = text.index(after: index)
        }
        return out
    }
}
