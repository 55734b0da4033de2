import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// Digest and SigV4 sent for real, over both transports, to a loopback server that issues Digest challenges and
/// checks every answer, and that recomputes each SigV4 signature from the bytes that arrived.
@Suite("Digest and SigV4 against a loopback server that checks them")
struct CredentialSendingTests {
    static let aws = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                                    sessionToken: "session-tok-1", region: "us-east-1", service: "execute-api")
    static let digest = Authentication.digest(username: "Mufasa", password: "Circle of Life")
    static let transports: [TransportKind] = [.swiftNIO, .urlSession]

    func request(_ url: URL, _ auth: Authentication, transport: TransportKind = .swiftNIO, sessions: DigestSessions = DigestSessions()) -> Request {
        var request = Request(.get, url: url).withAuthentication(auth)
        request.configuration.transport = transport
        request.configuration.digestSessions = sessions
        return request
    }

    @Test(arguments: transports)
    func digestIsAnsweredOnceThenItsNonceIsReused(transport: TransportKind) async throws {
        let server = try CredentialServer(username: "Mufasa", password: "Circle of Life", aws: Self.aws)
        defer { server.stop() }
        let sessions = DigestSessions()
        let get = request(server.url("/digest/dir/index.html?a=1&b=x%20y"), Self.digest, transport: transport, sessions: sessions)
        let first = try await get.send()
        #expect(first.statusCode == 200 && first.text == "digest ok")
        #expect(server.log.map(\.status) == [401, 200], "\(server.log.map(\.verdict))")
        // SHA-256 is offered first, so it is the one answered.
        let answer = server.log.last?.request.headers["authorization"] ?? ""
        #expect(answer.contains("algorithm=SHA-256") && answer.contains("nc=00000001") && !answer.contains("Circle of Life"))
        // The next request to the origin answers the same nonce with the next count: no second 401.
        let second = try await get.send()
        #expect(second.statusCode == 200)
        let post = try await request(server.url("/digest/upload"), Self.digest, transport: transport, sessions: sessions)
            .withMethod(.post).withBody(.text("hello"))
            .send()
        #expect(post.statusCode == 200)
        #expect(server.log.map(\.status) == [401, 200, 200, 200], "\(server.log.map(\.verdict))")
        #expect(server.log[3].request.headers["authorization"]?.contains("nc=00000003") == true)
    }

    @Test func aWrongPasswordIsAnsweredOnceAndThe401ComesBack() async throws {
        let server = try CredentialServer(username: "Mufasa", password: "Circle of Life", aws: Self.aws)
        defer { server.stop() }
        let response = try await request(server.url("/digest/x"), .digest(username: "Mufasa", password: "wrong")).send()
        #expect(response.statusCode == 401 && response.text.contains("wrong response"))
        #expect(server.log.map(\.status) == [401, 401])
    }

    @Test func aNonceTheServerForgotIsAnsweredAgainWithANewOne() async throws {
        let server = try CredentialServer(username: "Mufasa", password: "Circle of Life", algorithms: [.md5Session], qop: "auth-int",
                                          aws: Self.aws)
        defer { server.stop() }
        let sessions = DigestSessions()
        let post = request(server.url("/digest/items"), Self.digest, sessions: sessions).withMethod(.post).withBody(.text("{\"a\": 1}"))
        #expect(try await post.send().statusCode == 200)
        server.forgetNonces()
        #expect(try await post.send().statusCode == 200)
        #expect(server.log.map(\.verdict) == ["no credentials", "accepted", "stale nonce", "accepted"])
        #expect(server.log[1].request.headers["authorization"]?.contains("algorithm=MD5-sess") == true)
        #expect(server.log[1].request.headers["authorization"]?.contains("qop=auth-int") == true)
    }

    @Test(arguments: transports)
    func sigV4IsAcceptedByAServerThatRecomputesIt(transport: TransportKind) async throws {
        let server = try CredentialServer(username: "u", password: "p", aws: Self.aws)
        defer { server.stop() }
        var get = request(server.url("/aws/items/a%20b?b=2&a=x%20y&a=1"), .aws(Self.aws), transport: transport)
            .settingHeader("X-Custom", "  spaced   value ").settingHeader("Accept", "application/json")
        // 2015-08-30 12:36:00 UTC, as the signing clock is injected.
        get.configuration.clock = { Date(timeIntervalSince1970: 1_440_938_160) }
        let response = try await get.send()
        #expect(response.statusCode == 200, "\(response.text)")
        let arrived = try #require(server.log.first?.request)
        #expect(arrived.headers["x-amz-date"] == "20150830T123600Z")
        #expect(arrived.headers["x-amz-security-token"] == "session-tok-1")
        #expect(arrived.headers["authorization"]?.contains("SignedHeaders=accept;host;x-amz-date;x-amz-security-token;x-custom,") == true)
        var post = request(server.url("/aws/items"), .aws(Self.aws), transport: transport).withMethod(.post).withBody(.text("{\"n\": 1}"))
        post.configuration.clock = { Date(timeIntervalSince1970: 1_440_938_160) }
        #expect(try await post.send().statusCode == 200)
        #expect(server.log.map(\.verdict) == ["accepted", "accepted"])
    }

    @Test func eachRedirectHopAndEachRetryIsSignedAfresh() async throws {
        let server = try CredentialServer(username: "u", password: "p", aws: Self.aws)
        defer { server.stop() }
        let ticks = CallCounter()
        var redirected = request(server.url("/aws/redirect"), .aws(Self.aws))
        // Each signing a second later, so a hop or attempt that reused the last signature would show.
        let clock: @Sendable () -> Date = {
            ticks.increment()
            return Date(timeIntervalSince1970: 1_440_938_160 + Double(ticks.value))
        }
        redirected.configuration.clock = clock
        let response = try await redirected.send()
        #expect(response.statusCode == 200 && response.text == "signature ok")
        var flaky = request(server.url("/aws/flaky"), .aws(Self.aws))
        flaky.configuration.clock = clock
        flaky.configuration.retryPolicy = RetryPolicy(maxRetries: 2, initialDelay: 0.01)
        let retried = try await flaky.send()
        #expect(retried.statusCode == 200 && retried.attempts == 2)
        #expect(server.log.map(\.status) == [302, 200, 503, 200])
        #expect(server.log.map(\.verdict) == ["accepted", "accepted", "accepted", "accepted"])
        #expect(server.log.map { $0.request.headers["x-amz-date"] ?? "" }
            == ["20150830T123601Z", "20150830T123602Z", "20150830T123603Z", "20150830T123604Z"])
    }

    @Test func aWrongSecretIsRefusedAndCredentialsStayWithTheirOrigin() async throws {
        let server = try CredentialServer(username: "u", password: "p", aws: Self.aws)
        defer { server.stop() }
        var wrong = Self.aws
        wrong.secretKey = "not-the-secret"
        #expect(try await request(server.url("/aws/x"), .aws(wrong)).send().statusCode == 403)
        // A redirect to another origin carries neither a signature nor a Digest answer there.
        let faults = try FaultServer(routes: ["/go": .redirect(to: server.url("/aws/target").absoluteString),
                                              "/go-digest": .redirect(to: server.url("/digest/target").absoluteString)])
        defer { faults.stop() }
        #expect(try await request(faults.url("/go"), .aws(Self.aws)).send().statusCode == 403)
        #expect(try await request(faults.url("/go-digest"), Self.digest).send().statusCode == 401)
        let crossed = server.log.dropFirst()
        #expect(crossed.count == 2 && crossed.allSatisfy { $0.request.headers["authorization"] == nil })
        #expect(crossed.allSatisfy { $0.request.headers["x-amz-security-token"] == nil })
    }
}
