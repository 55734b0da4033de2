import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerCore

/// Carries out tree changes on disk: new, duplicated, renamed, moved and deleted requests, and new folders. Names
/// become file names through `ImportSlug`, so no name, however it is written, leads outside its folder; a request
/// file is never overwritten.
public enum CollectionFiles {
    /// Applies `change` and returns the slug (file name without extension, or directory name) it created or kept.
    @discardableResult
    public static func apply(_ change: TreeChange) throws(SaveError) -> String {
        switch change {
        case let .newRequest(name, fileName, folder):
            let slug = try freeSlug(fileName.isEmpty ? name : fileName, in: folder.directory, fallback: "request")
            let request = RequestSpec(name: name.isEmpty ? slug : name, slug: slug, url: "/", file: PathText.appending(folder.directory, slug + ".yaml"))
            try AtomicFileWriter.createNew(Data(["name: \(YAMLText.scalar(request.name))", "method: GET", "url: /", ""].joined(separator: "\n").utf8), at: request.file)
            return slug
        case let .newFolder(name, folder):
            let slug = try freeSlug(name, in: folder.directory, fallback: "folder")
            let directory = PathText.appending(folder.directory, slug)
            guard mkdir(directory, 0o755) == 0 else { throw .writeFailed(path: directory, reason: String(cString: strerror(errno))) }
            if name != slug {
                do { try AtomicFileWriter.createNew(Data("name: \(YAMLText.scalar(name))\n".utf8), at: PathText.appending(directory, "folder.yaml")) } catch {
                    rmdir(directory)
                    throw error
                }
            }
            return slug
        case let .duplicate(request, name, folder):
            guard let data = FileManager.default.contents(atPath: request.file) else {
                throw .unreadable(path: request.file, reason: "the file no longer exists")
            }
            let slug = try freeSlug(name, in: folder.directory, fallback: request.slug + "-copy")
            let copy = PathText.appending(folder.directory, slug + ".yaml")
            try AtomicFileWriter.createNew(data, at: copy)
            var renamed = request
            renamed.file = copy
            renamed.name = name
            do { try CollectionStore.save(renamed, over: request.withFile(copy), original: data) } catch {
                unlink(copy)
                throw error
            }
            return slug
        case let .rename(request, name, renameFile, folder):
            var renamed = request
            renamed.name = name
            try CollectionStore.save(renamed, over: request, original: nil)
            guard renameFile else { return request.slug }
            let slug = ImportSlug.make(name)
            guard slug.lowercased() != request.slug.lowercased() else { return request.slug }
            let target = try freeSlug(name, in: folder.directory, fallback: "request")
            try relocate(request.file, to: PathText.appending(folder.directory, target + "." + fileExtension(request.file)))
            return target
        case let .move(request, folder):
            let target = PathText.appending(folder.directory, PathText.lastComponent(request.file))
            guard target != request.file else { return request.slug }
            if taken(in: folder.directory).contains(request.slug.lowercased()) {
                throw .writeFailed(path: target, reason: "'\(folder.name)' already has a request or folder named '\(request.slug)'; rename one of them first")
            }
            try relocate(request.file, to: target)
            return request.slug
        case let .delete(request):
            guard unlink(request.file) == 0 else { throw .writeFailed(path: request.file, reason: String(cString: strerror(errno))) }
            return request.slug
        }
    }

    /// The slug for `name` in `directory`; a name already used there by a request or folder is refused.
    private static func freeSlug(_ name: String, in directory: String, fallback: String) throws(SaveError) -> String {
        let slug = ImportSlug.make(name, fallback: fallback)
        guard !taken(in: directory).contains(slug.lowercased()) else {
            throw .writeFailed(path: PathText.appending(directory, slug), reason: "a request or folder named '\(slug)' is already there; choose another name")
        }
        return slug
    }

    /// Lower-cased names of the files (without extension) and folders in `directory`, and the names the loader keeps
    /// for itself.
    package static func taken(in directory: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Set(names.map { PathText.deletingExtension($0).lowercased() }).union(ImportSlug.reserved)
    }

    private static func fileExtension(_ path: String) -> String {
        let name = PathText.lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "yaml" }
        return String(name[name.index(after: dot)...])
    }

    /// Moves a file without ever replacing one: a hard link at the new name (which fails if the name is taken), then
    /// the old name removed.
    private static func relocate(_ source: String, to target: String) throws(SaveError) {
        guard link(source, target) == 0 else { throw .writeFailed(path: target, reason: String(cString: strerror(errno))) }
        guard unlink(source) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(target)
            throw .writeFailed(path: source, reason: reason)
        }
    }
}

extension RequestSpec {
    /// The same request as if loaded from `file`.
    func withFile(_ file: String) -> RequestSpec {
        var copy = self
        copy.file = file
        return copy
    }
}
