@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// The `wait:` and `expectMessages:` keys that end a WebSocket request's conversation in `send` and `run`.
@Suite("The wait and expectMessages request keys")
struct WebSocketEndKeysTests {
    @Test func theKeysAreReadAndWrittenBackAsRead() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/chat.yaml", "method: WS\nurl: /chat\nwait: 1.5\nexpectMessages: 3\n")
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let request = try #require(result.request("Mini/chat"))
        #expect(request.wait == 1.5 && request.expectedMessages == 3)
        #expect(request.fileLines(for: "wait") == ["wait: 1.5"])
        #expect(request.fileLines(for: "expectMessages") == ["expectMessages: 3"])
        var bare = request
        bare.wait = nil
        bare.expectedMessages = nil
        #expect(request.changedKeys(from: bare) == ["wait", "expectMessages"])
    }

    @Test func aCountThatIsNotAWholeNumberAboveZeroIsALocatedError() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/zero.yaml", "method: WS\nurl: /\nexpectMessages: 0\n")
        try temp.write("Mini/late.yaml", "method: WS\nurl: /\nwait: soon\n")
        let result = temp.load()
        let zero = try #require(result.problems(in: "Mini/zero.yaml").first)
        #expect(zero.location.line == 3 && zero.message == "expected 'expectMessages' to be a whole number of messages, at least 1, found '0'",
                "\(zero)")
        let late = try #require(result.problems(in: "Mini/late.yaml").first)
        #expect(late.location.line == 3 && late.message == "expected 'wait' to be a number of seconds, found 'soon'", "\(late)")
    }

    /// An edit made in the explorer keeps a `wait:` or `expectMessages:` changed in the file meanwhile.
    @Test func aKeyChangedOutsideIsKeptByAMerge() {
        let base = RequestSpec(name: "chat", slug: "chat", method: "WS", url: "/chat")
        var ours = base
        ours.url = "/room"
        var theirs = base
        theirs.wait = 2
        theirs.expectedMessages = 4
        let merged = RequestMerge.merge(ours: ours, base: base, theirs: theirs)
        #expect(merged.url == "/room" && merged.wait == 2 && merged.expectedMessages == 4)
    }
}
