import Foundation
import TestSupport
import Testing
@testable import ExplorerCore

/// Tokens from a real loopback OAuth server: each grant, the client authenticated both ways, the cache (0600, reused,
/// per environment), refresh before expiry and once after a 401, and the endpoint's errors as it wrote them.
@Suite("OAuth 2.0 tokens against a loopback token server")
struct OAuth2TokenTests {
    /// The credentials this test's requests share, as a send context's are shared.
    let credentials = OAuth2Credentials()

    /// A request to `path` on `server` with `settings`, its tokens cached in `state`.
    func request(_ server: OAuthServer, _ path: String, _ settings: OAuth2Spec, state: String, scope: String = "test#local") -> Request {
        let credential = credentials.credential(settings: settings, scope: scope + "#" + state, cache: OAuth2TokenCache(directory: state))
        return Request(.get, urlString: server.url(path)).withAuthentication(.oauth2(credential))
    }

    func clientCredentials(_ server: OAuthServer, auth: OAuth2ClientAuthentication = .basic) -> OAuth2Spec {
        OAuth2Spec(grant: .clientCredentials, tokenURL: server.url("/token"), clientId: server.clientId, clientSecret: server.clientSecret,
                   scope: "read write", audience: "https://api.example", clientAuth: auth, parameters: [KeyValue("resource", "r1")])
    }

    @Test func clientCredentialsWithABasicHeaderAreCachedInAPrivateFile() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        let state = temp.path + "/oauth"
        let get = request(server, "/api/items", clientCredentials(server), state: state)
        #expect(try await get.send().statusCode == 200)
        #expect(try await get.send().statusCode == 200)
        let calls = server.tokenCalls
        #expect(calls.count == 1, "the second request reuses the token")
        #expect(calls.first?.grant == "client_credentials" && calls.first?.clientAuth == "basic")
        #expect(calls.first?.fields["scope"] == "read write" && calls.first?.fields["audience"] == "https://api.example")
        #expect(calls.first?.fields["resource"] == "r1" && calls.first?.fields["client_secret"] == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(files.count == 1)
        let file = state + "/" + (files.first ?? "")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let raw = try #require(FileManager.default.contents(atPath: file))
        #expect(raw.range(of: Data(server.clientSecret.utf8)) == nil, "the client secret is not cached")
        #expect(raw.range(of: Data((server.apiTokens.first ?? "-").utf8)) != nil, "the token is")
        // Another process (a new credential, same key and cache) finds the token on disk and asks for none.
        guard case let .oauth2(shared)? = get.authentication else { return }
        let again = OAuth2Credential(settings: shared.settings, key: shared.key, cache: OAuth2TokenCache(directory: state))
        #expect(again.currentToken?.accessToken == server.apiTokens.first)
    }

    @Test func clientCredentialsInTheBodyAndAnotherEnvironmentGetsItsOwnToken() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        let settings = clientCredentials(server, auth: .body)
        #expect(try await request(server, "/api/a", settings, state: temp.path, scope: "test#dev").send().statusCode == 200)
        #expect(try await request(server, "/api/a", settings, state: temp.path, scope: "test#prod").send().statusCode == 200)
        #expect(server.tokenCalls.map(\.clientAuth) == ["body", "body"])
        #expect(server.tokenCalls.first?.fields["client_secret"] == server.clientSecret)
        #expect(Set(server.apiTokens).count == 2)
    }

    @Test func thePasswordGrantIsRefreshedBeforeItExpires() async throws {
        // 30 s of life is inside the refresh margin: each send refreshes first.
        let server = try OAuthServer(tokenLifetime: 30)
        let temp = try TempDirectory()
        let settings = OAuth2Spec(grant: .password, tokenURL: server.url("/token"), clientId: server.clientId,
                                  clientSecret: server.clientSecret, username: server.username, password: server.password)
        let get = request(server, "/api/me", settings, state: temp.path)
        #expect(try await get.send().statusCode == 200)
        #expect(try await get.send().statusCode == 200)
        #expect(server.tokenCalls.map(\.grant) == ["password", "refresh_token"])
        #expect(server.tokenCalls.last?.fields["scope"] == nil, "a refresh keeps what was granted")
        #expect(server.tokenCalls.map(\.status) == [200, 200])
        #expect(Set(server.apiTokens).count == 2)
    }

    @Test func a401RenewsTheTokenOnceAndSendsTheRequestAgain() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        let settings = OAuth2Spec(grant: .password, tokenURL: server.url("/token"), clientId: server.clientId,
                                  clientSecret: server.clientSecret, username: server.username, password: server.password)
        let get = request(server, "/api/me", settings, state: temp.path)
        #expect(try await get.send().statusCode == 200)
        server.revokeAccessTokens()
        let response = try await get.send()
        #expect(response.statusCode == 200)
        #expect(server.tokenCalls.map(\.grant) == ["password", "refresh_token"])
        #expect(server.apiTokens.count == 3 && server.apiTokens[1] == server.apiTokens[0] && server.apiTokens[2] != server.apiTokens[1])
        // Refresh tokens revoked too: the refresh is refused and the grant asked again.
        server.revokeAccessTokens()
        server.revokeRefreshTokens()
        #expect(try await get.send().statusCode == 200)
        #expect(server.tokenCalls.map(\.grant) == ["password", "refresh_token", "refresh_token", "password"])
    }

    @Test func anotherClientSecretOrPasswordGetsItsOwnTokenAndTheKeyNeverHoldsThem() throws {
        let temp = try TempDirectory()
        let cache = OAuth2TokenCache(directory: temp.path)
        let first = OAuth2Spec(grant: .password, tokenURL: "http://127.0.0.1:9/token", clientId: "app", clientSecret: "secret-one-xyz",
                               username: "ada", password: "pass-one-xyz")
        var otherSecret = first
        otherSecret.clientSecret = "secret-two-xyz"
        var otherPassword = first
        otherPassword.password = "pass-two-xyz"
        let keys = [first, otherSecret, otherPassword].map { credentials.credential(settings: $0, scope: "c#e", cache: cache).key }
        #expect(Set(keys).count == 3)
        #expect(Set(keys.map(cache.path(for:))).count == 3)
        for key in keys { #expect(!key.contains("-one-xyz") && !key.contains("-two-xyz")) }
        // The same settings find the same token again.
        #expect(credentials.credential(settings: first, scope: "c#e", cache: cache).key == keys[0])
    }

    @Test func aRefusedTokenIsReplacedOnceOrThe401Stands() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        let credential = credentials.credential(settings: clientCredentials(server), scope: "x#" + temp.path,
                                                cache: OAuth2TokenCache(directory: temp.path))
        let get = Request(.get, urlString: server.url("/api/none")).withAuthentication(.oauth2(credential))
        // A token the server never issued (no expiry given, so it looks fresh) is refused once, then a real one fetched.
        credential.keep(OAuth2Token(accessToken: "at-made-up"))
        #expect(try await get.send().statusCode == 200)
        #expect(server.apiTokens.first == "at-made-up" && server.apiTokens.count == 2)
        // With a client the server refuses, no token can be had: the 401 is the answer.
        let bad = credentials.credential(settings: OAuth2Spec(grant: .clientCredentials, tokenURL: server.url("/token"), clientId: "cli-app",
                                                              clientSecret: "wrong"), scope: "y#" + temp.path,
                                         cache: OAuth2TokenCache(directory: temp.path))
        bad.keep(OAuth2Token(accessToken: "at-stale"))
        let refused = try await Request(.get, urlString: server.url("/api/x")).withAuthentication(.oauth2(bad)).send()
        #expect(refused.statusCode == 401, "no token could be had: the 401 is the answer")
        #expect(server.apiTokens.suffix(1) == ["at-stale"], "sent once, not again")
    }

    @Test func tokenEndpointErrorsAreShownAsTheServerWroteThem() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        var settings = clientCredentials(server)
        settings.clientSecret = "wrong"
        do {
            _ = try await request(server, "/api/x", settings, state: temp.path).send()
            Issue.record("sent without a token")
        } catch {
            #expect(error.description.contains("invalid_client: client authentication failed"), "\(error.description)")
        }
        let password = OAuth2Spec(grant: .password, tokenURL: server.url("/token"), clientId: server.clientId,
                                  clientSecret: server.clientSecret, username: "ada", password: "nope")
        let credential = OAuth2Credential(settings: password, key: "k", cache: OAuth2TokenCache(directory: temp.path))
        await #expect(throws: OAuth2Error.endpoint(code: "invalid_grant", description: "wrong user name or password", status: 400)) {
            try await credential.validToken()
        }
        let unreachable = OAuth2Credential(settings: OAuth2Spec(grant: .clientCredentials, tokenURL: "http://127.0.0.1:9/token", clientId: "a"),
                                           key: "u", cache: OAuth2TokenCache(directory: temp.path))
        do {
            try await unreachable.validToken()
            Issue.record("a token from nowhere")
        } catch {
            #expect(error.description.hasPrefix("the token endpoint could not be reached"), "\(error.description)")
        }
        let interactive = OAuth2Credential(settings: OAuth2Spec(grant: .deviceCode, tokenURL: server.url("/token"), clientId: "a"),
                                           key: "d", cache: OAuth2TokenCache(directory: temp.path))
        await #expect(throws: OAuth2Error.needsInteraction(.deviceCode)) { try await interactive.validToken() }
    }

    @Test func aTokenResponseOverOneMegabyteIsRefusedAndNotCached() async throws {
        // A valid token, padded past the limit: a hostile endpoint would make every run keep megabytes in memory and on disk.
        let padding = String(repeating: "p", count: 2 << 20)
        let body = #"{"access_token": "at-huge", "token_type": "Bearer", "padding": "\#(padding)"}"#
        let server = try FaultServer(routes: ["/token": .respond(status: 200, headers: ["Content-Type: application/json"], body: body)])
        defer { server.stop() }
        let temp = try TempDirectory()
        let settings = OAuth2Spec(grant: .clientCredentials, tokenURL: server.url("/token").absoluteString, clientId: "a")
        let credential = OAuth2Credential(settings: settings, key: "huge", cache: OAuth2TokenCache(directory: temp.path))
        do {
            try await credential.validToken()
            Issue.record("a token of \(body.count) bytes was accepted")
        } catch {
            #expect(error.description.contains("1.0 MB"), "the limit is named: \(error.description)")
        }
        #expect(credential.currentToken == nil)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: temp.path)) ?? []).isEmpty, "nothing cached")
    }

    @Test func theRefreshTokenGrantStartsFromTheFilesToken() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        // A password token gives the server a refresh token to accept.
        let seed = OAuth2Credential(settings: OAuth2Spec(grant: .password, tokenURL: server.url("/token"), clientId: server.clientId,
                                                         clientSecret: server.clientSecret, username: server.username, password: server.password),
                                    key: "seed", cache: OAuth2TokenCache(directory: temp.path))
        let refresh = try #require(try await seed.validToken().refreshToken)
        let settings = OAuth2Spec(grant: .refreshToken, tokenURL: server.url("/token"), clientId: server.clientId,
                                  clientSecret: server.clientSecret, refreshToken: refresh)
        #expect(try await request(server, "/api/x", settings, state: temp.path).send().statusCode == 200)
        #expect(server.tokenCalls.last?.grant == "refresh_token" && server.tokenCalls.last?.fields["refresh_token"] == refresh)
    }
}
