import ExplorerCore
import Foundation

/// Reads collections from a directory: each sub-directory with a `collection.yaml` is a collection, its
/// sub-directories are folders and its other `.yaml`/`.yml`/`.json` files are requests.
public struct CollectionLoader: Sendable {
    /// Files larger than this are reported rather than parsed: a request file is a few kilobytes.
    public var maximumFileSize = 2 * 1024 * 1024
    /// Folders nested deeper than this are reported, which also stops directory symlink loops.
    public var maximumDepth = 32
    /// The process environment, for `fromEnv` secrets.
    public var environment: [String: String]
    /// When false, request files inside folders are not read (folders and their manifests still are): enough
    /// to draw a tree whose folders are closed, so the explorer can show it before a large collection is parsed.
    public var readsNestedRequests = true

    /// Creates a loader.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// File names with a meaning of their own, which are never requests.
    static let reservedFiles: Set<String> = ["collection.yaml", "collection.yml", "collection.json", "folder.yaml", "folder.yml", "folder.json"]
    /// The git-ignored file beside `collection.yaml` that holds secret values.
    public static let secretsFileName = "secrets.local.yaml"

    /// Loads every collection under `directory`; broken files are reported and skipped, never fatal.
    public func load(directory: String) -> CollectionLoadResult {
        var result = CollectionLoadResult()
        result.isComplete = readsNestedRequests
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            result.problems.append(CollectionProblem(SourceLocation(file: directory), "the collections directory does not exist"))
            return result
        }
        let entries: [String]
        do {
            entries = try manager.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            result.problems.append(CollectionProblem(SourceLocation(file: directory), "cannot list the directory: \(error.localizedDescription)"))
            return result
        }
        for entry in entries where !entry.hasPrefix(".") {
            let path = PathText.appending(directory, entry)
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            guard let manifest = CollectionLoader.manifest(in: path) else { continue }
            if let collection = loadCollection(at: path, manifest: manifest, into: &result) {
                result.collections.append(collection)
            }
        }
        return result
    }

    /// `collection.yaml` (or `.yml`, `.json`) in `directory`, or `folder.*` when `kind` is `"folder"`.
    package static func manifest(_ kind: String = "collection", in directory: String) -> String? {
        ["yaml", "yml", "json"]
            .map { PathText.appending(directory, "\(kind).\($0)") }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Loads one collection directory.
    public func loadCollection(at directory: String, manifest: String, into result: inout CollectionLoadResult) -> CollectionSpec? {
        let slug = PathText.lastComponent(directory)
        var parser = CollectionFileParser(file: manifest)
        let spec: (FolderSpec, [EnvironmentSpec])
        let real = CollectionLoader.realPath(directory)
        do {
            let text = try readText(manifest, root: real, into: &result)
            spec = try parser.folder(try parser.document(text, what: "a collection (name, environments, headers...)"),
                                     slug: slug, directory: directory, isCollection: true)
        } catch {
            result.problems.append(error)
            return nil
        }
        result.problems += parser.warnings
        var (root, environments) = spec
        environments = applySecrets(to: environments, directory: directory, root: real, manifest: manifest, into: &result)
        var visited: Set<String> = [real]
        fill(&root, depth: 0, root: real, visited: &visited, into: &result)
        var collection = CollectionSpec(root: root, environments: environments)
        collection.spec = CollectionLoader.specPath(parser.spec, directory: directory)
        collection.grpcSchema = GRPCSchemaFiles(protoset: CollectionLoader.specPath(parser.schemaFiles.protoset, directory: directory),
                                                proto: parser.schemaFiles.proto.compactMap { CollectionLoader.specPath($0, directory: directory) })
        collection.keepSessionCookies = parser.keepSessionCookies
        collection.trustList = TrustList.scan(collection, files: result.loadedFiles, home: environment["HOME"] ?? NSHomeDirectory())
        return collection
    }

    private func fill(_ folder: inout FolderSpec, depth: Int, root: String, visited: inout Set<String>, into result: inout CollectionLoadResult) {
        let manager = FileManager.default
        let entries: [String]
        do {
            entries = try manager.contentsOfDirectory(atPath: folder.directory).sorted()
        } catch {
            result.problems.append(CollectionProblem(SourceLocation(file: folder.directory), "cannot list the folder: \(error.localizedDescription)"))
            return
        }
        var slugs: [String: String] = [:]
        // `_files/` and the like hold body files, not requests.
        for entry in entries where !entry.hasPrefix(".") && !entry.hasPrefix("_") {
            let path = PathText.appending(folder.directory, entry)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.problems.append(CollectionProblem(SourceLocation(file: path), "cannot be read (a broken symbolic link?)"))
                continue
            }
            if isDirectory.boolValue {
                // A folder linked from outside the collection would load (and show) files from elsewhere as the
                // collection's own, and trust is given to what is inside; a file is checked as it is read.
                guard !CollectionBoundary.linksOutside(path, root: root) else {
                    result.problems.append(CollectionProblem(SourceLocation(file: path), CollectionLoader.linkedFromOutside))
                    continue
                }
                let real = CollectionLoader.realPath(path)
                guard !visited.contains(real) else {
                    result.problems.append(CollectionProblem(SourceLocation(file: path), "skipped: this folder links back to a folder already loaded (a symbolic link loop)"))
                    continue
                }
                guard depth < maximumDepth else {
                    result.problems.append(CollectionProblem(SourceLocation(file: path), "skipped: folders are nested more than \(maximumDepth) deep"))
                    continue
                }
                visited.insert(real)
                if let sub = loadFolder(at: path, depth: depth + 1, root: root, visited: &visited, into: &result) { folder.folders.append(sub) }
                continue
            }
            guard depth == 0 || readsNestedRequests else { continue }
            let ext = PathText.pathExtension(entry).lowercased()
            guard ["yaml", "yml", "json"].contains(ext), !CollectionLoader.reservedFiles.contains(entry),
                  !entry.hasSuffix(".local.yaml"), !entry.hasSuffix(".local.yml") else { continue }
            let slug = PathText.deletingExtension(entry)
            if let other = slugs[slug] {
                result.problems.append(CollectionProblem(SourceLocation(file: path), "skipped: '\(other)' in the same folder already defines the request '\(slug)'"))
                continue
            }
            slugs[slug] = entry
            if let request = loadRequest(at: path, slug: slug, root: root, into: &result) { folder.requests.append(request) }
        }
        folder.applyOrder()
        guard depth == 0 || readsNestedRequests else { return }
        // Names on disk, loaded or not: a request file that failed to parse is reported for itself, not as a wrong order.
        let present = Set(Array(slugs.keys) + entries.filter { !$0.hasPrefix(".") && !$0.hasPrefix("_") })
        for slug in folder.order where !present.contains(slug) {
            let manifest = CollectionLoader.manifest(depth == 0 ? "collection" : "folder", in: folder.directory) ?? folder.directory
            result.problems.append(CollectionProblem(SourceLocation(file: manifest), "'order' lists '\(slug)', which is neither a request file nor a folder here", isWarning: true))
        }
    }

    private func loadFolder(at directory: String, depth: Int, root: String, visited: inout Set<String>, into result: inout CollectionLoadResult) -> FolderSpec? {
        let slug = PathText.lastComponent(directory)
        let manifest = CollectionLoader.manifest("folder", in: directory)
        var parser = CollectionFileParser(file: manifest ?? directory)
        var folder: FolderSpec
        do {
            let map = try manifest.map { file throws(CollectionProblem) in
                try parser.document(try readText(file, root: root, into: &result), what: "a folder (name, headers, auth, variables)")
            }
            folder = try parser.folder(map, slug: slug, directory: directory, isCollection: false).0
        } catch {
            result.problems.append(error)
            return nil
        }
        result.problems += parser.warnings
        fill(&folder, depth: depth, root: root, visited: &visited, into: &result)
        return folder
    }

    /// Loads one request file.
    public func loadRequest(at path: String, slug: String, into result: inout CollectionLoadResult) -> RequestSpec? {
        loadRequest(at: path, slug: slug, root: nil, into: &result)
    }

    /// Loads one request file of the collection at `root` (a real path; nil: the file's own folder).
    private func loadRequest(at path: String, slug: String, root: String?, into result: inout CollectionLoadResult) -> RequestSpec? {
        var parser = CollectionFileParser(file: path)
        do {
            let text = try readText(path, root: root, into: &result)
            let request = try parser.request(try parser.document(text, what: "a request (name, method, url...)"), slug: slug)
            result.problems += parser.warnings
            return request
        } catch {
            result.problems.append(error)
            return nil
        }
    }

    /// What a link out of the collection is told.
    static let linkedFromOutside = "skipped: it is a symbolic link that leads outside the collection"

    /// The text of `path`, a file of the collection at `root` (a real path; nil: the file's own folder).
    private func readText(_ path: String, root: String?, into result: inout CollectionLoadResult) throws(CollectionProblem) -> String {
        // A file linked from elsewhere is not the collection's: never read (or quoted in an error) as if it were.
        guard !CollectionBoundary.linksOutside(path, root: root ?? CollectionLoader.realPath(PathText.deletingLastComponent(path))) else {
            throw CollectionProblem(SourceLocation(file: path), CollectionLoader.linkedFromOutside)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw CollectionProblem(SourceLocation(file: path), "the file is \(CollectionLoader.sizeText(size)); collection files are limited to \(CollectionLoader.sizeText(maximumFileSize))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "cannot be read" : "permission denied"
            throw CollectionProblem(SourceLocation(file: path), "\(reason); check the file's permissions")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CollectionLoader.invalidUTF8Problem(data, path: path)
        }
        if let index = text.unicodeScalars.firstIndex(where: { $0.value == 0 }) {
            let prefix = text.unicodeScalars[..<index]
            let line = prefix.filter { $0 == "\n" }.count + 1
            throw CollectionProblem(SourceLocation(file: path, line: line, column: 1), "the file contains NUL bytes (is it a binary file?)")
        }
        result.loadedFiles[path] = data
        return text
    }

    /// Fills secret values from `secrets.local.yaml` (environment name → variable → value) and `fromEnv`.
    private func applySecrets(to environments: [EnvironmentSpec], directory: String, root: String, manifest: String,
                              into result: inout CollectionLoadResult) -> [EnvironmentSpec] {
        var locals: [String: [String: String]] = [:]
        let path = PathText.appending(directory, CollectionLoader.secretsFileName)
        if FileManager.default.fileExists(atPath: path) {
            let parser = CollectionFileParser(file: path)
            do {
                let map = try parser.document(try readText(path, root: root, into: &result), what: "secret values by environment")
                for name in map.keys {
                    guard let values = try map.map(name) else { continue }
                    var entries: [String: String] = [:]
                    for key in values.keys { entries[key] = try values.string(key) ?? "" }
                    locals[name.lowercased()] = entries
                }
            } catch {
                result.problems.append(error)
            }
        }
        return environments.map { environment in
            var copy = environment
            let local = locals[environment.name.lowercased()] ?? [:]
            copy.variables = environment.variables.map { variable in
                var filled = variable
                filled.file = manifest
                if let value = local[variable.name] {
                    filled.value = value
                    filled.file = path
                }
                return filled
            }
            for (name, value) in local.sorted(by: { $0.key < $1.key }) where !copy.variables.contains(where: { $0.name == name }) {
                var added = Variable(name: name, value: value, secret: true)
                added.file = path
                copy.variables.append(added)
            }
            return copy
        }
    }

    /// Where the first byte that is not UTF-8 is (line, and column in characters as Yams counts them), and which byte.
    static func invalidUTF8Problem(_ data: Data, path: String) -> CollectionProblem {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                if encoded.count == 1, encoded.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                offset += encoded.count
                continue
            case .error, .emptyInput:
                break
            }
            break
        }
        let byte = offset < data.count ? data[data.startIndex + offset] : 0
        let hex = String(byte, radix: 16, uppercase: true)
        return CollectionProblem(SourceLocation(file: path, line: line, column: column),
                                 "the file is not UTF-8 text: byte 0x\(hex) is not valid UTF-8 (saved as Latin-1? save it as UTF-8)")
    }

    /// `114 bytes` below a megabyte, `3.0 MB` above: whole megabytes alone read "0 MB" for small limits.
    static func sizeText(_ bytes: Int) -> String {
        bytes < 1024 * 1024 ? "\(bytes) bytes" : String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
    }

    /// The canonical path of an existing folder, for spotting symbolic link loops: realpath(3) rather than NSString's
    /// `resolvingSymlinksInPath`, which traps on Linux for a relative path such as `~/../x`.
    static func realPath(_ path: String) -> String {
        CollectionBoundary.realPath(path)
    }
}
