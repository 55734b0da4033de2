import ExplorerCore
@testable import ExplorerHistory
import ExplorerWorkspace
import Foundation
import GRDB
import TestSupport
import Testing

@Suite("History kept in SQLite")
struct HistoryStoreTests {
    @Test func anExchangeComesBackAsRecordedWithBinaryBodiesAndRepeatedHeaders() throws {
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite")
        var exchange = HistoryFixtures.exchange()
        let binary = Data((0...255).map { UInt8($0) })
        exchange.response?.body = HistoryBody(data: binary, size: 5000, isTruncated: true)
        exchange.request.body = HistoryBody(data: Data("a=1".utf8), size: 3)
        let id = try store.record(exchange)
        let back = try #require(try store.exchange(id: id))
        exchange.id = id
        #expect(abs(back.sentAt.timeIntervalSince(exchange.sentAt)) < 0.001)
        exchange.sentAt = back.sentAt
        #expect(back == exchange)
        #expect(back.request.headers.map(\.value) == ["application/json", "a", "b"])
        #expect(try store.exchange(id: id + 1) == nil)
    }

    @Test func theFileAndItsDirectoryAreCreatedForTheOwnerOnly() throws {
        let temp = try TempDirectory()
        let path = temp.path + "/state/apiexplorer/history.sqlite"
        let store = try HistoryStore(path: path)
        try store.record(HistoryFixtures.exchange())
        for (file, mode) in [(path, 0o600), (path + "-wal", 0o600), (temp.path + "/state/apiexplorer", 0o700)] {
            var status = stat()
            #expect(stat(file, &status) == 0)
            #expect(Int(status.st_mode & 0o777) == mode, "\(file)")
        }
    }

    @Test func listsAreNewestFirstAndFilterByRequestTextStatusAndEnvironment() throws {
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite")
        try store.record(HistoryFixtures.exchange("/users/1", status: 200))
        try store.record(HistoryFixtures.exchange("/users/2", environment: "staging", status: 404))
        try store.record(HistoryFixtures.exchange("/posts/1", reference: "Demo/posts/get", status: 503))
        try store.record(HistoryFixtures.exchange("/users/3", status: nil))
        try store.record(HistoryFixtures.exchange("/odd%_path", reference: nil, environment: nil, status: 301))
        func urls(_ query: HistoryQuery) throws -> [String] {
            try store.entries(matching: query).map { String($0.url.dropFirst("http://127.0.0.1:9".count)) }
        }
        #expect(try urls(HistoryQuery()) == ["/odd%_path", "/users/3", "/posts/1", "/users/2", "/users/1"])
        #expect(try urls(HistoryQuery(reference: "Demo/users/get-user")) == ["/users/3", "/users/2", "/users/1"])
        #expect(try urls(HistoryQuery(text: "USERS")) == ["/users/3", "/users/2", "/users/1"])
        #expect(try urls(HistoryQuery(text: "%_")) == ["/odd%_path"])
        #expect(try urls(HistoryQuery(text: "posts/get")) == ["/posts/1"])
        #expect(try urls(HistoryQuery(status: .clientError)) == ["/users/2"])
        #expect(try urls(HistoryQuery(status: .serverError)) == ["/posts/1"])
        #expect(try urls(HistoryQuery(status: .redirect)) == ["/odd%_path"])
        #expect(try urls(HistoryQuery(status: .failed)) == ["/users/3"])
        #expect(try urls(HistoryQuery(environment: "staging")) == ["/users/2"])
        #expect(try urls(HistoryQuery(limit: 2)) == ["/odd%_path", "/users/3"])
        #expect(try store.environments() == ["local", "staging"])
        let failed = try #require(try store.entries(matching: HistoryQuery(status: .failed)).first)
        #expect(failed.status == nil && failed.error == "Could not connect")
    }

    @Test func theLatestExchangeOfARequestIsFoundPerEnvironment() throws {
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite")
        try store.record(HistoryFixtures.exchange(body: "first"))
        try store.record(HistoryFixtures.exchange(environment: "staging", body: "staging"))
        try store.record(HistoryFixtures.exchange(body: "second"))
        try store.record(HistoryFixtures.exchange(reference: "Demo/other", body: "other"))
        let text = { (exchange: HistoryExchange?) in exchange.map { String(decoding: $0.response?.body.data ?? Data(), as: UTF8.self) } }
        #expect(text(try store.latest(reference: "Demo/users/get-user")) == "second")
        #expect(text(try store.latest(reference: "Demo/users/get-user", environment: "staging")) == "staging")
        #expect(try store.latest(reference: "Demo/nothing") == nil)
    }

    @Test func ageingOutRemovesOnlyWhatIsOlderThanTheAge() throws {
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite")
        let day = 86_400.0
        for age in [100.0, 91, 89, 1] {
            try store.record(HistoryFixtures.exchange("/age/\(Int(age))", sentAt: Date().addingTimeInterval(-age * day)))
        }
        let settings = HistorySettings(path: store.path)
        settings.ageOut(store)
        #expect(try store.entries().map { $0.url.components(separatedBy: "/").last ?? "" } == ["1", "89"])
        #expect(try store.ageOut(before: Date().addingTimeInterval(-90 * day)) == 0, "nothing left to remove")
        HistorySettings(path: store.path, maxAge: nil).ageOut(store, now: Date().addingTimeInterval(1000 * day))
        #expect(try store.count() == 2, "no maximum age keeps everything")
    }

    @Test func pruningKeepsTheNewestOrTheRecentAndClearingEmptiesTheFile() throws {
        let temp = try TempDirectory()
        let path = temp.path + "/h.sqlite"
        let store = try HistoryStore(path: path)
        let day = 86_400.0
        for age in [40.0, 35, 20, 10, 1] {
            try store.record(HistoryFixtures.exchange("/age/\(Int(age))", body: "marker-\(Int(age))-days", sentAt: Date().addingTimeInterval(-age * day)))
        }
        #expect(try store.prune(olderThan: Date().addingTimeInterval(-30 * day)) == 2)
        #expect(try store.entries().map(\.url).map { $0.hasSuffix("/age/20") || $0.hasSuffix("/age/10") || $0.hasSuffix("/age/1") } == [true, true, true])
        #expect(try store.prune(keep: 1) == 2)
        #expect(try store.entries().map { $0.url.hasSuffix("/age/1") } == [true])
        #expect(try store.clear() == 1)
        #expect(try store.count() == 0)
        // Cleared means gone from the file, not only unlisted.
        let bytes = SQLiteFileBytes.read(path)
        #expect(bytes.count >= 4096, "the database file is there")
        #expect(bytes.range(of: Data("marker-".utf8)) == nil)
    }

    @Test func theTotalSizeCapRemovesTheOldestFirst() throws {
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite", limits: HistoryLimits(totalBytes: 400_000))
        let body = String(repeating: "x", count: 50_000)
        for index in 0..<30 { try store.record(HistoryFixtures.exchange("/n/\(index)", body: body)) }
        let kept = try store.entries().map { Int($0.url.split(separator: "/").last ?? "") ?? -1 }
        #expect(kept.first == 29)
        #expect(kept.count < 9 && kept.count >= 4, "kept \(kept)")
        #expect(kept == Array((30 - kept.count)..<30).reversed())
        #expect(try store.usedBytes() <= 400_000 + 60_000)
    }

    @Test func aDatabaseFromTheFirstSchemaIsMigratedAndKeepsItsRows() throws {
        let temp = try TempDirectory()
        let path = temp.path + "/old.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try HistorySchema.migrator.migrate(queue, upTo: HistorySchema.firstMigration)
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO exchange (sent_at, reference, environment, source, method, url, request_headers, request_body,
                        request_body_size, request_body_truncated, status, reason, response_headers, response_body,
                        response_body_size, response_body_truncated, duration)
                    VALUES (1700000000, 'Demo/old', 'local', 'send', 'GET', 'http://old/', '[["A","b"]]', x'', 0, 0, 200, 'OK',
                        '[]', CAST('old body' AS BLOB), 8, 0, 0.5)
                    """)
            }
        }
        let store = try HistoryStore(path: path)
        let old = try #require(try store.latest(reference: "Demo/old"))
        #expect(old.response?.body.data == Data("old body".utf8))
        #expect(old.request.headers == [Header("A", "b")])
        try store.record(HistoryFixtures.exchange())
        #expect(try store.count() == 2)
        let applied = try DatabaseQueue(path: path).read { try HistorySchema.migrator.appliedIdentifiers($0) }
        #expect(applied == Set(HistorySchema.migrator.migrations))
    }

    @Test func aDatabaseFromTheSecondSchemaOpensAndNewRowsKeepRepeatedHeadersAndTheWireSize() throws {
        let temp = try TempDirectory()
        let path = temp.path + "/v2.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try HistorySchema.migrator.migrate(queue, upTo: "v2-sizes-and-lookups")
            // Before repeated headers were kept apart: one row joined, sorted by name.
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO exchange (sent_at, reference, environment, source, method, url, request_headers, request_body,
                        request_body_size, request_body_truncated, status, reason, response_headers, response_body,
                        response_body_size, response_body_truncated, duration)
                    VALUES (1700000000, 'Demo/old', 'local', 'send', 'GET', 'http://old/', '[]', x'', 0, 0, 200, 'OK',
                        '[["Set-Cookie","a=1, b=2"]]', CAST('old' AS BLOB), 3, 0, 0.5)
                    """)
            }
        }
        let store = try HistoryStore(path: path)
        let old = try #require(try store.latest(reference: "Demo/old"))
        #expect(old.response?.headers == [Header("Set-Cookie", "a=1, b=2")] && old.response?.wireSize == nil)
        var exchange = HistoryFixtures.exchange(reference: "Demo/new")
        exchange.response?.headers = [Header("Set-Cookie", "a=1"), Header("Content-Type", "text/plain"), Header("set-cookie", "b=2")]
        exchange.response?.wireSize = 5
        try store.record(exchange)
        let kept = try #require(try store.latest(reference: "Demo/new"))
        #expect(kept.response?.headers == exchange.response?.headers)
        #expect(kept.response?.wireSize == 5)
        let shown = try #require(kept.storedResponse)
        #expect(shown.headers.fields == exchange.response?.headers && shown.wireByteCount == 5)
    }

    @Test func aDatabaseFromANewerVersionIsRefusedUntouched() throws {
        let temp = try TempDirectory()
        let path = temp.path + "/new.sqlite"
        try HistoryStore(path: path).record(HistoryFixtures.exchange())
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
        }
        #expect(throws: HistoryError.newerSchema(path: path)) { try HistoryStore(path: path) }
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM exchange") } == 1)
    }

    @Test func aCorruptFileIsReportedByName() throws {
        let temp = try TempDirectory()
        let path = temp.path + "/corrupt.sqlite"
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        do {
            _ = try HistoryStore(path: path)
            Issue.record("a corrupt file opened")
        } catch {
            guard case .unreadable = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains(path))
        }
    }

    @Test func aPlaceThatCannotBeWrittenIsReportedByName() throws {
        let temp = try TempDirectory()
        // Tests run as root here, so permissions would not stop it: a file where a directory should be does.
        try temp.write("blocker", "not a directory")
        let path = temp.path + "/blocker/history.sqlite"
        #expect(throws: HistoryError.self) { try HistoryStore(path: path) }
        do { _ = try HistoryStore(path: path) } catch {
            guard case .notWritable = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains(path))
        }
    }

    @Test func aLockHeldByAnotherConnectionFailsTheWriteAfterTheWait() throws {
        let temp = try TempDirectory()
        let path = temp.path + "/h.sqlite"
        let store = try HistoryStore(path: path, busyTimeout: 0.2)
        try store.record(HistoryFixtures.exchange())
        let other = try DatabaseQueue(path: path)
        try other.inDatabase { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            #expect(throws: HistoryError.locked(path: path)) { try store.record(HistoryFixtures.exchange()) }
            try db.execute(sql: "ROLLBACK")
        }
        try store.record(HistoryFixtures.exchange())
        #expect(try store.count() == 2)
    }

    @Test func twoWritersOnOneFileBothSucceed() async throws {
        let temp = try TempDirectory()
        let path = temp.path + "/h.sqlite"
        let first = try HistoryStore(path: path)
        let second = try HistoryStore(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, store) in [("a", first), ("b", second)] {
                group.addTask {
                    for index in 0..<150 { try store.record(HistoryFixtures.exchange("/\(name)/\(index)")) }
                }
            }
            try await group.waitForAll()
        }
        let urls = try first.entries(matching: HistoryQuery(limit: 1000)).map(\.url)
        #expect(urls.count == 300)
        #expect(urls.filter { $0.contains("/a/") }.count == 150)
    }

    @Test func twoStoresCreatingOneNewFileAtOnceBothOpen() async throws {
        for round in 0..<5 {
            let temp = try TempDirectory()
            let path = temp.path + "/new-\(round).sqlite"
            let opened = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        let store = try HistoryStore(path: path)
                        try store.record(HistoryFixtures.exchange())
                        return 1
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(opened == 2)
            #expect(try HistoryStore(path: path).count() == 2)
        }
    }

    @Test func theCapNeverRemovesTheExchangeJustStored() throws {
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite", limits: HistoryLimits(totalBytes: 1))
        let id = try store.record(HistoryFixtures.exchange(body: String(repeating: "y", count: 10_000)))
        #expect(try store.exchange(id: id) != nil)
        let next = try store.record(HistoryFixtures.exchange())
        #expect(try store.entries().map(\.id) == [next])
    }
}
