import ExplorerCore
import Foundation
import Yams

/// Writes an `EnvironmentChange` into a collection's `collection.yaml`, touching only the lines of the keys and list
/// items it changes (comments, blank lines, key order and unknown keys stay byte for byte), and never over a file
/// that changed on disk since it was loaded. Secret values go to `secrets.local.yaml`, never to the collection file.
public enum EnvironmentFile {
    /// Applies `change` to the collection in `directory` and returns the collection file's new bytes. `original` is
    /// the file as loaded: a different file on disk is a conflict and nothing is written.
    @discardableResult
    public static func apply(_ change: EnvironmentChange, inCollection directory: String, original: Data?) throws(SaveError) -> Data {
        try DirectoryLock.withLock(on: directory) { () throws(SaveError) in
            guard let path = CollectionLoader.manifest(in: directory) else {
                throw .unreadable(path: PathText.appending(directory, "collection.yaml"), reason: "the file no longer exists")
            }
            guard let current = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "the file no longer exists") }
            if let original, original != current { throw .conflict(path: path) }
            guard let text = String(data: current, encoding: .utf8) else { throw .unreadable(path: path, reason: "not UTF-8 text") }
            if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
                throw .unreadable(path: path, reason: "saving environments to a JSON collection file is not supported yet; convert it to YAML")
            }
            let edited = try applying(change, to: text, path: path)
            // The secret first: if writing the collection file then fails, the value is still kept where it belongs.
            try updateSecrets(for: change, inCollection: directory)
            let data = Data(edited.utf8)
            if data != current { try AtomicFileWriter.write(data, to: path) }
            return data
        }
    }

    /// `text` (a collection file) with `change` made.
    static func applying(_ change: EnvironmentChange, to text: String, path: String) throws(SaveError) -> String {
        var file = YAMLLines(text)
        let root = try document(text, path: path)
        let environments = file.items(root.value("environments"), limit: file.lines.count)
        func item(_ name: String) throws(SaveError) -> YAMLLines.Item {
            guard let found = environments.first(where: { EnvironmentFile.name(of: $0)?.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw .unreadable(path: path, reason: "there is no environment '\(name)' in the file")
            }
            return found
        }
        switch change {
        case let .add(name, baseURL):
            let block = ["name: \(YAMLText.scalar(name))", "baseURL: \(YAMLText.scalar(baseURL))"]
            guard !environments.isEmpty else {
                return try CollectionStore.replacingBlock("environments", with: ["environments:"] + block.enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element },
                                                          in: text, path: path, insertBefore: ["checks"])
            }
            file.append(block, after: environments)
        case let .rename(environment, name):
            file.set("name", to: ["name: \(YAMLText.scalar(name))"], in: try item(environment).mapping)
        case let .delete(environment):
            let found = try item(environment)
            guard environments.count > 1 else { return try CollectionStore.replacingBlock("environments", with: [], in: text, path: path, insertBefore: []) }
            file.remove(found)
        case let .setField(environment, key, value):
            file.set(key, to: value.map { ["\(key): \(EnvironmentChange.flagFields.contains(key) ? $0 : YAMLText.scalar($0))"] }, in: try item(environment).mapping)
        case let .setVariable(environment, replacing, variable):
            let found = try item(environment)
            let variables = file.items(found.mapping.value("variables"), limit: found.end)
            var block = ["name: \(YAMLText.scalar(variable.name))"]
            block += variable.secret ? ["secret: true"] : YAMLText.text("value", variable.value, indent: 0)
            if let existing = variables.first(where: { EnvironmentFile.name(of: $0) == (replacing ?? variable.name) }), replacing != nil {
                // Key by key, last first so earlier lines keep their place; `fromEnv` and unknown keys stay.
                file.set("secret", to: variable.secret ? ["secret: true"] : nil, in: existing.mapping)
                file.set("value", to: variable.secret ? nil : YAMLText.text("value", variable.value, indent: 0), in: try reread(file, path, environment, existing))
                file.set("name", to: ["name: \(YAMLText.scalar(variable.name))"], in: try reread(file, path, environment, existing))
            } else if variables.isEmpty {
                file.set("variables", to: ["variables:"] + block.enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element }, in: found.mapping)
            } else {
                file.append(block, after: variables)
            }
        case let .deleteVariable(environment, name):
            let found = try item(environment)
            let variables = file.items(found.mapping.value("variables"), limit: found.end)
            guard let existing = variables.first(where: { EnvironmentFile.name(of: $0) == name }) else { return text }
            if variables.count == 1 { file.set("variables", to: nil, in: found.mapping) } else { file.remove(existing) }
        }
        return file.text
    }

    /// The file's top-level mapping.
    private static func document(_ text: String, path: String) throws(SaveError) -> YAMLLines.Mapping {
        let node: Node?
        do { node = try Yams.compose(yaml: text, .basic, .default, .utf8) } catch { throw .unreadable(path: path, reason: "\(error)") }
        guard let node, let mapping = YAMLLines(text).mapping(node, end: text.components(separatedBy: "\n").count) else {
            throw .unreadable(path: path, reason: "the file is not a mapping")
        }
        return mapping
    }

    /// The variable `item` of `environment` found again in `file` after an earlier key of it changed its lines.
    private static func reread(_ file: YAMLLines, _ path: String, _ environment: String, _ item: YAMLLines.Item) throws(SaveError) -> YAMLLines.Mapping {
        let root = try document(file.text, path: path)
        let environments = file.items(root.value("environments"), limit: file.lines.count)
        guard let env = environments.first(where: { name(of: $0)?.caseInsensitiveCompare(environment) == .orderedSame }),
              let found = file.items(env.mapping.value("variables"), limit: env.end).first(where: { $0.dashLine == item.dashLine }) else {
            throw .unreadable(path: path, reason: "the variable moved while it was written")
        }
        return found.mapping
    }

    private static func name(of item: YAMLLines.Item) -> String? {
        guard case let .scalar(scalar)? = item.mapping.value("name") else { return nil }
        return scalar.string
    }

    /// Keeps `secrets.local.yaml` in step: a secret's value written, a variable no longer secret (or removed) taken
    /// out so it cannot win over the collection file's value, a renamed environment's entries moved.
    private static func updateSecrets(for change: EnvironmentChange, inCollection directory: String) throws(SaveError) {
        switch change {
        case let .rename(environment, name):
            try SecretsFile.renameEnvironmentLocked(environment, to: name, inCollection: directory)
        case let .setVariable(environment, replacing, variable):
            if variable.secret { try SecretsFile.setLocked(variable.value, for: variable.name, environment: environment, inCollection: directory) }
            if let old = replacing ?? (variable.secret ? nil : variable.name), old != variable.name || !variable.secret {
                try SecretsFile.removeLocked(old, environment: environment, inCollection: directory)
            }
        case let .deleteVariable(environment, name):
            try SecretsFile.removeLocked(name, environment: environment, inCollection: directory)
        case .add, .delete, .setField:
            break
        }
    }
}
