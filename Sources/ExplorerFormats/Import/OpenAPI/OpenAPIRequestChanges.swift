import ExplorerCore
import ExplorerWorkspace

/// What a newer spec changed in a request, named for people: `added query parameter dryRun`, `removed header X-Old`,
/// `changed method GET → PUT`, `changed body`. `import openapi --update` lists these for requests the user edited.
enum OpenAPIRequestChanges {
    /// The longest value quoted in a change; a longer one is cut with `…`.
    static let valueLimit = 40

    /// The changes from `old` (the spec's request as last imported) to `new` (the newer spec's), in file key order.
    static func describe(from old: RequestSpec, to new: RequestSpec) -> [String] {
        new.changedKeys(from: old).flatMap { key -> [String] in
            switch key {
            case "method": return ["changed method \(old.method) → \(new.method)"]
            case "url": return ["changed path \(old.url) → \(new.url)"]
            case "name": return ["changed name \(quoted(old.name)) → \(quoted(new.name))"]
            // Rows that only moved change no name or value: the key is named whole.
            case "query": return orIfEmpty(rows(old.query, new.query, what: "query parameter"), "reordered query parameters")
            case "headers": return orIfEmpty(rows(old.headers, new.headers, what: "header"), "reordered headers")
            case "variables":
                let variables = rows(old.variables.map { KeyValue($0.name, $0.value) }, new.variables.map { KeyValue($0.name, $0.value) },
                                     what: "path parameter")
                return orIfEmpty(variables, "changed variables")
            default: return ["changed \(key)"]
            }
        }
    }

    /// The rows added, removed and changed (by name; a name given several times is compared as its list of values).
    private static func rows(_ old: [KeyValue], _ new: [KeyValue], what: String) -> [String] {
        func grouped(_ rows: [KeyValue]) -> [(name: String, rows: [KeyValue])] {
            var groups: [(name: String, rows: [KeyValue])] = []
            for row in rows {
                if let index = groups.firstIndex(where: { $0.name == row.name }) { groups[index].rows.append(row) } else { groups.append((row.name, [row])) }
            }
            return groups
        }
        let before = grouped(old)
        let after = grouped(new)
        var out: [String] = []
        for group in after {
            guard let previous = before.first(where: { $0.name == group.name })?.rows else {
                out.append("added \(what) \(group.name)")
                continue
            }
            let values = (previous.map(\.value), group.rows.map(\.value))
            if values.0 != values.1 {
                out.append("changed \(what) \(group.name): \(quoted(values.0.joined(separator: ","))) → \(quoted(values.1.joined(separator: ",")))")
            } else if previous.map(\.enabled) != group.rows.map(\.enabled) {
                out.append("made \(what) \(group.name) \(group.rows.allSatisfy(\.enabled) ? "required" : "optional")")
            }
        }
        for group in before where !after.contains(where: { $0.name == group.name }) {
            out.append("removed \(what) \(group.name)")
        }
        return out
    }

    /// `changes`, or the one `fallback` when there are none.
    private static func orIfEmpty(_ changes: [String], _ fallback: String) -> [String] {
        changes.isEmpty ? [fallback] : changes
    }

    /// A value as a change quotes it: in single quotes, cut to `valueLimit` characters.
    private static func quoted(_ text: String) -> String {
        "'" + (text.count > valueLimit ? String(text.prefix(valueLimit - 1)) + "…" : text) + "'"
    }
}
