import ExplorerCore
import Foundation

/// Resolves `$ref`s in an OpenAPI description: local pointers (`#/components/schemas/Pet`), other files relative to
/// the referring one (`common.yaml#/Pet`, with `%`-encoded fragments), reading each file once. URLs are not fetched
/// (an import works offline), a file outside the main file's folder is refused unread (a spec is often someone else's
/// file, and `../../secret.yaml` or `/etc/passwd` would put a local file's content into the collection), and a chain of
/// references that returns to itself is reported rather than followed.
package struct OpenAPIReferences {
    /// Reads a referenced file; nil when it cannot be read.
    package typealias FileReader = @Sendable (String) -> Data?

    /// The main document's file, against which report items name other files.
    package let rootFile: String
    /// How referenced files are read.
    package let readFile: FileReader
    /// Parsed documents by normalised path.
    private var documents: [String: LocatedJSONValue] = [:]
    /// Why a referenced file could not be used, by normalised path.
    private var failures: [String: String] = [:]
    /// Report items already made, so a reference used by many operations is named once.
    private var reported: Set<String> = []

    package init(root: LocatedJSONValue, rootFile: String, readFile: @escaping FileReader) {
        self.rootFile = rootFile
        self.readFile = readFile
        documents[Self.normalised(rootFile)] = root
    }

    /// Where `node` is, for report items: `#/pointer` in the main file, `other.yaml#/pointer` in another.
    package func place(_ node: OpenAPINode) -> String {
        place(file: node.file, pointer: node.pointer)
    }

    /// `#/pointer` in the main file, `file#/pointer` elsewhere.
    package func place(file: String, pointer: String) -> String {
        let prefix = Self.normalised(file) == Self.normalised(rootFile) ? "" : relative(file)
        return prefix + "#" + pointer
    }

    /// `node` itself, or what its `$ref` (and theirs) lead to; nil when a reference is broken or loops, which is reported.
    package mutating func resolve(_ node: OpenAPINode, report: inout ImportReport) -> OpenAPINode? {
        var current = node
        var seen: [String] = []
        while let reference = current.value["$ref"] {
            let here = place(current)
            guard let text = reference.stringValue else {
                note(here, "'$ref' must be text, found \(reference.kindName); not converted", report: &report)
                return nil
            }
            guard seen.count < 64, !seen.contains(here) else {
                note(here, "'$ref' '\(Self.shown(text))' leads back to itself (\(seen.joined(separator: " → "))); not converted", report: &report)
                return nil
            }
            seen.append(here)
            let (found, reason) = target(of: text, from: current.file)
            guard let found else {
                note(here + "/$ref", reason, report: &report)
                return nil
            }
            current = found
        }
        return current
    }

    /// The place a reference text leads to, or why it leads nowhere.
    package func targetPlace(of text: String, from file: String) -> String {
        let (filePart, fragment) = Self.split(text)
        let path = filePart.isEmpty ? file : Self.joined(file, filePart)
        return place(file: path, pointer: fragment)
    }

    /// What a reference text leads to, or nil and why not.
    private mutating func target(of text: String, from file: String) -> (node: OpenAPINode?, reason: String) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("//") {
            return (nil, "'\(Self.shown(text))' is a URL, which an import does not fetch; save that file beside the spec and refer to it by its path")
        }
        let (filePart, fragment) = Self.split(text)
        let path = filePart.isEmpty ? file : Self.joined(file, filePart)
        let key = Self.normalised(path)
        if documents[key] == nil {
            guard isInsideSpecFolder(path) else {
                return (nil, "'$ref' '\(Self.shown(text))' leads outside the spec's folder; an import reads only files in that folder or below it")
            }
            if let reason = failures[key] { return (nil, "broken '$ref' '\(Self.shown(text))': \(reason)") }
            guard let data = readFile(path) else {
                failures[key] = "\(relative(path)) cannot be read"
                return (nil, "broken '$ref' '\(Self.shown(text))': \(relative(path)) cannot be read")
            }
            do {
                documents[key] = try OpenAPIDocumentParser.parse(Array(data), source: relative(path))
            } catch {
                failures[key] = error.description
                return (nil, "broken '$ref' '\(Self.shown(text))': \(error.description)")
            }
        }
        guard let document = documents[key] else { return (nil, "broken '$ref' '\(Self.shown(text))'") }
        var value = document
        var pointer = ""
        for token in Self.tokens(fragment) {
            let next: LocatedJSONValue?
            if let items = value.items {
                next = Int(token).flatMap { $0 >= 0 && $0 < items.count ? items[$0] : nil }
            } else {
                next = value[token]
            }
            pointer += "/" + OpenAPINode.escape(token)
            guard let next else {
                return (nil, "broken '$ref' '\(Self.shown(text))': \(place(file: path, pointer: pointer)) does not exist")
            }
            value = next
        }
        return (OpenAPINode(value: value, file: path, pointer: pointer), "")
    }

    /// Adds a report item once per place and message.
    package mutating func note(_ place: String, _ message: String, report: inout ImportReport) {
        guard reported.insert(place + "\u{0}" + message).inserted else { return }
        report.add(place, message)
    }

    /// The file part and the fragment (`#` and after, without the `#`) of a reference.
    package static func split(_ text: String) -> (file: String, fragment: String) {
        guard let hash = text.firstIndex(of: "#") else { return (text, "") }
        return (String(text[..<hash]), String(text[text.index(after: hash)...]))
    }

    /// The fragment's pointer tokens, `%`-decoded and unescaped (`~1` is `/`, `~0` is `~`).
    package static func tokens(_ fragment: String) -> [String] {
        let decoded = fragment.removingPercentEncoding ?? fragment
        guard !decoded.isEmpty else { return [] }
        return decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `relative` read from the directory of `file`.
    package static func joined(_ file: String, _ relative: String) -> String {
        let decoded = relative.removingPercentEncoding ?? relative
        if decoded.hasPrefix("/") { return decoded }
        let directory = PathText.deletingLastComponent(file)
        return directory.isEmpty ? decoded : PathText.appending(directory, decoded)
    }

    /// The path with `.` and `..` folded, to tell two spellings of one file apart.
    package static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Whether `path` lies in the main file's folder or below it, after `..` and symbolic links are followed.
    package func isInsideSpecFolder(_ path: String) -> Bool {
        let folder = Self.real(PathText.deletingLastComponent(rootFile))
        return Self.real(path).hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// `path` made absolute, `.` and `..` folded and symbolic links followed (as far as they exist).
    private static func real(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `path` relative to the main file's directory when it lies below it.
    package func relative(_ path: String) -> String {
        let directory = PathText.deletingLastComponent(Self.normalised(rootFile))
        let normal = Self.normalised(path)
        if !directory.isEmpty, normal.hasPrefix(directory + "/") { return String(normal.dropFirst(directory.count + 1)) }
        return normal
    }

    /// A reference as shown in messages: at most 120 characters, without control characters.
    package static func shown(_ text: String) -> String {
        TerminalSafeText.sanitize(String(text.prefix(120)))
    }
}
