import ExplorerCore
import ExplorerGRPC
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Calls of the four kinds against the loopback gRPC server in TestSupport, over real HTTP/2 on 127.0.0.1.
@Suite struct GRPCCallTests {
    /// What one call received.
    struct Outcome {
        var headers: [(name: String, value: String)] = []
        var replies: [String] = []
        var status = GRPCStatus(code: .unknown)
        var trailers: [(name: String, value: String)] = []
    }

    static func call(_ server: GRPCTestServer, _ method: String, _ messages: [String], metadata: [(name: String, value: String)] = [],
                     timeout: Double? = nil, options: GRPCCallOptions = GRPCCallOptions()) async throws -> Outcome {
        let schema = try GRPCFixture.schema()
        let target = try schema.method(method)
        let connection = try await GRPCConnection.open(to: server.url, options: options)
        defer { connection.close() }
        let call = try await connection.start(path: target.path, metadata: metadata, timeout: timeout)
        for message in messages { call.send(try ProtoMessageEncoder(schema: schema).encode(json: message, as: target.inputType)) }
        call.closeSending()
        var outcome = Outcome()
        for await event in call.events {
            switch event {
            case let .headers(headers): outcome.headers = headers
            case let .message(bytes): outcome.replies.append(try ProtoMessageDecoder(schema: schema).decode(bytes, as: target.outputType).json)
            case let .end(status, trailers): outcome.status = status; outcome.trailers = trailers
            }
        }
        return outcome
    }

    @Test func aUnaryCallSendsMetadataAndTheDeadlineAndReadsHeadersAndTrailers() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let outcome = try await Self.call(server, "shop.v1.Inventory/GetItem", [#"{"id": "it-1"}"#],
                                          metadata: [("authorization", "Bearer t0k"), ("x-request-id", "r-9")], timeout: 5)
        #expect(outcome.status == GRPCStatus(code: .ok))
        #expect(outcome.replies == [#"{"id":"it-1","name":"Mug","priceCents":"1250","color":"RED","tags":["kitchen"],"created":"2024-05-01T12:00:00Z"}"#])
        #expect(outcome.headers.contains { $0 == ("x-echo-request-id", "r-9") })
        #expect(outcome.trailers.contains { $0 == ("x-served-by", "loopback") })
        let seen = try #require(server.log.calls(to: "/shop.v1.Inventory/GetItem").first)
        #expect(seen.metadata["authorization"] == "Bearer t0k" && seen.metadata["grpc-timeout"] == "5000000u")
        #expect(seen.metadata["content-type"] == "application/grpc" && seen.metadata["te"] == "trailers" && seen.messages == 1)
    }

    @Test func aServerStreamArrivesMessageByMessage() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let outcome = try await Self.call(server, "shop.v1.Inventory/ListItems", [#"{"limit": 3, "prefix": "p"}"#])
        #expect(outcome.status.code == .ok)
        #expect(outcome.replies == [
            #"{"id":"p-1","name":"Item 1","rating":1}"#, #"{"id":"p-2","name":"Item 2","rating":2}"#, #"{"id":"p-3","name":"Item 3","rating":3}"#,
        ])
    }

    @Test func aClientStreamIsAnsweredOnceItHalfCloses() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let outcome = try await Self.call(server, "shop.v1.Inventory/AddItems", [#"{"id": "a"}"#, #"{"id": "b"}"#, #"{"id": "c"}"#])
        #expect(outcome.status.code == .ok)
        #expect(outcome.replies == [#"{"added":3,"ids":["a","b","c"]}"#])
    }

    @Test func aBidirectionalStreamAnswersEachMessageBeforeTheNextIsSent() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let schema = try GRPCFixture.schema()
        let connection = try await GRPCConnection.open(to: server.url)
        defer { connection.close() }
        let call = try await connection.start(path: "/shop.v1.Inventory/Chat")
        var events = call.events.makeAsyncIterator()
        var replies: [String] = []
        for text in ["hi", "there"] {
            call.send(try ProtoMessageEncoder(schema: schema).encode(json: "{\"text\": \"\(text)\"}", as: "shop.v1.ChatMessage"))
            while let event = await events.next() {
                if case let .message(bytes) = event {
                    replies.append(try ProtoMessageDecoder(schema: schema).decode(bytes, as: "shop.v1.ChatMessage").json)
                    break
                }
            }
        }
        call.closeSending()
        var status: GRPCStatus?
        while let event = await events.next() { if case let .end(end, _) = event { status = end } }
        #expect(replies == [#"{"text":"echo: hi","seq":1}"#, #"{"text":"echo: there","seq":2}"#])
        #expect(status?.code == .ok)
    }

    @Test func anErrorStatusCarriesItsMessageAndDetails() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let outcome = try await Self.call(server, "shop.v1.Inventory/GetItem", [#"{"id": "missing"}"#])
        #expect(outcome.replies.isEmpty)
        #expect(outcome.status.description == "NOT_FOUND (5): no item missing")
        let details = try #require(outcome.status.details)
        #expect(GRPCStatusDetails.json(details, schema: try GRPCFixture.schema())
            == #"{"code":5,"message":"no item missing","details":[{"@type":"type.googleapis.com/shop.v1.ItemError","id":"missing","reason":"not in the catalogue"}]}"#)
        #expect(GRPCStatusDetails.json(details, schema: nil)?.contains(#""@value":""#) == true)
        let unknown = try await Self.call(server, "shop.v1.Inventory/GetItem", ["{}"])
        #expect(unknown.status.description == "INVALID_ARGUMENT (3): id is required")
    }

    @Test func aDeadlineEndsTheCallAndResetsTheStream() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let started = ContinuousClock.now
        let outcome = try await Self.call(server, "shop.v1.Inventory/GetItem", [#"{"id": "slow"}"#], timeout: 0.3)
        #expect(outcome.status.code == .deadlineExceeded)
        #expect(outcome.status.message.contains("deadline of 0.3 s"))
        #expect(ContinuousClock.now - started < .seconds(2.5))
        try await waitUntil { server.log.calls(to: "/shop.v1.Inventory/GetItem").first?.reset == true }
    }

    @Test func gzipCompressesBothWays() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        var options = GRPCCallOptions()
        options.gzip = true
        let added = try await Self.call(server, "shop.v1.Inventory/AddItems", [#"{"id": "a", "name": "\#(String(repeating: "x", count: 5000))"}"#],
                                        metadata: [("x-reply-encoding", "gzip")], options: options)
        #expect(added.status.code == .ok && added.replies == [#"{"added":1,"ids":["a"]}"#])
        #expect(added.headers.contains { $0 == ("grpc-encoding", "gzip") })
        #expect(server.log.calls(to: "/shop.v1.Inventory/AddItems").first?.metadata["grpc-encoding"] == "gzip")
    }

    @Test func anUnknownMethodIsUnimplementedAndAClosedPortFailsToConnect() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let connection = try await GRPCConnection.open(to: server.url)
        defer { connection.close() }
        let call = try await connection.start(path: "/shop.v1.Inventory/Nope")
        call.closeSending()
        var status: GRPCStatus?
        for await event in call.events { if case let .end(end, _) = event { status = end } }
        #expect(status?.description == "UNIMPLEMENTED (12): unknown method /shop.v1.Inventory/Nope")
        let closed = try #require(URL(string: "grpc://127.0.0.1:\(ClosedPort.find())"))
        let failure = await #expect(throws: GRPCFailure.self) { try await GRPCConnection.open(to: closed) }
        #expect(failure?.description.contains("Could not connect (connectionRefused)") == true, "\(failure?.description ?? "")")
        let notGRPC = await #expect(throws: GRPCFailure.self) { try await GRPCConnection.open(to: URL(string: "http://127.0.0.1:1")!) }
        #expect(notGRPC?.description.contains("is not a gRPC address") == true)
        let reserved = await #expect(throws: GRPCFailure.self) { try await connection.start(path: "/x/y", metadata: [("te", "gzip")]) }
        #expect(reserved?.description.contains("\"te\" is set by the call itself") == true)
    }

    @Test func reflectionFindsTheSchemaOverV1OrV1alphaAndSaysWhenThereIsNone() async throws {
        for mode in [GRPCTestServer.Reflection.v1, .v1alphaOnly] {
            let server = try GRPCTestServer(reflection: mode)
            defer { server.stop() }
            let connection = try await GRPCConnection.open(to: server.url)
            defer { connection.close() }
            let schema = try await GRPCReflection.schema(over: connection)
            #expect(schema.services.map(\.fullName) == ["shop.v1.Inventory"])
            #expect(schema.missingDependencies.isEmpty && schema.messages["google.protobuf.Timestamp"] != nil)
            #expect(try schema.method("shop.v1.Inventory/Chat").kind == "bidirectional streaming")
        }
        let server = try GRPCTestServer(reflection: .none)
        defer { server.stop() }
        let connection = try await GRPCConnection.open(to: server.url)
        defer { connection.close() }
        let failure = await #expect(throws: GRPCFailure.self) { try await GRPCReflection.schema(over: connection) }
        #expect(failure?.description.contains("does not offer reflection") == true, "\(failure?.description ?? "")")
    }

    @Test func grpcsVerifiesTheServerAndNegotiatesHTTP2() async throws {
        let certificates = try TestCertificates()
        let server = try GRPCTestServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        let refused = await #expect(throws: GRPCFailure.self) { try await GRPCConnection.open(to: server.url) }
        #expect(refused?.description.lowercased().contains("certificate") == true, "\(refused?.description ?? "")")
        var options = GRPCCallOptions()
        options.tls.caCertificatesFile = certificates.caCertificate
        let outcome = try await Self.call(server, "shop.v1.Inventory/GetItem", [#"{"id": "it-1"}"#], options: options)
        #expect(outcome.status.code == .ok && outcome.replies.count == 1)
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<200 {
            if condition() { return }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        Issue.record("the condition never held")
    }

    @Test func cancellingAStreamEndsItCancelledAndResetsIt() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let schema = try GRPCFixture.schema()
        let connection = try await GRPCConnection.open(to: server.url)
        defer { connection.close() }
        let call = try await connection.start(path: "/shop.v1.Inventory/ListItems")
        call.send(try ProtoMessageEncoder(schema: schema).encode(json: #"{"limit": 10, "prefix": "slow"}"#, as: "shop.v1.ListItemsRequest"))
        call.closeSending()
        var replies = 0
        var status: GRPCStatus?
        for await event in call.events {
            switch event {
            case .message:
                replies += 1
                call.cancel()
            case let .end(end, _): status = end
            case .headers: break
            }
        }
        #expect(replies == 1 && status?.code == .cancelled && status?.message == "cancelled by the client")
        try await waitUntil { server.log.calls(to: "/shop.v1.Inventory/ListItems").first?.reset == true }
    }

    @Test func aCallGoesThroughAProxysConnectTunnel() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let proxy = try RecordingProxy()
        defer { proxy.stop() }
        var options = GRPCCallOptions()
        options.proxy = proxy.url
        let outcome = try await Self.call(server, "shop.v1.Inventory/ListItems", [#"{"limit": 2}"#], options: options)
        #expect(outcome.status.code == .ok && outcome.replies.count == 2)
        #expect(proxy.requestLines == ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1"])
    }

    @Test func aServerAskingForAClientCertificateGetsTheOneConfigured() async throws {
        let certificates = try TestCertificates()
        let server = try GRPCTestServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey,
                                        clientCAFile: certificates.caCertificate)
        defer { server.stop() }
        var options = GRPCCallOptions()
        options.tls.caCertificatesFile = certificates.caCertificate
        let refused = try? await Self.call(server, "shop.v1.Inventory/GetItem", [#"{"id": "it-1"}"#], options: options)
        #expect(refused?.status.code != .ok)
        options.tls.clientCertificateFile = certificates.clientCertificate
        options.tls.clientKeyFile = certificates.clientKey
        options.tls.clientKeyPassphrase = certificates.clientKeyPassphrase
        let outcome = try await Self.call(server, "shop.v1.Inventory/GetItem", [#"{"id": "it-1"}"#], options: options)
        #expect(outcome.status.code == .ok && outcome.replies.count == 1)
    }

    @Test func aReplyOverTheLimitEndsTheCallBeforeItIsHeldWholeOrInflated() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        var options = GRPCCallOptions()
        options.maxMessageSize = 12
        let plain = try await Self.call(server, "shop.v1.Inventory/ListItems", [#"{"limit": 2}"#], options: options)
        #expect(plain.replies.isEmpty && plain.status.description == "RESOURCE_EXHAUSTED (8): a reply message of 18 bytes is over the limit of 12",
                "\(plain.status)")
        // 5,000 bytes of one letter arrive gzipped in far fewer than the limit: inflating them stops at it.
        options.maxMessageSize = 200
        let id = String(repeating: "x", count: 5000)
        let inflated = try await Self.call(server, "shop.v1.Inventory/AddItems", ["{\"id\": \"\(id)\"}"], metadata: [("x-reply-encoding", "gzip")],
                                           options: options)
        #expect(inflated.replies.isEmpty && inflated.status.description == "RESOURCE_EXHAUSTED (8): a reply message inflates past the limit of 200 bytes",
                "\(inflated.status)")
    }
}
