import ExplorerCore
import Foundation
import Yams

/// Everything a collection reads or runs outside its directory, each with the place that asks for it, found in the
/// parsed text of its files with the resolver's own reading of templates (so `{{ $command …}}`, a YAML escape or a
/// command folded over two lines are all found). Trust is given to this exact list, kept as its fingerprint.
public struct TrustList: Sendable, Equatable {
    /// The collection's directory.
    public var directory: String
    /// Each outside read where it is written, in file and line order.
    public var sites: [OutsideReadSite]

    /// A list of `sites` for the collection in `directory`.
    public init(directory: String, sites: [OutsideReadSite] = []) {
        self.directory = directory
        self.sites = sites
    }

    /// Each outside read once, in the order first written.
    public var reads: [OutsideRead] {
        var seen: Set<OutsideRead> = []
        return sites.map(\.read).filter { seen.insert($0).inserted }
    }

    /// True when the collection reads and runs nothing outside its directory: it needs no trust.
    public var isEmpty: Bool { sites.isEmpty }

    /// SHA-256 (hex) of the reads, sorted, so the same list gives the same fingerprint and any new or changed read a
    /// new one; where they are written does not count.
    public var fingerprint: String {
        let lines = Set(reads.map(\.fingerprintLine)).sorted()
        return HexText.encode(SHA256Hash.hash(Array(lines.joined(separator: "\n").utf8)))
    }

    /// `collection.yaml:12  runs the shell command: date`, one line a site, paths relative to the collection and every
    /// value made safe to print on a terminal.
    public var listing: [String] {
        sites.map { site in
            let file = site.location.file.hasPrefix(directory + "/") ? String(site.location.file.dropFirst(directory.count + 1)) : site.location.file
            let place = TerminalSafeText.sanitize(file, allowTab: false) + (site.location.line > 0 ? ":\(site.location.line)" : "")
            return place + "  " + site.read.description
        }
    }

    /// Scans the files the loader read for `collection` (`files` by path; others are ignored) and its requests' body
    /// files. `home` is where `~` leads.
    public static func scan(_ collection: CollectionSpec, files: [String: Data], home: String) -> TrustList {
        let boundary = CollectionBoundary(directory: collection.directory, home: home)
        var sites: [OutsideReadSite] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where collection.holds(file: path) {
            var walker = TrustWalker(file: path, boundary: boundary,
                                     isSecretsFile: PathText.lastComponent(path) == CollectionLoader.secretsFileName)
            guard let node = try? Yams.compose(yaml: String(decoding: data, as: UTF8.self), .basic, .default, .utf8) else { continue }
            walker.walk(node)
            sites += walker.sites
        }
        sites += bodyFileSites(collection.root, boundary: boundary, files: files)
        return TrustList(directory: collection.directory, sites: sites)
    }

    /// Body and multipart files whose real path leaves the collection: uploading one sends a file from elsewhere.
    private static func bodyFileSites(_ folder: FolderSpec, boundary: CollectionBoundary, files: [String: Data]) -> [OutsideReadSite] {
        var sites: [OutsideReadSite] = []
        for request in folder.requests {
            var paths: [String] = []
            switch request.body {
            case let .file(path, _): paths.append(path)
            case let .multipart(fields): paths += fields.filter(\.enabled).compactMap(\.file)
            default: break
            }
            let directory = PathText.deletingLastComponent(request.file)
            for path in paths where !path.contains("{{") {
                let full = ((path.hasPrefix("/") ? path : PathText.appending(directory, path)) as NSString).standardizingPath
                guard let read = boundary.outsideRead(full) else { continue }
                let text = files[request.file].map { String(decoding: $0, as: UTF8.self) } ?? ""
                let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(path) }.map { $0 + 1 } ?? 0
                sites.append(OutsideReadSite(read, at: SourceLocation(file: request.file, line: line, column: 0)))
            }
        }
        for sub in folder.folders { sites += bodyFileSites(sub, boundary: boundary, files: files) }
        return sites
    }
}
