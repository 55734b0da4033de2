import Foundation
import Testing
@testable import ExplorerCore

@Suite("NDJSONParser splits JSON lines and JSON text sequences")
struct NDJSONParserTests {
    @Test func linesSplitOnLFAndCRLFAcrossPieces() {
        var parser = NDJSONParser()
        var got = parser.feed(Array("{\"a\":1}\n{\"b\"".utf8))
        got += parser.feed(Array(":2}\r\n\n  \n{\"c\":3}".utf8))
        #expect(got.map(\.data) == [#"{"a":1}"#, #"{"b":2}"#])
        #expect(parser.finish().map(\.data) == [#"{"c":3}"#])
        #expect(got.allSatisfy { $0.kind == .line })
    }

    @Test func jsonTextSequenceRecordsStartWithRS() {
        var parser = NDJSONParser()
        let got = parser.feed([0x1E] + Array("{\"a\":1}\n".utf8) + [0x1E] + Array("[2]\n".utf8)) + parser.finish()
        #expect(got.map(\.data) == [#"{"a":1}"#, "[2]"])
    }

    @Test(arguments: ["application/x-ndjson", "application/jsonl", "application/json-seq", "Application/X-NDJSON; charset=utf-8"])
    func jsonLineTypesAlwaysStream(type: String) {
        #expect(StreamFormat(contentType: type) == .jsonLines)
        #expect(StreamFormat(contentType: type).alwaysStreams)
    }

    @Test func aCharacterCutBetweenPiecesOfAnotherTypeIsNotSplit() {
        var reader = StreamEventReader(format: .chunks)
        let bytes = Array("né €".utf8)  // é is 2 bytes, € is 3
        var got = reader.read(Data(bytes[0..<2]), time: 0)  // "n" and half of é
        got += reader.read(Data(bytes[2..<5]), time: 0)  // the rest of é, a space, the first byte of €
        got += reader.read(Data(bytes[5...]), time: 0)
        got += reader.finish(time: 0)
        #expect(got.map(\.data) == ["n", "é ", "€"])
        #expect(!got.contains { $0.data.contains("\u{FFFD}") })
        var cut = StreamEventReader(format: .chunks)
        // A stream that ends inside a character still hands over what it had.
        #expect(cut.read(Data([0x61, 0xE2, 0x82]), time: 0).map(\.data) == ["a"])
        #expect(cut.finish(time: 0).count == 1)
    }

    @Test func eventStreamsAlwaysStreamAndOtherTypesOnRequest() {
        #expect(StreamFormat(contentType: "text/event-stream; charset=utf-8") == .serverSentEvents)
        #expect(StreamFormat(contentType: "application/json") == .chunks)
        #expect(!StreamFormat(contentType: nil).alwaysStreams)
    }
}
