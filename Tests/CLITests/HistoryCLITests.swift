import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("apiexplorer history and what send and diff keep", .serialized)
struct HistoryCLITests {
    private let collections = ["--collections", CLIRunner.bundledCollections]

    @Test func sendsAreKeptThenListedShownAsSendPrintedThemAndCompared() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/state/history.sqlite"
        let sent = try await CLIRunner.run(["send", "Demo/users/get-user", "--history", file] + collections)
        #expect(sent.status == 0, "\(sent.stderr)")
        let other = try await CLIRunner.run(["send", "Demo/users/list-users", "--history", file] + collections)
        #expect(other.status == 0, "\(other.stderr)")

        let list = try await CLIRunner.run(["history", "--history", file])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = list.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 3 && rows[0].hasPrefix("ID  SENT"))
        #expect(rows[1].contains("Demo/users/list-users") && rows[2].contains("Demo/users/get-user"), "newest first: \(rows)")
        #expect(rows[2].contains("local") && rows[2].contains("GET") && rows[2].contains("200"))

        let one = try await CLIRunner.run(["history", "list", "Demo/users/get-user", "--json", "--history", file])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        let entry = try #require(objects.first)
        #expect(entry["reference"] as? String == "Demo/users/get-user" && entry["status"] as? Int == 200 && entry["environment"] as? String == "local")
        let id = try #require(entry["id"] as? Int)

        // Shown from history, it reads exactly as send printed it when it arrived.
        let shown = try await CLIRunner.run(["history", "show", "\(id)", "--history", file])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == sent.stdout)
        #expect(shown.stderr.contains("#\(id) · ") && shown.stderr.contains("Demo/users/get-user (send)"))
        let missing = try await CLIRunner.run(["history", "show", "999", "--history", file])
        #expect(missing.status == 1 && missing.stderr.contains("no exchange 999"))

        let same = try await CLIRunner.run(["history", "diff", "\(id)", "\(id)", "--history", file])
        #expect(same.status == 0 && same.stdout.contains("Body: same"))
        let different = try await CLIRunner.run(["history", "diff", "\(id)", "\(id + 1)", "--history", file])
        #expect(different.status == 1 && different.stdout.contains("Body (JSON):"), "\(different.stdout)")
    }

    @Test func pruneAndClearRemoveWhatTheySay() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/h.sqlite"
        for _ in 0..<3 {
            let sent = try await CLIRunner.run(["send", "Demo/users/get-user", "--history", file] + collections)
            #expect(sent.status == 0, "\(sent.stderr)")
        }
        let kept = try await CLIRunner.run(["history", "prune", "--keep", "1", "--history", file])
        #expect(kept.status == 0 && kept.stdout == "Removed 2 exchanges; 1 kept.\n", "\(kept.stdout)\(kept.stderr)")
        let young = try await CLIRunner.run(["history", "prune", "--older-than", "30d", "--history", file])
        #expect(young.stdout == "Removed 0 exchanges; 1 kept.\n")
        let badAge = try await CLIRunner.run(["history", "prune", "--older-than", "5x", "--history", file])
        #expect(badAge.status == 64 && badAge.stderr.contains("--older-than takes a number and a unit"))
        let neither = try await CLIRunner.run(["history", "prune", "--history", file])
        #expect(neither.status == 64 && neither.stderr.contains("one of --keep N or --older-than AGE"))
        let cleared = try await CLIRunner.run(["history", "clear", "--history", file])
        #expect(cleared.status == 0 && cleared.stdout == "Removed 1 exchange.\n")
        let empty = try await CLIRunner.run(["history", "--history", file])
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.contains("No exchanges kept"))
    }

    @Test func exchangesOlderThanTheMaximumAgeGoWhenACommandOpensHistory() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/h.sqlite"
        let store = try HistoryStore(path: file)
        func keep(daysAgo days: [Double]) throws {
            for age in days {
                try store.record(HistoryExchange(sentAt: Date().addingTimeInterval(-age * 86_400), reference: "Old/\(Int(age))", environment: nil,
                                                 source: "send", request: HistoryRequest(method: "GET", url: "http://127.0.0.1:9/", headers: [], body: .empty),
                                                 response: nil, error: "refused"))
            }
        }
        func kept() throws -> [String] { try store.entries().compactMap(\.reference).filter { $0.hasPrefix("Old/") } }
        try keep(daysAgo: [100, 40, 1])
        // The default is 90 days.
        let sent = try await CLIRunner.run(["send", "Demo/users/get-user", "--history", file] + collections)
        #expect(sent.status == 0 && !sent.stderr.contains("warning"), "\(sent.stderr)")
        #expect(try kept() == ["Old/1", "Old/40"])
        // 0 and off keep everything.
        try keep(daysAgo: [100])
        for off in ["0", "off", "OFF"] {
            let kept100 = try await CLIRunner.run(["send", "Demo/users/get-user", "--history", file] + collections,
                                                  environment: ["APIEXPLORER_HISTORY_MAX_AGE": off])
            #expect(kept100.status == 0 && !kept100.stderr.contains("warning"), "\(kept100.stderr)")
        }
        #expect(try kept() == ["Old/100", "Old/1", "Old/40"])
        // The history commands read it too, in prune's syntax.
        let listed = try await CLIRunner.run(["history", "--json", "--history", file], environment: ["APIEXPLORER_HISTORY_MAX_AGE": "30d"])
        #expect(listed.status == 0 && !listed.stdout.contains("Old/40") && listed.stdout.contains("Old/1"), "\(listed.stdout)\(listed.stderr)")
        #expect(try kept() == ["Old/1"])
        // Prune and clear report all they removed, the old ones among them.
        try keep(daysAgo: [100])
        let all = try store.count()
        let cleared = try await CLIRunner.run(["history", "clear", "--history", file])
        #expect(cleared.stdout == "Removed \(all) exchanges.\n", "\(cleared.stdout)\(cleared.stderr)")
        // A value that is not an age names the variable; the send still succeeds.
        let bad = try await CLIRunner.run(["send", "Demo/users/get-user", "--history", file] + collections,
                                          environment: ["APIEXPLORER_HISTORY_MAX_AGE": "90 days"])
        #expect(bad.status == 0 && bad.stderr.contains("APIEXPLORER_HISTORY_MAX_AGE='90 days'"), "\(bad.stderr)")
        let badList = try await CLIRunner.run(["history", "--history", file], environment: ["APIEXPLORER_HISTORY_MAX_AGE": "-3d"])
        #expect(badList.status == 1 && badList.stderr.contains("APIEXPLORER_HISTORY_MAX_AGE='-3d'"), "\(badList.stderr)")
    }

    @Test func turnedOffNothingIsWrittenAndWithNoFileTheListSaysSo() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/h.sqlite"
        let flag = try await CLIRunner.run(["send", "Demo/users/get-user", "--no-history", "--history", file] + collections)
        #expect(flag.status == 0)
        let variable = try await CLIRunner.run(["send", "Demo/users/get-user"] + collections, environment: ["APIEXPLORER_HISTORY": "off"])
        #expect(variable.status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
        let none = try await CLIRunner.run(["history"], environment: ["APIEXPLORER_HISTORY": file])
        #expect(none.status == 1 && none.stderr.contains("no history yet: \(file) does not exist"))
    }

    @Test func aBrokenHistoryOrSettingWarnsOnceAndTheSendStillSucceeds() async throws {
        let temp = try TempDirectory()
        let corrupt = temp.path + "/corrupt.sqlite"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: corrupt))
        let sent = try await CLIRunner.run(["send", "Demo/users/get-user", "--history", corrupt] + collections)
        #expect(sent.status == 0 && sent.stdout.contains("Ada Lovelace"))
        #expect(sent.stderr.components(separatedBy: "warning: history is off: \(corrupt) is not a readable history database").count == 2, "\(sent.stderr)")
        let setting = try await CLIRunner.run(["send", "Demo/users/get-user"] + collections,
                                              environment: ["APIEXPLORER_HISTORY": temp.path + "/h.sqlite", "APIEXPLORER_HISTORY_BODY_LIMIT": "lots"])
        #expect(setting.status == 0 && setting.stderr.contains("APIEXPLORER_HISTORY_BODY_LIMIT='lots' is not a size"), "\(setting.stderr)")
        let read = try await CLIRunner.run(["history", "--history", corrupt])
        #expect(read.status == 1 && read.stderr.contains(corrupt))
    }

    @Test func aLargeBodyIsKeptCutWithItsFullSizeNoted() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/h.sqlite"
        let sent = try await CLIRunner.run(["send", "Demo/responses/large-json", "--print", "m"] + collections,
                                           environment: ["APIEXPLORER_HISTORY": file, "APIEXPLORER_HISTORY_BODY_LIMIT": "1K"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let shown = try await CLIRunner.run(["history", "show", "1", "--print", "b", "--history", file])
        #expect(shown.stdout.utf8.count >= 1000 && shown.stdout.utf8.count < 1100, "\(shown.stdout.utf8.count)")
        #expect(shown.stderr.contains("note: history kept 1.0 KB of the"))
    }

    @Test func twoProcessesWritingAtOnceAreBothKept() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/h.sqlite"
        for _ in 0..<3 {
            async let first = CLIRunner.run(["send", "Demo/users/get-user", "--history", file] + collections)
            async let second = CLIRunner.run(["send", "Demo/users/list-users", "--history", file] + collections)
            let (a, b) = try await (first, second)
            #expect(a.status == 0 && b.status == 0 && !a.stderr.contains("warning") && !b.stderr.contains("warning"), "\(a.stderr)\(b.stderr)")
        }
        let list = try await CLIRunner.run(["history", "--json", "--history", file])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 6)
        #expect(objects.filter { $0["reference"] as? String == "Demo/users/list-users" }.count == 3)
    }

    @Test func diffKeepsBothExchangesWithTheirEnvironments() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", """
            name: T
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
              - name: staging
                baseURL: \(server.baseURL.absoluteString)
            """)
        try temp.write("T/get.yaml", "url: /users/1\n")
        let file = temp.path + "/h.sqlite"
        let diff = try await CLIRunner.run(["diff", "T/get", "--env", "local", "--env", "staging", "--collections", temp.path, "--history", file])
        #expect(diff.status == 0, "\(diff.stderr)")
        let staging = try await CLIRunner.run(["history", "--env", "staging", "--json", "--history", file])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(staging.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 1 && objects.first?["reference"] as? String == "T/get")
        let failedOnly = try await CLIRunner.run(["history", "--status", "failed", "--history", file])
        #expect(failedOnly.stdout.isEmpty && failedOnly.stderr.contains("that match"))
        await server.stop()
    }

    @Test func aTokenCapturedAsSecretNeverReachesHistory() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("C/collection.yaml", "name: C\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("C/login.yaml", """
            method: POST
            url: /login
            body:
              type: json
              content: '{"username": "ada", "password": "s3cret"}'
            captures:
              - name: authToken
                json: $.token
                secret: true
            """)
        try temp.write("C/echo.yaml", "url: /echo/token\nneeds:\n  - C/login\nheaders:\n  - name: X-Echo\n    value: \"{{authToken}}\"\n")
        let file = temp.path + "/h.sqlite"
        let run = try await CLIRunner.run(["run", "C", "--collections", temp.path, "--history", file])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let list = try await CLIRunner.run(["history", "--json", "--history", file])
        #expect(list.stdout.contains("C/login") && list.stdout.contains("C/echo"), "\(list.stdout)")
        let raw = SQLiteFileBytes.read(file)
        #expect(raw.count > 4096)
        // The token arrived in the login's body and went out in the echo's header and came back in its body.
        #expect(raw.range(of: Data("demo-token".utf8)) == nil, "the captured token is in the history file")
        await server.stop()
    }
}
