import ExplorerCore
import ExplorerWorkspace
import Foundation
import GRDB

/// Every exchange sent, kept in one SQLite database (WAL mode, so several apiexplorer processes can write at once).
/// Bodies are stored as bytes within `HistoryLimits`; the oldest exchanges go when the database outgrows its cap.
public final class HistoryStore: Sendable {
    /// The database file.
    public let path: String
    /// How much is kept.
    public let limits: HistoryLimits
    private let pool: DatabasePool

    /// Opens (creating it 0600 when missing) the history database at `path`; `busyTimeout` is how long a write waits
    /// for another process holding the lock.
    public init(path: String, limits: HistoryLimits = HistoryLimits(), busyTimeout: TimeInterval = 5) throws(HistoryError) {
        self.path = path
        self.limits = limits
        try HistoryStore.createFile(at: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // Deleted rows (pruned, cleared) are overwritten, not left readable in free pages.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        // Two processes opening a new file at once: switching it to WAL or creating its tables can find the other
        // process half-way (SQLite answers "locked" at once there, without waiting, or "table exists"); a few short
        // retries see it done. A newer schema or a file that is not a database is not retried.
        var attempt = 0
        while true {
            do {
                pool = try HistoryStore.openPool(path: path, configuration: configuration)
                break
            } catch let error as DatabaseError where attempt < 20 && error.resultCode.primaryResultCode != .SQLITE_NOTADB
                && error.resultCode.primaryResultCode != .SQLITE_CORRUPT {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.01 * Double(attempt))
            } catch let error as HistoryError {
                throw error
            } catch {
                throw HistoryStore.translate(error, path: path)
            }
        }
    }

    /// Opens the pool and brings the schema up to date.
    private static func openPool(path: String, configuration: Configuration) throws -> DatabasePool {
        let pool = try DatabasePool(path: path, configuration: configuration)
        let migrator = HistorySchema.migrator
        if try pool.read({ try migrator.hasBeenSuperseded($0) }) { throw HistoryError.newerSchema(path: path) }
        try migrator.migrate(pool)
        return pool
    }

    /// Stores an exchange and returns its id; the oldest exchanges are removed when the database outgrows its cap.
    @discardableResult
    public func record(_ exchange: HistoryExchange) throws(HistoryError) -> Int64 {
        try perform { db in
            let id = try HistoryRows.insert(exchange, into: db)
            try self.trim(db, keeping: id)
            return id
        }
    }

    /// Stores several exchanges in one transaction (an import, a benchmark's fill) and returns their ids.
    @discardableResult
    public func record(contentsOf exchanges: [HistoryExchange]) throws(HistoryError) -> [Int64] {
        try perform { db in
            let ids = try exchanges.map { try HistoryRows.insert($0, into: db) }
            try self.trim(db, keeping: ids.last ?? .max)
            return ids
        }
    }

    /// Rows matching `query`, newest first.
    public func entries(matching query: HistoryQuery = HistoryQuery()) throws(HistoryError) -> [HistoryEntry] {
        try read { db in try HistoryRows.entries(matching: query, in: db) }
    }

    /// The whole exchange with this id, or nil.
    public func exchange(id: Int64) throws(HistoryError) -> HistoryExchange? {
        try read { db in try HistoryRows.exchange(id: id, in: db) }
    }

    /// The newest exchange of a saved request (in `environment`, when given), or nil.
    public func latest(reference: String, environment: String? = nil) throws(HistoryError) -> HistoryExchange? {
        try read { db in
            var sql = "SELECT id FROM exchange WHERE reference = ?"
            var arguments: StatementArguments = [reference]
            if let environment {
                sql += " AND environment = ?"
                arguments += [environment]
            }
            let id = try Int64.fetchOne(db, sql: sql + " ORDER BY id DESC LIMIT 1", arguments: arguments)
            return try id.flatMap { try HistoryRows.exchange(id: $0, in: db) }
        }
    }

    /// The environments exchanges were sent in, sorted.
    public func environments() throws(HistoryError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT environment FROM exchange WHERE environment IS NOT NULL ORDER BY environment")
        }
    }

    /// How many exchanges are stored.
    public func count() throws(HistoryError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exchange") ?? 0 }
    }

    /// Removes all but the newest `keep` exchanges; returns how many went.
    @discardableResult
    public func prune(keep: Int) throws(HistoryError) -> Int {
        try removing { db in
            try db.execute(sql: "DELETE FROM exchange WHERE id NOT IN (SELECT id FROM exchange ORDER BY id DESC LIMIT ?)",
                           arguments: [max(0, keep)])
        }
    }

    /// Removes exchanges sent before `date`; returns how many went.
    @discardableResult
    public func prune(olderThan date: Date) throws(HistoryError) -> Int {
        try removing { db in try db.execute(sql: "DELETE FROM exchange WHERE sent_at < ?", arguments: [date.timeIntervalSince1970]) }
    }

    /// Removes exchanges sent before `date`, as `apiexplorer` does whenever it opens history, and returns how many went.
    /// Unlike `prune(olderThan:)` the space is not given back: VACUUM rewrites the whole file, too slow to do at every
    /// start, and SQLite reuses the freed pages, which secure_delete has zeroed.
    @discardableResult
    public func ageOut(before date: Date) throws(HistoryError) -> Int {
        let cutoff = date.timeIntervalSince1970
        // Most starts find nothing to remove, and a read waits for no other process's write.
        let found = try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM exchange WHERE sent_at < ?)", arguments: [cutoff]) }
        guard found == true else { return 0 }
        let removed = try perform { db -> Int in
            try db.execute(sql: "DELETE FROM exchange WHERE sent_at < ?", arguments: [cutoff])
            return db.changesCount
        }
        // Until a checkpoint copies the zeroed pages back, the database file still holds the removed rows; best effort.
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.passive) }
        return removed
    }

    /// Removes every exchange; returns how many went.
    @discardableResult
    public func clear() throws(HistoryError) -> Int {
        try removing { db in try db.execute(sql: "DELETE FROM exchange") }
    }

    /// Bytes the database's pages hold (not counting free pages).
    public func usedBytes() throws(HistoryError) -> Int {
        try read { db in try HistoryStore.usedBytes(db) }
    }

    // MARK: - Plumbing

    private func removing(_ delete: @Sendable (Database) throws -> Void) throws(HistoryError) -> Int {
        let removed = try perform { db -> Int in
            try delete(db)
            return db.changesCount
        }
        // Give the space back and leave no old pages behind in the file.
        // The rows are gone (secure_delete zeroed their pages); giving the space back and emptying the write-ahead log
        // of the old pages is best effort: another process may hold the database, and that is no reason to fail.
        try? pool.vacuum()
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        return removed
    }

    /// Removes the oldest exchanges while the database is over its cap, never `newest` (the one just stored).
    private func trim(_ db: Database, keeping newest: Int64) throws {
        let used = try HistoryStore.usedBytes(db)
        guard used > limits.totalBytes else { return }
        // Free a tenth more than needed, so the next few writes do not each trim again.
        var excess = used - limits.totalBytes + limits.totalBytes / 10
        var last: Int64?
        let rows = try Row.fetchCursor(db, sql: "SELECT id, stored_bytes FROM exchange WHERE id < ? ORDER BY id", arguments: [newest])
        while excess > 0, let row = try rows.next() {
            last = row["id"]
            excess -= max(1, row["stored_bytes"] as Int)
        }
        if let last { try db.execute(sql: "DELETE FROM exchange WHERE id <= ?", arguments: [last]) }
    }

    private static func usedBytes(_ db: Database) throws -> Int {
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        let size = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        return (pages - free) * size
    }

    private func perform<T>(_ work: (Database) throws -> T) throws(HistoryError) -> T {
        do { return try pool.write(work) } catch { throw HistoryStore.translate(error, path: path) }
    }

    private func read<T>(_ work: (Database) throws -> T) throws(HistoryError) -> T {
        do { return try pool.read(work) } catch { throw HistoryStore.translate(error, path: path) }
    }

    private static func translate(_ error: any Error, path: String) -> HistoryError {
        if let error = error as? HistoryError { return error }
        guard let error = error as? DatabaseError else { return .failed(path: path, reason: "\(error)") }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .unreadable(path: path, reason: reason)
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR: return .notWritable(path: path, reason: reason)
        default: return .failed(path: path, reason: reason)
        }
    }

    /// Creates the directory (0700) and an empty file (0600) before SQLite does, so nothing else can read it.
    private static func createFile(at path: String) throws(HistoryError) {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: path) else { return }
        let directory = (path as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty, !manager.fileExists(atPath: directory) {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw .notWritable(path: path, reason: "cannot create \(directory)")
        }
        let descriptor = open(path, O_CREAT | O_WRONLY | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw .notWritable(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
    }
}
