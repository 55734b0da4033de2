import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a response body for `send --output`: a regular file is replaced atomically, so an interrupted download never
/// leaves half a file where a good one was; `-`, `/dev/stdout` and other open descriptors are written in place, and
/// anything else that is not a regular file (a named pipe) is opened and written.
enum BodyFileWriter {
    /// Writes `data` to `path`; the error says which file and why.
    static func write(_ data: Data, to path: String) throws(ToolFailure) {
        if let descriptor = openDescriptor(path) {
            // Already open in this process (stdout redirected to a file): append where the earlier output ended.
            return try writeAll(data, to: descriptor, path: path)
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { throw ToolFailure("could not open \(path): \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            return try writeAll(data, to: fd, path: path)
        }
        // A new file gets the permissions the umask allows, as curl -o and shell redirection do.
        let mask = umask(0)
        umask(mask)
        do {
            try AtomicFileWriter.write(data, to: path, mode: 0o666 & ~mask)
        } catch {
            throw ToolFailure(error.description)
        }
    }

    /// True when `path` names standard output (`-`, `/dev/stdout`, `/dev/fd/1`).
    static func isStandardOutput(_ path: String) -> Bool {
        openDescriptor(path) == STDOUT_FILENO
    }

    /// The descriptor `path` names when it is `-` or one of this process's open descriptors (`/dev/stdout`, `/dev/fd/N`).
    private static func openDescriptor(_ path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(ToolFailure) {
        let failure = AtomicFileWriter.writeAll(data, to: fd)
        if failure != 0 { throw ToolFailure("could not write \(path): \(String(cString: strerror(failure)))") }
    }
}
