import Foundation
import Testing
@testable import ExplorerCore

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
}
