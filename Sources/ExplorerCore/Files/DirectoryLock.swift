import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (flock(2)) on a directory, held while a file in it is read, merged and written again, so
/// two processes saving at once cannot lose each other's update. The kernel drops it when the process ends, even by a
/// crash. The directory is locked rather than the file because an atomic save renames a new file over the old one,
/// and a lock on the old one would guard nothing; a lock file would be one more file to keep out of git.
public enum DirectoryLock {
    /// Runs `work` holding the lock on `directory`, first waiting for any other holder to finish.
    public static func withLock<T>(on directory: String, _ work: () throws(SaveError) -> T) throws(SaveError) -> T {
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .writeFailed(path: directory, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .writeFailed(path: directory, reason: "cannot lock it: " + String(cString: strerror(errno))) }
        }
        return try work()
    }
}
