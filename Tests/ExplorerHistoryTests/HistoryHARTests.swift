import ExplorerCore
import ExplorerFormats
import ExplorerHistory
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// `history export --har`: kept exchanges written as HAR 1.2 with the trace's timings, and read back by `import har`.
@Suite("Kept exchanges as HAR")
struct HistoryHARTests {
    private func entries(_ data: Data) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        return try #require(log["entries"] as? [[String: Any]])
    }

    @Test func aRealExchangeIsKeptWithItsTraceAndWrittenAsValidHAR() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        let store = try HistoryStore(path: temp.path + "/h.sqlite")
        let request = Request(.post, urlString: server.url("/echo/har?x=1&y=two%20words").absoluteString,
                              headers: ["X-Mine": "yes"], body: .jsonObject(["hello": "HAR"]))
        let response = try await request.send()
        let id = try store.record(.recording(request, secrets: [], reference: "Demo/echo", environment: "local", response: response, failure: nil,
                                             source: "send", sentAt: Date(timeIntervalSince1970: 1_790_000_000.25)))
        let kept = try #require(try store.exchange(id: id))
        // The trace's timing survives the database: a new connection to an IP address over plain HTTP.
        let timing = try #require(kept.response?.timing)
        #expect(timing == HistoryTiming(response.timing, connection: response.connection))
        #expect(timing.firstByte != nil && timing.tcp != nil && timing.dns == nil && timing.tls == nil)
        #expect(timing.httpVersion == "HTTP/1.1")

        let data = HistoryHARWriter.archive([kept])
        #expect(HARShape.problems(data) == [])
        let entry = try #require(try entries(data).first)
        #expect(entry["startedDateTime"] as? String == "2026-09-21T14:13:20.250Z")
        #expect(entry["_reference"] as? String == "Demo/echo" && entry["_environment"] as? String == "local" && entry["_id"] as? Int == Int(id))
        let har = try #require(entry["request"] as? [String: Any])
        #expect(har["method"] as? String == "POST" && har["httpVersion"] as? String == "HTTP/1.1")
        #expect((har["queryString"] as? [[String: String]]) == [["name": "x", "value": "1"], ["name": "y", "value": "two words"]])
        #expect((har["headers"] as? [[String: String]])?.contains(["name": "X-Mine", "value": "yes"]) == true)
        let post = try #require(har["postData"] as? [String: Any])
        #expect(post["text"] as? String == #"{"hello":"HAR"}"# && post["mimeType"] as? String == "application/json")
        let answer = try #require(entry["response"] as? [String: Any])
        #expect(answer["status"] as? Int == 200 && answer["statusText"] as? String == "OK")
        let content = try #require(answer["content"] as? [String: Any])
        #expect((content["text"] as? String)?.contains("/echo/har") == true)
        #expect(content["size"] as? Int == response.data.count)
        let timings = try #require(entry["timings"] as? [String: Double])
        #expect(timings["dns"] == -1 && timings["ssl"] == -1, "no DNS for an IP address, no TLS over http: \(timings)")
        #expect((timings["connect"] ?? -1) >= 0 && (timings["wait"] ?? -1) > 0, "\(timings)")
        await server.stop()
    }

    @Test func theTracesPhasesMapToHARsTimings() throws {
        var exchange = HistoryFixtures.exchange()
        exchange.response?.duration = 0.025
        exchange.response?.timing = HistoryTiming(blocked: 0.001, dns: 0.002, connect: 0.010, tcp: 0.003, tls: 0.004, firstByte: 0.020,
                                                  download: 0.005, httpVersion: "HTTP/2")
        let data = HistoryHARWriter.archive([exchange])
        #expect(HARShape.problems(data) == [])
        let entry = try #require(try entries(data).first)
        #expect(entry["timings"] as? [String: Double] == ["blocked": 1, "dns": 2, "connect": 7, "ssl": 4, "send": 0, "wait": 10, "receive": 5])
        #expect(entry["time"] as? Double == 25)
        #expect((entry["response"] as? [String: Any])?["httpVersion"] as? String == "HTTP/2")
    }

    @Test func withoutATraceOrAResponseTheUnknownIsMinusOne() throws {
        let old = HistoryFixtures.exchange()
        let failed = HistoryFixtures.exchange(status: nil)
        let data = HistoryHARWriter.archive([old, failed])
        #expect(HARShape.problems(data) == [])
        let written = try entries(data)
        #expect(written[0]["timings"] as? [String: Double] == ["blocked": -1, "dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": 12, "receive": 0])
        #expect(written[0]["time"] as? Double == 12)
        let response = try #require(written[1]["response"] as? [String: Any])
        #expect(response["status"] as? Int == 0 && written[1]["_error"] as? String == "Could not connect")
        #expect(written[1]["time"] as? Double == 0)
    }

    @Test func aCutOrBinaryBodySaysSo() throws {
        var exchange = HistoryFixtures.exchange()
        exchange.response?.body = HistoryBody(data: Data([0xFF, 0x00, 0x10]), size: 3)
        exchange.request.body = HistoryBody(data: Data("abc".utf8), size: 10_000, isTruncated: true)
        let entry = try #require(try entries(HistoryHARWriter.archive([exchange])).first)
        let content = try #require((entry["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["encoding"] as? String == "base64" && content["text"] as? String == "/wAQ")
        let post = try #require((entry["request"] as? [String: Any])?["postData"] as? [String: Any])
        #expect(post["comment"] as? String == "history kept 3 of the 10000 bytes")
    }

    @Test func anExportedArchiveImportsBack() throws {
        var create = HistoryFixtures.exchange("/users")
        create.request.method = "POST"
        create.request.headers = [Header("Content-Type", "application/json"), Header("Authorization", "Bearer ••••••"), Header("User-Agent", "apiexplorer/0.1.0")]
        create.request.body = HistoryBody(data: Data(#"{"name":"Ada"}"#.utf8), size: 14)
        let data = HistoryHARWriter.archive([HistoryFixtures.exchange("/users/1?full=yes"), create, HistoryFixtures.exchange("/users/1?full=yes")])
        let result = try HARImporter.importArchive(data, source: "history.har")
        let folder = try #require(result.collection.root.folders.first)
        #expect(result.collection.root.folders.map(\.name) == ["127.0.0.1:9"])
        #expect(folder.requests.map(\.name) == ["GET /users/1", "POST /users"])
        #expect(folder.requests[0].query == [KeyValue("full", "yes")])
        #expect(folder.requests[0].headers == [KeyValue("Accept", "application/json"), KeyValue("X-Trace", "a"), KeyValue("X-Trace", "b")])
        #expect(folder.requests[1].body == .json(#"{"name":"Ada"}"#))
        #expect(folder.requests[1].headers == [KeyValue("Content-Type", "application/json"), KeyValue("Authorization", "Bearer ••••••")])
        #expect(result.report.items.map(\.description) == [
            "log.entries[1]: 'Authorization' holds a masked value (••••••); put the secret back (a secret variable) before sending",
            "log.entries[0]: 1 later entry with the same method and URL collapsed into this one",
        ])
    }
}
