import ExplorerCapture
import ExplorerCore
import ExplorerWorkspace
import Foundation
import Testing
import TestSupport

/// Plain `http://` requests through the proxy go upstream on a connection of the proxy's own, kept for the client's
/// next request to the same origin: answers go back as the upstream coded them, streams live, and the record is
/// readable (decoded, with a stream's events).
@Suite("Capture: plain HTTP relayed", .serialized)
struct CapturePlainRelayTests {
    private func start(_ options: CaptureOptions = CaptureOptions(port: 0), log: ExchangeLog, in directory: TempDirectory) async throws -> CaptureProxy {
        let authority = try CaptureAuthority(directory: directory.path + "/proxy")
        return try await CaptureProxy.start(options: options, authority: authority) { log.add($0) }
    }

    @Test func aLargeAnswerGoesThroughWholeAndOnlyItsStartIsKept() async throws {
        let directory = try TempDirectory()
        let large = try FaultServer(routes: ["/large": .largeBody(bytes: 3_000_000)])
        defer { large.stop() }
        let log = ExchangeLog()
        let proxy = try await start(CaptureOptions(port: 0, keptBodyBytes: 1 << 20), log: log, in: directory)
        let answer = try CurlRun.run(["-x", proxy.url, "-o", "/dev/null", "-w", "%{size_download}", large.url("/large").absoluteString])
        #expect(answer.stdout == "3000000", "\(answer.stderr)")
        let exchange = try #require(await log.waitFor(1).first)
        #expect(exchange.response?.data.count == 1 << 20)
        #expect(exchange.response?.byteCount == 3_000_000)
        // History says how large the answer was, and that it keeps only part of it.
        let kept = HistoryExchange.recording(exchange.request, secrets: [], reference: nil, environment: nil, response: exchange.response,
                                             failure: nil, source: "proxy", sentAt: exchange.sentAt)
        #expect(kept.response?.body.size == 3_000_000)
        #expect(kept.response?.body.isTruncated == true)
        await proxy.stop()
    }

    @Test func aClientsRequestsToOneOriginShareOneUpstreamConnection() async throws {
        let directory = try TempDirectory()
        let upstream = try StaleKeepAliveServer(second: .answer)
        defer { upstream.stop() }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let three = try CurlRun.run(["-x", proxy.url, upstream.url("/a").absoluteString, upstream.url("/b").absoluteString,
                                     upstream.url("/c").absoluteString])
        #expect(three.status == 0, "\(three.stderr)")
        #expect(three.stdout == "oneoneone")
        #expect(upstream.connections == 1)
        #expect(await log.waitFor(3).map(\.status) == [200, 200, 200])
        await proxy.stop()
    }

    @Test func aClientConnectionMovesFromOneOriginToAnother() async throws {
        let directory = try TempDirectory()
        let first = try StaleKeepAliveServer(second: .answer)
        let second = try StaleKeepAliveServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntwo", second: .answer)
        defer {
            first.stop()
            second.stop()
        }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let both = try CurlRun.run(["-x", proxy.url, first.url("/a").absoluteString, second.url("/b").absoluteString, first.url("/c").absoluteString])
        #expect(both.stdout == "onetwoone", "\(both.stderr)")
        #expect(await log.waitFor(3).map(\.status) == [200, 200, 200])
        await proxy.stop()
    }

    @Test func anIdleConnectionTheUpstreamResetsUnderAGETIsTriedAgain() async throws {
        let directory = try TempDirectory()
        let upstream = try StaleKeepAliveServer(second: .reset)
        defer { upstream.stop() }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let gets = try CurlRun.run(["-x", proxy.url, upstream.url("/a").absoluteString, upstream.url("/b").absoluteString])
        #expect(gets.stdout == "oneone", "\(gets.stderr)")
        #expect(upstream.connections == 2)
        await proxy.stop()
    }

    @Test func aHEADAnswerWithoutALengthLeavesTheConnectionClean() async throws {
        let directory = try TempDirectory()
        // A HEAD answered as its GET would be: chunked, so no length, and no body.
        let headOnly = try StaleKeepAliveServer(reply: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n", second: .answer)
        let next = try StaleKeepAliveServer(second: .answer)
        defer {
            headOnly.stop()
            next.stop()
        }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let both = try CurlRun.run(["-x", proxy.url, "-I", headOnly.url("/h").absoluteString, "--next", "-x", proxy.url, next.url("/g").absoluteString])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.hasPrefix("HTTP/1.1 200"), "\(both.stdout)")
        #expect(both.stdout.hasSuffix("\r\n\r\none"), "\(both.stdout)")
        await proxy.stop()
    }

    @Test func anHTTP10ClientReadsABodyWithoutALengthToTheEnd() async throws {
        let directory = try TempDirectory()
        let upstream = try FaultServer(routes: ["/closed": .closeDelimited(body: "to the end")])
        defer { upstream.stop() }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let answer = try CurlRun.run(["--http1.0", "--max-time", "5", "-x", proxy.url, upstream.url("/closed").absoluteString])
        #expect(answer.status == 0, "\(answer.stderr)")
        #expect(answer.stdout == "to the end")
        await proxy.stop()
    }

    @Test func anUpstreamSwitchingProtocolsUnaskedAnswers502() async throws {
        let directory = try TempDirectory()
        let upstream = try StaleKeepAliveServer(reply: "HTTP/1.1 101 Switching Protocols\r\nUpgrade: other\r\nConnection: upgrade\r\n\r\n")
        defer { upstream.stop() }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let answer = try CurlRun.run(["-x", proxy.url, "-w", "\n%{http_code}", upstream.url("/x").absoluteString])
        #expect(answer.stdout.hasSuffix("\n502"), "\(answer.stdout)")
        #expect(answer.stdout.contains("switching protocols unasked"), "\(answer.stdout)")
        #expect(await log.waitFor(1).first?.failure?.contains("101") == true)
        await proxy.stop()
    }

    @Test func anIdleConnectionTheUpstreamClosesUnderAGETIsTriedAgainButNotUnderAPOST() async throws {
        let directory = try TempDirectory()
        let upstream = try StaleKeepAliveServer(second: .close)
        defer { upstream.stop() }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        // The second GET goes out on the first one's connection, which the server closes without a word.
        let gets = try CurlRun.run(["-x", proxy.url, upstream.url("/a").absoluteString, upstream.url("/b").absoluteString])
        #expect(gets.stdout == "oneone", "\(gets.stderr)")
        #expect(upstream.connections == 2)
        // A POST may have been acted on: it is not sent twice, the client hears why.
        let post = try CurlRun.run(["-x", proxy.url, "-w", "\n%{http_code}", upstream.url("/a").absoluteString,
                                    "--next", "-x", proxy.url, "-w", "\n%{http_code}", "--data", "x=1", upstream.url("/b").absoluteString])
        #expect(post.stdout.hasPrefix("one\n200"), "\(post.stdout)")
        #expect(post.stdout.hasSuffix("\n502"), "\(post.stdout)")
        #expect(post.stdout.contains("closed the connection without answering"), "\(post.stdout)")
        let exchanges = await log.waitFor(4)
        #expect(exchanges.last?.method == "POST")
        #expect(exchanges.last?.response == nil)
        await proxy.stop()
    }

    @Test func aGzipAnswerGoesBackAsItCameAndIsRecordedDecoded() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let coded = try CurlRun.run(["-x", proxy.url, "-D", "-", "-o", "/dev/null", upstream.url("/gzip").absoluteString])
        #expect(coded.stdout.lowercased().contains("content-encoding: gzip"), "\(coded.stdout)")
        let decoded = try CurlRun.run(["--compressed", "-x", proxy.url, upstream.url("/gzip").absoluteString])
        #expect(decoded.stdout.contains("\"gzipped\":true") || decoded.stdout.contains("\"gzipped\": true"), "\(decoded.stdout)")
        let response = await log.waitFor(2).last?.response
        #expect(response.map { String(decoding: $0.data, as: UTF8.self) } == decoded.stdout)
        #expect(response?.byteCount == decoded.stdout.utf8.count)
        #expect(response?.wireByteCount.map { $0 > 0 && $0 != decoded.stdout.utf8.count } == true)
        await proxy.stop()
        await upstream.stop()
    }

    @Test func anEventStreamGoesThroughAsItComesAndItsEventsAreRecorded() async throws {
        let directory = try TempDirectory()
        let events = try FaultServer(routes: ["/events": .chunkedStream(contentType: "text/event-stream",
                                                                          chunks: ["data: first\n\n", "data: second\n\n"], interval: 0.3)])
        defer { events.stop() }
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        let streamed = try CurlRun.run(["-N", "-x", proxy.url, events.url("/events").absoluteString])
        #expect(streamed.stdout == "data: first\n\ndata: second\n\n", "\(streamed.stderr)")
        let response = await log.waitFor(1).first?.response
        #expect(response?.events?.map(\.data) == ["first", "second"])
        #expect(response?.eventCount == 2)
        await proxy.stop()
    }

    @Test func headersGoUpstreamAsTheClientSentThem() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let log = ExchangeLog()
        let proxy = try await start(log: log, in: directory)
        // The proxy adds no User-Agent or Content-Type of its own, and names the URL's host.
        let echoed = try CurlRun.run(["-x", proxy.url, "-H", "User-Agent:", "-H", "X-Tag: a", upstream.url("/echo").absoluteString])
        let reply = try JSONSerialization.jsonObject(with: Data(echoed.stdout.utf8)) as? [String: Any]
        let headers = (reply?["headers"] as? [[String: String]]) ?? []
        #expect(headers.filter { $0["name"]?.lowercased() == "x-tag" }.map { $0["value"] } == ["a"], "\(headers)")
        #expect(!headers.contains { ["user-agent", "content-type"].contains($0["name"]?.lowercased()) }, "\(headers)")
        #expect(headers.first { $0["name"]?.lowercased() == "host" }?["value"] == "127.0.0.1:\(upstream.port)")

        let head = try CurlRun.run(["-I", "-x", proxy.url, upstream.url("/users/1").absoluteString])
        #expect(head.status == 0, "\(head.stderr)")
        #expect(head.stdout.hasPrefix("HTTP/1.1 200"), "\(head.stdout)")
        let exchanges = await log.waitFor(2)
        #expect(exchanges.last?.method == "HEAD")
        #expect(exchanges.last?.status == 200)
        await proxy.stop()
        await upstream.stop()
    }
}
