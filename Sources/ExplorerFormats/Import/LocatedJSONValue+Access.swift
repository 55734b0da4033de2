import ExplorerWorkspace

/// Typed reads of JSON values whose errors name the source, the JSON path and the line.
extension LocatedJSONValue {
    /// `path.key`, or `key` at the top.
    package static func path(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// An error about this value.
    package func error(_ source: String, _ path: String, _ message: String) -> ImportError {
        ImportError(SourceLocation(file: source, line: line, column: column), path: path.isEmpty ? nil : path, message)
    }

    /// This value, which must be an object.
    package func requireObject(_ source: String, _ path: String, what: String = "an object") throws(ImportError) -> LocatedJSONValue {
        guard members != nil else { throw error(source, path, "expected \(what), found \(kindName)") }
        return self
    }

    /// The text of member `key`: a string, or a number or boolean as text; nil when absent or null.
    package func string(_ key: String, _ source: String, _ path: String) throws(ImportError) -> String? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let text = value.text else {
            throw value.error(source, LocatedJSONValue.path(path, key), "expected a string, found \(value.kindName)")
        }
        return text
    }

    /// The items of member `key`, which must be an array when present (null counts as empty).
    package func array(_ key: String, _ source: String, _ path: String) throws(ImportError) -> [LocatedJSONValue] {
        guard let value = self[key], !value.isNull else { return [] }
        guard let items = value.items else {
            throw value.error(source, LocatedJSONValue.path(path, key), "expected an array, found \(value.kindName)")
        }
        return items
    }

    /// Member `key` as a boolean (`true`, or the text `"true"`); false when absent.
    package func flag(_ key: String) -> Bool {
        guard let value = self[key] else { return false }
        if case let .bool(flag) = value.kind { return flag }
        return value.text == "true"
    }
}
