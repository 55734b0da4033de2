import ExplorerWorkspace
import Foundation

/// The templates an import keeps that read a file or the process environment, or run a command (`{{$file …}}`,
/// `{{$env.NAME}}`, `{{$processEnv.NAME}}`, `{{$command …}}`), and the one sentence every importer reports them with:
/// they stay active, and apiexplorer asks before it reads or runs one for a collection not trusted yet.
public enum ActiveTemplates {
    /// What an import report says of each such template, after the template itself.
    public static let notice = "kept as written; apiexplorer asks before it reads or runs it (apiexplorer trust COLLECTION)"

    /// The built-ins that read or run something, as the text after `{{` starts.
    static let prefixes = ["$file ", "$command ", "$env.", "$processEnv."]

    /// `result` with a report item for each such template in its requests, folders and environments, once per place.
    static func noted(_ result: ImportResult) -> ImportResult {
        var copy = result
        func note(_ value: Any, at path: String) {
            var texts: [String] = []
            strings(in: value, into: &texts, depth: 0)
            var seen: Set<String> = []
            for template in texts.flatMap(templates) where seen.insert(template).inserted {
                copy.report.add(path, "\(template): \(notice)")
            }
        }
        func walk(_ folder: FolderSpec, names: [String]) {
            let label = names.isEmpty ? "(collection)" : names.joined(separator: "/")
            note([folder.headers, folder.auth, folder.variables] as [Any], at: label)
            for request in folder.requests { note(request, at: (names + [request.name]).joined(separator: "/")) }
            for sub in folder.folders { walk(sub, names: names + [sub.name]) }
        }
        walk(result.collection.root, names: [])
        for environment in result.collection.environments {
            note(environment.variables.map(\.value) + [environment.baseURL], at: "\(environment.name) (environment)")
        }
        return copy
    }

    /// Every string inside `value` (a request, its headers, body and auth, however nested), found by reflection so a
    /// new field of the model is searched without being listed here.
    private static func strings(in value: Any, into texts: inout [String], depth: Int) {
        if let text = value as? String {
            if text.contains("{{") { texts.append(text) }
            return
        }
        guard depth < 32 else { return }
        for child in Mirror(reflecting: value).children { strings(in: child.value, into: &texts, depth: depth + 1) }
    }

    /// The active templates in `text`, written as `{{$file path}}` (inner spaces trimmed); `\{{` is literal text.
    static func templates(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            let escaped = rest[..<open.lowerBound].hasSuffix("\\")
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !escaped, prefixes.contains(where: { inner.hasPrefix($0) }) { found.append("{{\(inner)}}") }
            rest = rest[close.upperBound...]
        }
        return found
    }
}
