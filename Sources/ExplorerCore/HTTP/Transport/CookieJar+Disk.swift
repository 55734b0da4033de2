import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension CookieJar {
    /// How long after a change the file is written: changes within it (a stream's many responses) make one write.
    static let saveDelay: DispatchTimeInterval = .milliseconds(250)
    private static let saveQueue = DispatchQueue(label: "apiexplorer.cookies.save", qos: .utility)

    /// Reads the file when it is not read yet or another process changed it, and lays this process's changes over
    /// it. Expired cookies are dropped; a line that is not a cookie is skipped (and kept out of the next write).
    /// Call with `lock` held.
    func refresh() {
        guard let file else { return }
        let stamp = CookieJar.stamp(of: file)
        guard !loaded || stamp != fileStamp else { return }
        loaded = true
        fileStamp = stamp
        stored = merged(with: CookieJar.readFile(file))
    }

    /// The file's cookies with this process's changes over them.
    private func merged(with fromFile: [CookieRecord]) -> [CookieRecord] {
        let changed = setHere + removedHere
        return fromFile.filter { cookie in !changed.contains { $0.isSameCookie(as: cookie) } } + setHere
    }

    /// Writes the jar a moment from now, unless a write is already coming.
    func scheduleSave() {
        let schedule = lock.withLock { () -> Bool in
            guard file != nil, dirty, !saveScheduled else { return false }
            saveScheduled = true
            return true
        }
        guard schedule else { return }
        CookieJar.saveQueue.asyncAfter(deadline: .now() + CookieJar.saveDelay) { [self] in
            lock.withLock { saveScheduled = false }
            try? saveIfChanged()
        }
    }

    /// Writes the jar when it has changes the file does not have.
    public func saveIfChanged() throws(CookieFileError) {
        guard lock.withLock({ dirty }) else { return }
        try save()
    }

    /// Writes the jar to its file now: under a lock on the directory the file is read again, this process's changes
    /// are laid over it (so two processes' new cookies both survive; for the same cookie the last writer wins) and
    /// the result replaces the file atomically, readable by its owner only. Session cookies are left out unless kept.
    public func save() throws(CookieFileError) {
        guard let file else { return }
        saving.lock()
        defer { saving.unlock() }
        let directory = PathText.split(file).directory
        try CookieJar.makeDirectory(directory.isEmpty ? "." : directory)
        do {
            try DirectoryLock.withLock(on: directory) { () throws(SaveError) in
                // Unchanged since this jar last read or wrote it, the file is already in `stored`: reading 1,000
                // cookies again was most of a save's time.
                let unchanged = lock.withLock { loaded && fileStamp == CookieJar.stamp(of: file) }
                let fromFile = unchanged ? nil : CookieJar.readFile(file)
                let (snapshot, written, removed) = lock.withLock {
                    if let fromFile { stored = merged(with: fromFile) }
                    loaded = true
                    dirty = false
                    let kept = live().filter { !$0.isSession || keepsSessionCookies }
                    return (kept, Set(setHere), Set(removedHere))
                }
                try AtomicFileWriter.write(Data(NetscapeCookieFile.render(snapshot).utf8), to: file, mode: 0o600)
                chmod(file, 0o600)
                lock.withLock {
                    fileStamp = CookieJar.stamp(of: file)
                    // What the file now holds need not be laid over it again, so another process may change it later;
                    // session cookies the file does not keep stay this process's own.
                    setHere.removeAll { cookie in
                        (!cookie.isSession || keepsSessionCookies) && written.contains(cookie)
                    }
                    removedHere.removeAll { cookie in removed.contains(cookie) }
                }
            }
        } catch {
            lock.withLock { dirty = true }
            throw CookieFileError(path: file, reason: error.description)
        }
    }

    /// The cookies in `file` that have not expired; none when it is missing or unreadable.
    static func readFile(_ file: String) -> [CookieRecord] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return NetscapeCookieFile.read(String(decoding: data, as: UTF8.self), path: file, now: Date()).cookies
    }

    /// Inode, size and modification time, or `nil` when there is no file.
    static func stamp(of file: String) -> String? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        return "\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// Creates `directory` and its parents, each new one enterable by its owner only (0700).
    private static func makeDirectory(_ directory: String) throws(CookieFileError) {
        guard !FileManager.default.fileExists(atPath: directory) else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw CookieFileError(path: directory, reason: "cannot create the directory: \(error.localizedDescription)")
        }
    }
}
