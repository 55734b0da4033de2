import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that a reader, or a crash at any moment, sees either the old bytes or the new, never a mix:
/// write a temporary file beside it, fsync it, rename it over the old one, fsync the directory.
public enum AtomicFileWriter {
    /// True for a git-ignored local file that holds secrets (`secrets.local.yaml`, `*.local.yml`).
    public static func isSecretFile(_ path: String) -> Bool {
        let name = PathText.split(path).name.lowercased()
        return name.hasSuffix(".local.yaml") || name.hasSuffix(".local.yml")
    }

    /// Writes `data` to `path` atomically, keeping the old file's permissions (or `mode` for a new file; a new
    /// secret file is always created readable by its owner only, 0600).
    public static func write(_ data: Data, to requestedPath: String, mode: mode_t = 0o644) throws(SaveError) {
        // Write through symbolic links to the file they name: renaming over a link would replace it with a copy.
        let path = resolvingLinks(requestedPath)
        // PathText, not NSString: on Linux NSString's path methods trap on some paths ('a//é'), and this one comes from the user.
        let (directory, name) = PathText.split(path)
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var status = stat()
        let permissions = stat(path, &status) == 0 ? status.st_mode & 0o7777 : (isSecretFile(path) ? 0o600 : mode)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, permissions)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        let writeError = writeAll(data, to: fd)
        var failure = writeError == 0 ? nil : String(cString: strerror(writeError))
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        fchmod(fd, permissions)
        close(fd)
        if let failure {
            unlink(temporary)
            throw .writeFailed(path: path, reason: failure)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .writeFailed(path: path, reason: reason)
        }
        let directoryFD = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Follows a chain of symbolic links (up to 40, as the kernel does) to the path they end at.
    static func resolvingLinks(_ start: String) -> String {
        var path = start
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return path }
            let parent = PathText.split(path).directory
            path = destination.hasPrefix("/") ? destination : (parent.isEmpty ? destination : parent + "/" + destination)
        }
        return path
    }

    /// Creates `path` with `data`, never replacing a file already there: a secret file (`secrets.local.yaml`) readable
    /// by its owner only from the moment it exists, others as the umask allows. With `synced` the bytes reach the disk
    /// before it returns. A file that could not be written whole is removed.
    public static func createNew(_ data: Data, at path: String, synced: Bool = true) throws(SaveError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, isSecretFile(path) ? 0o600 : 0o666)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var failure = writeAll(data, to: fd)
        if failure == 0, synced, fsync(fd) != 0 { failure = errno }
        close(fd)
        guard failure == 0 else {
            unlink(path)
            throw .writeFailed(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Writes all of `data` to `fd`, retrying after interruptions; 0, or the errno of the write that failed.
    public static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}
