import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("Sending a kept exchange again")
struct HistoryReplayTests {
    private func resolved(_ temp: TempDirectory, _ slug: String) throws -> ResolvedRequest {
        var loader = CollectionLoader()
        loader.readsNestedRequests = true
        let collection = try #require(CollectionStore(directory: temp.path, loader: loader).load().collection(named: "R"))
        let located = try #require(collection.locate([slug]))
        return try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                   environment: collection.defaultEnvironment, processEnvironment: [:]).resolve()
    }

    private func collection(_ baseURL: URL, token: String) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("R/collection.yaml", """
            name: R
            environments:
              - name: local
                baseURL: \(baseURL.absoluteString)
                variables:
                  - name: token
                    value: \(token)
                    secret: true
            """)
        try temp.write("R/post.yaml", """
            method: POST
            url: /echo/replay?n=1
            headers:
              - name: X-Plain
                value: kept
            auth:
              type: bearer
              token: "{{token}}"
            body:
              type: json
              content: '{"token": "{{token}}", "n": 1}'
            """)
        return temp
    }

    @Test func aReplaySendsTheSameMethodURLHeadersAndBodyWithSecretsFromTheRequestNow() async throws {
        let server = try await LoopbackServer.start()
        let temp = try collection(server.baseURL, token: "tok-replay-123")
        let first = try resolved(temp, "post")
        let response = try await first.request.send()
        let kept = HistoryExchange.recording(first, response: response, failure: nil, source: "test", sentAt: Date())
        #expect(kept.request.body.data == Data(#"{"token": "••••••", "n": 1}"#.utf8))
        let again = try HistoryReplay.request(for: kept, current: try resolved(temp, "post"))
        let replayed = try await again.send()
        // The echo of the replay is the echo of the original: same method, path, query, headers and body.
        struct Echo: Decodable, Equatable {
            struct Field: Decodable, Equatable { var name: String; var value: String }
            var method: String; var path: String; var query: [Field]; var headers: [Field]; var body: String
        }
        let original = try JSONDecoder().decode(Echo.self, from: response.data)
        let repeated = try JSONDecoder().decode(Echo.self, from: replayed.data)
        #expect(repeated == original)
        #expect(repeated.headers.contains(Echo.Field(name: "Authorization", value: "Bearer tok-replay-123")))
        await server.stop()
    }

    @Test func aMaskedValueWithNoRequestToSupplyItIsRefusedByName() throws {
        let temp = try collection(ClosedPort.url(), token: "tok-replay-123")
        let kept = HistoryExchange.recording(try resolved(temp, "post"), response: nil, failure: "refused", source: "test", sentAt: Date())
        #expect(throws: HistoryReplayError.self) { try HistoryReplay.request(for: kept, current: nil) }
        do { _ = try HistoryReplay.request(for: kept, current: nil) } catch {
            #expect(error.description.contains("Authorization") && error.description.contains("no longer exists"))
        }
        // The saved request now sends another body: replaying would not send what was sent.
        try temp.write("R/post.yaml", "method: POST\nurl: /echo/replay?n=1\nheaders:\n  - name: X-Plain\n    value: kept\nauth:\n  type: bearer\n  token: \"{{token}}\"\nbody:\n  type: json\n  content: '{\"token\": \"{{token}}\", \"n\": 2}'\n")
        let now = try resolved(temp, "post")
        do { _ = try HistoryReplay.request(for: kept, current: now) } catch {
            #expect(error.description.contains("body"))
            return
        }
        Issue.record("a changed body was replayed")
    }

    @Test func aBuiltInDemoExchangeFromAnEarlierRunGoesToThisRunsDemo() async throws {
        // The earlier run's demo kept the exchange, then went away with its process (and its port).
        let earlier = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("R/collection.yaml", """
            name: R
            environments:
              - name: demo
                baseURL: builtin:demo
                variables:
                  - name: token
                    value: tok-demo-123
                    secret: true
            """)
        try temp.write("R/post.yaml", "method: POST\nurl: /echo/replay?n=1\nauth:\n  type: bearer\n  token: \"{{token}}\"\n")
        var loader = CollectionLoader()
        loader.readsNestedRequests = true
        let collection = try #require(CollectionStore(directory: temp.path, loader: loader).load().collection(named: "R"))
        let located = try #require(collection.locate(["post"]))
        func resolver(_ demo: URL) -> RequestResolver {
            RequestResolver(collection: collection, folders: located.folders, request: located.request,
                            environment: collection.defaultEnvironment, demoBaseURL: demo, processEnvironment: [:])
        }
        let first = try resolver(earlier.baseURL).resolve()
        let response = try await first.request.send()
        let kept = HistoryExchange.recording(first, response: response, failure: nil, source: "test", sentAt: Date())
        await earlier.stop()

        let now = try await LoopbackServer.start()
        let again = try HistoryReplay.request(for: kept, current: try resolver(now.baseURL).resolve(), demoBaseURL: now.baseURL)
        #expect(again.url?.port == Int(now.port) && again.url?.path == "/echo/replay" && again.url?.query == "n=1")
        let replayed = try await again.send()
        #expect(replayed.statusCode == 200 && replayed.text.contains("Bearer tok-demo-123"))
        #expect(await now.hits("/echo/replay") == 1)
        // A URL that is not on loopback is never moved.
        #expect(HistoryReplay.movingLoopback("https://api.example.com/x", to: now.baseURL) == "https://api.example.com/x")
        await now.stop()
    }

    @Test func anExchangeWithoutSecretsReplaysOnItsOwnAndACutBodyIsRefused() throws {
        var exchange = HistoryFixtures.exchange()
        let request = try HistoryReplay.request(for: exchange, current: nil)
        #expect(request.httpMethod == "GET" && request.url?.absoluteString == exchange.request.url)
        #expect(request.headers.fields.map(\.value) == ["application/json", "a", "b"])
        exchange.request.body = HistoryBody(data: Data("abc".utf8), size: 9_000_000, isTruncated: true)
        #expect(throws: HistoryReplayError.self) { try HistoryReplay.request(for: exchange, current: nil) }
    }

    @Test func aDigestOrSigV4RequestReplaysWithItsCredentialsWorkedOutAgain() async throws {
        let aws = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "sk-SECRET-replay", region: "us-east-1", service: "execute-api")
        let server = try CredentialServer(username: "ada", password: "pw-SECRET-replay", aws: aws)
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("R/collection.yaml", "name: R\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("R/digest.yaml", "url: /digest/echo\nauth:\n  type: digest\n  username: ada\n  password: pw-SECRET-replay\n")
        try temp.write("R/aws.yaml", """
            url: /aws/echo
            auth:
              type: aws
              accessKey: AKIDEXAMPLE
              secretKey: sk-SECRET-replay
              region: us-east-1
              service: execute-api
            """)
        for slug in ["digest", "aws"] {
            let first = try resolved(temp, slug)
            let response = try await first.request.send()
            let kept = HistoryExchange.recording(first, response: response, failure: nil, source: "test", sentAt: Date())
            // History keeps the credential as it went out, masked; replaying works it out again rather than refusing.
            #expect(kept.request.headers.contains { $0.name.lowercased() == "authorization" && $0.value.hasSuffix(" ••••••") })
            let again = try HistoryReplay.request(for: kept, current: try resolved(temp, slug))
            let replayed = try await again.send()
            #expect(response.statusCode == 200 && replayed.statusCode == 200, "\(slug): \(replayed.statusCode) \(replayed.text)")
        }
    }

    /// A load run is kept as the request (secrets masked) with the summary as its answer, and is not sent again.
    @Test func aLoadRunIsKeptWithItsSummaryAndNeverReplayed() throws {
        let temp = try collection(URL(string: "http://127.0.0.1:9")!, token: "tok-secret")
        let sent = try resolved(temp, "post")
        let kept = HistoryExchange.recording(loadRunOf: sent, summary: "200 requests in 2.00 s, 100.0/s\n", elapsed: 2, source: "load", sentAt: Date())
        #expect(kept.request.method == "LOAD" && kept.source == "load" && kept.response?.status == 0 && kept.response?.duration == 2)
        #expect(String(decoding: kept.response?.body.data ?? Data(), as: UTF8.self) == "200 requests in 2.00 s, 100.0/s\n")
        #expect(!kept.request.headers.contains { $0.value.contains("tok-secret") } && kept.request.url.contains("/echo/replay"))
        #expect(throws: HistoryReplayError.self) { try HistoryReplay.request(for: kept, current: sent) }
    }
}
