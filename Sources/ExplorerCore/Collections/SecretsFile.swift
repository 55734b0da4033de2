import Foundation
import Yams

/// Writes one secret value into a collection's `secrets.local.yaml` (environment → variable → value), touching only
/// that entry's line: other entries, comments and blank lines stay as they are. A new file is created owner-only (0600).
public enum SecretsFile {
    /// Sets `variable` to `value` under `environment` in the secrets file of the collection in `directory`, holding the
    /// collection's `DirectoryLock` so a save from another process at the same moment is not lost.
    public static func set(_ value: String, for variable: String, environment: String, inCollection directory: String) throws(SaveError) {
        try DirectoryLock.withLock(on: directory) { () throws(SaveError) in
            try setLocked(value, for: variable, environment: environment, inCollection: directory)
        }
    }

    private static func setLocked(_ value: String, for variable: String, environment: String, inCollection directory: String) throws(SaveError) {
        let path = PathText.appending(directory, CollectionLoader.secretsFileName)
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var lines = existing.isEmpty ? [] : existing.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let entry = "  \(YAMLText.scalar(variable)): \(YAMLText.scalar(value))"
        let node: Node?
        do { node = try Yams.compose(yaml: existing, .basic, .default, .utf8) } catch { throw .unreadable(path: path, reason: "\(error)") }
        var environmentLine: Int?
        var blockEnd = lines.count
        if case let .mapping(mapping)? = node {
            let keys = mapping.keys.compactMap { key -> (String, Int)? in
                guard let name = key.string, let line = key.mark?.line else { return nil }
                return (name, line - 1)
            }
            if let found = keys.first(where: { $0.0.caseInsensitiveCompare(environment) == .orderedSame }) {
                environmentLine = found.1
                blockEnd = keys.map(\.1).filter { $0 > found.1 }.min() ?? lines.count
                if case let .mapping(values)? = mapping.first(where: { $0.key.string == found.0 })?.value,
                   let old = values.keys.first(where: { $0.string == variable })?.mark?.line {
                    lines[old - 1] = entry
                    return try write(lines, to: path)
                }
            }
        } else if node != nil {
            throw .unreadable(path: path, reason: "expected environment names with their secret values")
        }
        if let environmentLine {
            // Into the environment's block, after its last entry (blank lines and comments before the next one stay put).
            var insertAt = blockEnd
            while insertAt - 1 > environmentLine, lines[insertAt - 1].trimmingCharacters(in: .whitespaces).isEmpty
                    || lines[insertAt - 1].hasPrefix("#") { insertAt -= 1 }
            if lines[environmentLine].hasSuffix("{}") { lines[environmentLine] = String(lines[environmentLine].dropLast(2)).trimmingCharacters(in: .whitespaces) }
            lines.insert(entry, at: insertAt)
        } else {
            lines += ["\(YAMLText.scalar(environment)):", entry]
        }
        try write(lines, to: path)
    }

    private static func write(_ lines: [String], to path: String) throws(SaveError) {
        try AtomicFileWriter.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: path)
    }
}
