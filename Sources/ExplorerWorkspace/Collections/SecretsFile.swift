import ExplorerCore
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

    /// `set` for a caller already holding the collection's `DirectoryLock` (a second lock in one process would wait
    /// for itself).
    static func setLocked(_ value: String, for variable: String, environment: String, inCollection directory: String) throws(SaveError) {
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

    /// Takes `variable` of `environment` out of the secrets file, if it is there, holding no lock of its own.
    static func removeLocked(_ variable: String, environment: String, inCollection directory: String) throws(SaveError) {
        let path = PathText.appending(directory, CollectionLoader.secretsFileName)
        guard let (lines, mapping) = try read(path),
              let block = mapping.first(where: { $0.key.string?.caseInsensitiveCompare(environment) == .orderedSame }),
              case let .mapping(values) = block.value, let line = values.keys.first(where: { $0.string == variable })?.mark?.line else { return }
        var edited = lines
        edited.remove(at: line - 1)
        // The environment's last secret gone, its name goes too: a key left with no value would read as null.
        if values.count == 1, let header = block.key.mark?.line, header < line { edited.remove(at: header - 1) }
        try write(edited, to: path)
    }

    /// Renames the entries of `environment` to `name`, if it has any, holding no lock of its own.
    static func renameEnvironmentLocked(_ environment: String, to name: String, inCollection directory: String) throws(SaveError) {
        let path = PathText.appending(directory, CollectionLoader.secretsFileName)
        guard let (lines, mapping) = try read(path),
              let line = mapping.keys.first(where: { $0.string?.caseInsensitiveCompare(environment) == .orderedSame })?.mark?.line else { return }
        var edited = lines
        let old = edited[line - 1]
        // Only the key is rewritten: a comment after it on the line stays.
        let key = mapping.keys.first { $0.mark?.line == line }?.string ?? environment
        let rest = old.hasPrefix(key) ? String(old.dropFirst(key.count)) : old.firstIndex(of: ":").map { String(old[$0...]) } ?? ":"
        edited[line - 1] = YAMLText.scalar(name) + rest
        try write(edited, to: path)
    }

    /// The secrets file's lines and its mapping, or nil when there is no file or it is empty.
    private static func read(_ path: String) throws(SaveError) -> ([String], Node.Mapping)? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let node: Node?
        do { node = try Yams.compose(yaml: text, .basic, .default, .utf8) } catch { throw .unreadable(path: path, reason: "\(error)") }
        guard let node else { return nil }
        guard case let .mapping(mapping) = node else { throw .unreadable(path: path, reason: "expected environment names with their secret values") }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return (lines, mapping)
    }

    private static func write(_ lines: [String], to path: String) throws(SaveError) {
        // A file left with nothing in it is empty, not one blank line.
        try AtomicFileWriter.write(Data((lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n").utf8), to: path)
    }
}
