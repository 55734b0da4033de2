import Foundation
import Testing
@testable import ExplorerCore

@Suite("ServerSentEventParser follows the WHATWG event stream rules")
struct ServerSentEventParserTests {
    /// Every event `text` gives when fed whole, then ended.
    func events(_ text: String) -> [StreamEvent] {
        var parser = ServerSentEventParser()
        return parser.feed(Array(text.utf8)) + parser.finish()
    }

    /// Every event `bytes` gives when fed one byte at a time: no rule may depend on where the pieces were cut.
    func eventsByteByByte(_ bytes: [UInt8]) -> [StreamEvent] {
        var parser = ServerSentEventParser()
        return bytes.flatMap { parser.feed([$0]) } + parser.finish()
    }

    @Test func dataEventAndIDFields() {
        let got = events("event: update\nid: 7\ndata: {\"n\": 1}\n\n")
        #expect(got == [StreamEvent(kind: .serverSent, event: "update", id: "7", data: #"{"n": 1}"#)])
    }

    @Test func anEventWithoutATypeIsAMessage() {
        #expect(events("data: hi\n\n").map(\.event) == ["message"])
    }

    @Test func multiLineDataIsJoinedByLineFeeds() {
        #expect(events("data: one\ndata: two\ndata:\ndata: four\n\n").map(\.data) == ["one\ntwo\n\nfour"])
    }

    @Test func onlyOneLeadingSpaceIsRemovedFromAValue() {
        #expect(events("data:  two spaces\ndata:none\n\n").map(\.data) == [" two spaces\nnone"])
    }

    @Test func aFieldWithoutAColonHasAnEmptyValue() {
        #expect(events("data\n\ndata\ndata\n\n").map(\.data) == ["", "\n"])
    }

    @Test func commentsAreIgnored() {
        #expect(events(": keep-alive\ndata: a\n: another\n\n:\n\n").map(\.data) == ["a"])
    }

    @Test(arguments: ["\n", "\r", "\r\n"])
    func linesEndInLFCROrCRLF(ending: String) {
        let text = ["event: e", "data: 1", "", "data: 2", "", ""].joined(separator: ending)
        #expect(events(text).map(\.data) == ["1", "2"])
        #expect(eventsByteByByte(Array(text.utf8)).map(\.data) == ["1", "2"])
    }

    @Test func aCRLFCutBetweenPiecesEndsOneLine() {
        var parser = ServerSentEventParser()
        let first = parser.feed(Array("data: a\r".utf8))
        // Were the LF a line end of its own, it would be a blank line and dispatch "a" alone.
        let second = parser.feed(Array("\ndata: b\r\n\r\n".utf8))
        #expect(first.isEmpty)
        #expect(second.map(\.data) == ["a\nb"])
    }

    @Test func aLeadingBOMIsSkippedEvenWhenCut() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)
        #expect(eventsByteByByte(bytes).map(\.data) == ["x"])
        var parser = ServerSentEventParser()
        #expect(parser.feed(bytes).first?.data == "x")
        // Only at the very start: a second BOM is part of the field name, which is then unknown.
        #expect(events("\u{FEFF}\u{FEFF}data: y\n\n").isEmpty)
    }

    @Test func theEventIsDispatchedOnTheEmptyLineOnly() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: a\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)).map(\.data) == ["a"])
    }

    @Test func aFinalEventWithoutItsBlankLineIsDropped() {
        #expect(events("data: kept\n\ndata: dropped\n").map(\.data) == ["kept"])
        #expect(events("data: kept\n\ndata: dropped").map(\.data) == ["kept"])
    }

    @Test func anEventWithNoDataIsNotDispatched() {
        #expect(events("event: ping\n\nid: 3\n\n").isEmpty)
    }

    @Test func theLastEventIDCarriesOverAndAnEmptyIDClearsIt() {
        let got = events("id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n")
        #expect(got.map(\.id) == ["1", "1", nil])
    }

    @Test func anIDWithNULIsIgnored() {
        #expect(events("id: 5\n\nid: 6\u{0}\ndata: a\n\n").map(\.id) == ["5"])
    }

    @Test func retryTakesOnlyDigits() {
        var parser = ServerSentEventParser()
        _ = parser.feed(Array("retry: 1500\n\n".utf8))
        #expect(parser.retry == 1500)
        _ = parser.feed(Array("retry: 2s\nretry: -1\nretry:\n\n".utf8))
        #expect(parser.retry == 1500)
    }

    @Test func theEventTypeDoesNotCarryOver() {
        #expect(events("event: a\ndata: 1\n\ndata: 2\n\n").map(\.event) == ["a", "message"])
    }

    @Test func unknownFieldsAreIgnored() {
        #expect(events("foo: bar\ndata: a\nDATA: b\n\n").map(\.data) == ["a"])
    }

    @Test func eventsCarryTheTimeTheirBlankLineArrived() {
        var parser = ServerSentEventParser()
        _ = parser.feed(Array("data: a\n".utf8), time: 1)
        #expect(parser.feed(Array("\n".utf8), time: 2.5).map(\.time) == [2.5])
    }
}
