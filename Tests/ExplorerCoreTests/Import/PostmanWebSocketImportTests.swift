@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// Postman WebSocket requests where an export holds them: a v2.1 request to a ws(s):// URL with its `messages`, and
/// the `ws-raw-request` items of Postman's newer format; what has no equivalent is reported with its JSON path.
@Suite("Importing Postman WebSocket requests")
struct PostmanWebSocketImportTests {
    func chat() throws -> ImportResult {
        try PostmanImporter.importCollection(try ImportFixtures.data("chat.postman_collection.json"), source: "chat.json")
    }

    func request(_ result: ImportResult, _ name: String) -> RequestSpec? {
        result.collection.root.requests.first { $0.name == name }
    }

    @Test func aV21RequestToAWebSocketURLBecomesAWebSocketRequest() throws {
        let result = try chat()
        let room = try #require(request(result, "Room"))
        #expect(room.method == "WS" && room.isWebSocket)
        #expect(room.url == "wss://chat.example.com/rooms/{{room}}" && room.query == [KeyValue("v", "2")])
        #expect(room.headers == [KeyValue("Authorization", "Bearer {{token}}")], "the client writes its own key; the protocols move")
        #expect(room.protocols == ["chat.v2", "chat.v1"])
        #expect(room.messages == [SavedMessage(name: "message 1", format: .text, content: "ping"),
                                  SavedMessage(name: "hello", format: .text, content: "hello {{user}}"),
                                  SavedMessage(name: "order", format: .json, content: "{\"id\": 7}"),
                                  SavedMessage(name: "raw", format: .base64, content: "AAEC/w==")])
        let echo = try #require(request(result, "Echo body"))
        #expect(echo.method == "WS" && echo.body == .none)
        #expect(echo.messages == [SavedMessage(name: "body", format: .json, content: "{\"echo\": true}")])
    }

    @Test func aRawWebSocketItemOfTheNewerFormatIsReadFromItsPayload() throws {
        let result = try chat()
        let ticker = try #require(request(result, "Ticker"))
        #expect(ticker.method == "WS" && ticker.url == "wss://ticker.example.com/feed")
        #expect(ticker.query == [KeyValue("symbol", "BTC")] && ticker.headers == [KeyValue("X-Key", "{{apiKey}}")])
        #expect(ticker.verifyTLS == false && ticker.timeout == 5)
        #expect(ticker.messages == [SavedMessage(name: "subscribe", format: .json, content: "{\"op\": \"sub\"}")])
    }

    @Test func whatCannotBeConvertedIsReportedWithItsJSONPath() throws {
        let report = try chat().report.items.map(\.description)
        #expect(report.contains { $0.hasPrefix("Room: a message (item[0].request.messages[3]) has no text") }, "\(report)")
        #expect(report.contains("Room: header 'Sec-WebSocket-Key' is written by the WebSocket client itself; not imported"), "\(report)")
        #expect(report.contains { $0.hasPrefix("Ticker: a message (item[2].children[1].payload) has no text") }, "\(report)")
        #expect(report.contains { $0.hasPrefix("Ticker: setting 'retryCount'") }, "\(report)")
        #expect(report.contains("Events: a Postman 'ws-socketio-request' item (item[3]) is not supported; not imported"), "\(report)")
        #expect(try chat().collection.root.requests.map(\.name) == ["Room", "Echo body", "Ticker"])
    }

    /// Written out and loaded back, the requests keep their protocols and messages.
    @Test func theWrittenFilesLoadBackTheSame() throws {
        let result = try chat()
        let room = try #require(request(result, "Room"))
        let text = try CollectionYAML.request(room)
        #expect(text.contains("protocols:") && text.contains("messages:"), "\(text)")
        let temp = try TempCollections()
        try temp.write("Chat/collection.yaml", "name: Chat\n")
        try temp.write("Chat/room.yaml", text)
        let loaded = temp.load()
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let back = try #require(loaded.request("Chat/room"))
        #expect(back.protocols == room.protocols && back.messages == room.messages && back.method == "WS")
    }
}
