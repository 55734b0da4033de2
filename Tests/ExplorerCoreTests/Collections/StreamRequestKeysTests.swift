@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("The stream and streamIdleTimeout request keys")
struct StreamRequestKeysTests {
    @Test func theResolverSetsTheStreamConfiguration() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/s.yaml", "url: /x\nstream: true\nstreamIdleTimeout: 3\n")
        let result = temp.load()
        let collection = try #require(result.collections.first)
        let request = try #require(result.request("Mini/s"))
        let resolved = try RequestResolver(collection: collection, folders: [], request: request, environment: collection.environments.first,
                                           processEnvironment: [:]).resolve()
        #expect(resolved.request.configuration.streamsEveryResponse)
        #expect(resolved.request.configuration.streamIdleTimeout == 3)
    }

    @Test func theKeysAreWrittenBackAsRead() {
        var request = RequestSpec(name: "s", slug: "s", url: "/x")
        request.stream = true
        request.streamIdleTimeout = 2.5
        #expect(request.fileLines(for: "stream") == ["stream: true"])
        #expect(request.fileLines(for: "streamIdleTimeout") == ["streamIdleTimeout: 2.5"])
        #expect(request.changedKeys(from: RequestSpec(name: "s", slug: "s", url: "/x")) == ["stream", "streamIdleTimeout"])
    }

    /// A message added in the explorer is saved into `messages:`; the rest of the file, comments included, stays.
    @Test func aNewSavedMessageIsWrittenIntoTheFileAndReadsBack() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let text = """
        # the chat socket
        url: ws://127.0.0.1/chat
        protocols:
          - chat.v2
        messages:
          - name: hello
            text: hi
        """
        try temp.write("Mini/chat.yaml", text + "\n")
        let saved = try #require(temp.load().request("Mini/chat"))
        #expect(saved.protocols == ["chat.v2"] && saved.messages.count == 1)
        var edited = saved
        edited.messages.append(SavedMessage(name: "order", format: .json, content: "{\"buy\": 2,\n \"sym\": \"X\"}"))
        #expect(edited.changedKeys(from: saved) == ["messages"])
        let data = try CollectionStore.save(edited, over: saved, original: Data((text + "\n").utf8))
        let written = String(decoding: data, as: UTF8.self)
        #expect(written.hasPrefix("# the chat socket\nurl: ws://127.0.0.1/chat\nprotocols:\n  - chat.v2\n"), "\(written)")
        #expect(written.contains("  - name: order\n    json: |-\n      {\"buy\": 2,\n       \"sym\": \"X\"}"), "\(written)")
        try temp.write("Mini/chat.yaml", written)
        let read = try #require(temp.load().request("Mini/chat"))
        #expect(read.messages == edited.messages && read.protocols == ["chat.v2"])
    }
}
