import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Completes request references (`Demo/users/get-user`), collection names and environment names for a shell's Tab,
/// from a collections directory as `CollectionLoader` reads it. A reference completes one level at a time from
/// directory listings alone (no request file is read), so a Tab costs the same in a collection of 5,000 requests as
/// in one of five; only a segment that matches no file name is looked up by the `name:` its file declares. Nothing
/// here fails: what cannot be read offers nothing.
public struct ReferenceCompleter: Sendable {
    /// The collections directory.
    public var directory: String

    /// A completer over the collections in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// Folders nested deeper than the loader reads are not offered either.
    static let maximumDepth = 32

    /// One thing a level of a reference can name.
    struct Entry {
        /// The reference segment: the directory's name, or the request file's without its extension.
        var slug: String
        /// The collection's or folder's directory, or the request's file.
        var path: String
        /// True for a collection or folder: its candidate ends with `/` and has entries below it.
        var isContainer: Bool
    }

    /// The references that complete `typed`: `De` → the Demo collection's folders and requests (`Demo/auth/`,
    /// `Demo/users/`…), `Demo/users/g` → `Demo/users/get-user`. A folder or collection ends with `/`; when only one
    /// matches, its entries are offered instead, so the shell inserts the common part and keeps completing rather than
    /// ending the word. What was typed is kept as typed (segments match case-insensitively, as `send` resolves them).
    public func references(completing typed: String) -> [String] {
        var segments = typed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let leaf = segments.removeLast()
        guard let parent = resolve(segments) else { return [] }
        let prefix = segments.map { $0 + "/" }.joined()
        var matches = candidates(in: parent, depth: segments.count, matching: leaf, prefix: prefix)
        // Down through a folder that is the only match, so the shell has several candidates and inserts their common
        // part without ending the word with a space.
        var depth = segments.count + 1
        while matches.count == 1, let only = matches.first, only.entry.isContainer, depth < ReferenceCompleter.maximumDepth {
            let below = candidates(in: only.entry.path, depth: depth, matching: "", prefix: only.text)
            guard !below.isEmpty else { break }
            matches = below
            depth += 1
        }
        return ReferenceCompleter.sorted(matches.map(\.text))
    }

    /// The collections whose reference segment (or name) completes `typed`, without a trailing `/`: for commands
    /// that take a collection, not a request.
    public func collections(completing typed: String) -> [String] {
        ReferenceCompleter.sorted(candidates(in: directory, depth: 0, matching: typed, prefix: "").map { String($0.text.dropLast()) })
    }

    /// The environment names that complete `typed`, from the collections `references` name (their first segment, or
    /// a collection's directory), or from every collection when they name none; each name once, case-insensitively.
    public func environments(completing typed: String, namedBy references: [String]) -> [String] {
        let named = references.compactMap(collectionDirectory(for:))
        let directories = named.isEmpty ? entries(in: directory, depth: 0).map(\.path) : named
        var seen: Set<String> = []
        var names: [String] = []
        for directory in directories {
            for name in ReferenceCompleter.environmentNames(in: directory) {
                guard let text = ReferenceCompleter.completion(of: name, by: typed), seen.insert(text.lowercased()).inserted else { continue }
                names.append(text)
            }
        }
        return ReferenceCompleter.sorted(names)
    }

    /// The directory of the collection `reference` names by its first segment (its directory's name or its name), or
    /// `reference` itself when it is the path of a collection's directory; nil otherwise.
    public func collectionDirectory(for reference: String) -> String? {
        let first = String(reference.split(separator: "/", omittingEmptySubsequences: false).first ?? "")
        if !first.isEmpty, let found = find(first, in: directory, depth: 0) { return found.path }
        return CollectionLoader.manifest(in: reference) == nil ? nil : reference
    }

    /// The candidates below `directory` (at `depth`: 0 for collections) that complete `leaf`, each written after
    /// `prefix`: by slug, else, when no slug matches, by the name the collection, folder or request file declares.
    private func candidates(in directory: String, depth: Int, matching leaf: String, prefix: String) -> [(text: String, entry: Entry)] {
        let listed = ReferenceCompleter.listing(directory)
        var found: [(text: String, entry: Entry)] = []
        var seen: Set<String> = []
        // A slug is its file's name or a prefix of it, so a name that does not complete `leaf` is not looked at further.
        for item in listed where ReferenceCompleter.completion(of: item.name, by: leaf) != nil {
            guard let entry = entry(named: item.name, in: directory, depth: depth, isDirectory: item.isDirectory),
                  let text = ReferenceCompleter.completion(of: entry.slug, by: leaf), seen.insert(text).inserted else { continue }
            found.append((prefix + text + (entry.isContainer ? "/" : ""), entry))
        }
        guard found.isEmpty, !leaf.isEmpty else { return found }
        for entry in listed.compactMap({ entry(named: $0.name, in: directory, depth: depth, isDirectory: $0.isDirectory) }) {
            // A name with a slash could not be typed as one segment.
            guard let name = ReferenceCompleter.declaredName(of: entry, mentioning: leaf), !name.contains("/"),
                  let text = ReferenceCompleter.completion(of: name, by: leaf), seen.insert(text).inserted else { continue }
            found.append((prefix + text + (entry.isContainer ? "/" : ""), entry))
        }
        return found
    }

    /// `texts` in the order a person reads a list, ignoring case.
    static func sorted(_ texts: [String]) -> [String] {
        texts.map { ($0.lowercased(), $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// `candidate` completing `typed`: itself when it starts with `typed`; what was typed followed by the rest when it
    /// does so ignoring case (references and environments resolve case-insensitively, and a shell keeps only
    /// candidates that start with what is on the line); nil otherwise.
    static func completion(of candidate: String, by typed: String) -> String? {
        if candidate.hasPrefix(typed) { return candidate }
        let head = candidate.prefix(typed.count)
        guard head.count == typed.count, head.caseInsensitiveCompare(typed) == .orderedSame else { return nil }
        return typed + candidate.dropFirst(typed.count)
    }

    /// The collection directories, folders and requests `segments` lead to below the collections directory; nil when
    /// one of them names nothing.
    private func resolve(_ segments: [String]) -> String? {
        var path = directory
        for (depth, segment) in segments.enumerated() {
            guard !segment.isEmpty, depth < ReferenceCompleter.maximumDepth,
                  let entry = find(segment, in: path, depth: depth), entry.isContainer else { return nil }
            path = entry.path
        }
        return path
    }

    /// The entry `segment` names in `directory`, as `send` finds it: its slug exactly, then ignoring case, then its
    /// declared name ignoring case.
    private func find(_ segment: String, in directory: String, depth: Int) -> Entry? {
        if depth > 0 || !segment.hasPrefix(".") {
            let path = PathText.appending(directory, segment)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
               let entry = entry(named: segment, in: directory, depth: depth) {
                return entry
            }
        }
        let all = entries(in: directory, depth: depth).filter(\.isContainer)
        return all.first { $0.slug.caseInsensitiveCompare(segment) == .orderedSame }
            ?? all.first { ReferenceCompleter.declaredName(of: $0)?.caseInsensitiveCompare(segment) == .orderedSame }
    }

    /// What `directory` holds at `depth`: collections (directories with a `collection.yaml`) at 0; below, folders
    /// and request files, skipping what `CollectionLoader` skips.
    private func entries(in directory: String, depth: Int) -> [Entry] {
        ReferenceCompleter.listing(directory).compactMap { entry(named: $0.name, in: directory, depth: depth, isDirectory: $0.isDirectory) }
    }

    /// The entry `name` in `directory` at `depth`, or nil for what is not a collection, folder or request there.
    /// `isDirectory` is what the listing said, nil when it could not tell (a symbolic link): then it is looked up.
    private func entry(named name: String, in directory: String, depth: Int, isDirectory known: Bool? = nil) -> Entry? {
        guard !name.hasPrefix("."), depth == 0 || !name.hasPrefix("_") else { return nil }
        let path = PathText.appending(directory, name)
        let isDirectory: Bool
        if let known {
            isDirectory = known
        } else {
            var directoryFlag: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &directoryFlag) else { return nil }
            isDirectory = directoryFlag.boolValue
        }
        if depth == 0 {
            guard isDirectory, CollectionLoader.manifest(in: path) != nil else { return nil }
            return Entry(slug: name, path: path, isContainer: true)
        }
        if isDirectory { return Entry(slug: name, path: path, isContainer: true) }
        let ext = PathText.pathExtension(name).lowercased()
        guard ["yaml", "yml", "json"].contains(ext), !CollectionLoader.reservedFiles.contains(name),
              !name.hasSuffix(".local.yaml"), !name.hasSuffix(".local.yml") else { return nil }
        return Entry(slug: PathText.deletingExtension(name), path: path, isContainer: false)
    }

    /// The names in `directory` with whether each is a directory as the listing itself says (`d_type`), so a folder
    /// of 5,000 request files costs one read of the directory rather than a stat per file; nil where it cannot say.
    static func listing(_ directory: String) -> [(name: String, isDirectory: Bool?)] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var listed: [(name: String, isDirectory: Bool?)] = []
        while let item = readdir(handle) {
            let name = withUnsafePointer(to: &item.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            guard name != ".", name != ".." else { continue }
            switch Int32(item.pointee.d_type) {
            case Int32(DT_DIR): listed.append((name, true))
            case Int32(DT_REG): listed.append((name, false))
            default: listed.append((name, nil))
            }
        }
        return listed
    }

    /// The `name:` a collection's `collection.yaml`, a folder's `folder.yaml` or a request file declares; nil when it
    /// has none or cannot be read. With `text`, nil too for a file whose bytes do not hold it (ASCII letters in any
    /// case), without parsing it: a name that starts with the text holds it, and a typo in a folder of 5,000
    /// requests then costs reading the files, not parsing them all.
    static func declaredName(of entry: Entry, mentioning text: String = "") -> String? {
        let file = entry.isContainer
            ? (CollectionLoader.manifest(in: entry.path) ?? CollectionLoader.manifest("folder", in: entry.path))
            : entry.path
        guard let file, let data = contents(file), mentions(data, text), let map = document(data, file: file) else { return nil }
        return try? map.string("name")
    }

    /// Whether `data` holds `text`, ASCII letters compared in either case; true for text that is not all ASCII,
    /// which a YAML escape could spell otherwise.
    static func mentions(_ data: Data, _ text: String) -> Bool {
        let wanted = Array(text.utf8).map(asciiLowercased)
        guard !wanted.isEmpty, wanted.allSatisfy({ $0 < 0x80 }) else { return true }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            guard bytes.count >= wanted.count else { return false }
            for start in 0...(bytes.count - wanted.count) where asciiLowercased(bytes[start]) == wanted[0] {
                if (1..<wanted.count).allSatisfy({ asciiLowercased(bytes[start + $0]) == wanted[$0] }) { return true }
            }
            return false
        }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// The environments' names in the collection at `directory`, in file order; none when its file does not read.
    static func environmentNames(in directory: String) -> [String] {
        guard let file = CollectionLoader.manifest(in: directory), let data = contents(file), let map = document(data, file: file),
              let items = try? map.list("environments") else { return [] }
        return items.compactMap { item in
            guard let environment = try? YAMLMap(item, file: file, what: "an environment") else { return nil }
            return try? environment.string("name")
        }
    }

    /// The largest file read, as the loader limits it.
    static let maximumFileSize = CollectionLoader(environment: [:]).maximumFileSize

    /// The bytes of a collection file; nil when it cannot be read or is larger than the loader reads. Plain reads:
    /// a typo in a folder of 5,000 requests reads them all, and Foundation's reading cost more than the rest. A read
    /// that fills less than the buffer is taken as the end (a regular file gives what it has): one read a file, not two.
    private static func contents(_ file: String) -> Data? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            data.append(contentsOf: buffer[0..<count])
            if data.count > maximumFileSize { return nil }
            if count < buffer.count { return data }
        }
    }

    /// The top-level mapping of a YAML or JSON file's bytes; nil when they are not UTF-8 or not a mapping.
    private static func document(_ data: Data, file: String) -> YAMLMap? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        return try? CollectionFileParser(file: file).document(text, what: "a collection file")
    }
}
