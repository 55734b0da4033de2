import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a response body for `send --output`: a regular file is replaced atomically, so an interrupted download never
/// leaves half a file where a good one was; anything else (`/dev/stdout`, a named pipe) is written in place.
enum BodyFileWriter {
    /// Writes `data` to `path`; the error says which file and why.
    static func write(_ data: Data, to path: String) throws(ToolFailure) {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            let fd = open(path, O_WRONLY | O_TRUNC)
            guard fd >= 0 else { throw ToolFailure("could not open \(path): \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            let failure = data.withUnsafeBytes { buffer -> Int32? in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    let written = Glibc.write(fd, base + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return nil
            }
            if let failure { throw ToolFailure("could not write \(path): \(String(cString: strerror(failure)))") }
            return
        }
        do {
            try AtomicFileWriter.write(data, to: path)
        } catch {
            throw ToolFailure(error.description)
        }
    }
}
