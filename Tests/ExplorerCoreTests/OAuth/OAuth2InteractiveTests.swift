import Foundation
import TestSupport
import Testing
@testable import ExplorerCore

/// The interactive grants against a loopback OAuth server, the test acting as the browser or the person: the
/// authorization code flow with PKCE S256 and its loopback redirect (state checked), and the device code flow's
/// polling (authorization_pending, slow_down, expired_token).
@Suite("OAuth 2.0 authorization code and device code flows")
struct OAuth2InteractiveTests {
    /// What the prompts showed, in order.
    final class Prompts: @unchecked Sendable {
        private let lock = NSLock()
        private var shown: [OAuth2Prompt] = []
        func add(_ prompt: OAuth2Prompt) { lock.withLock { shown.append(prompt) } }
        var all: [OAuth2Prompt] { lock.withLock { shown } }
    }

    /// Does what a browser does with the authorization URL: asks the server, and follows its redirect to the loopback
    /// listener, with `tamper` applied to the redirect first.
    static func browse(_ url: String, tamper: @escaping @Sendable (String) -> String = { $0 }) {
        Task {
            let answer = try await Request(.get, urlString: url).configured { $0.followRedirects = false }.send()
            guard let location = answer.urlResponse.value(forHTTPHeaderField: "Location") else { return }
            _ = try await Request(.get, urlString: tamper(location)).send()
        }
    }

    func codeSettings(_ server: OAuthServer, port: Int? = nil) -> OAuth2Spec {
        OAuth2Spec(grant: .authorizationCode, tokenURL: server.url("/token"), authorizationURL: server.url("/authorize"),
                   clientId: server.clientId, scope: "read profile", redirectPort: port)
    }

    @Test func theCodeComesBackToTheLoopbackAndIsExchangedWithTheVerifier() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        let prompts = Prompts()
        let credential = OAuth2Credential(settings: codeSettings(server), key: "code", cache: OAuth2TokenCache(directory: temp.path))
        let interaction = OAuth2Interaction(opensBrowser: true, patience: 10, show: prompts.add) { url in
            Self.browse(url)
            return true
        }
        let token = try await credential.validToken(interaction: interaction)
        #expect(token.accessToken.hasPrefix("at-") && token.refreshToken != nil)
        let call = try #require(server.tokenCalls.last)
        #expect(call.grant == "authorization_code" && call.status == 200 && call.fields["code_verifier"]?.count == 43)
        #expect(call.fields["redirect_uri"]?.hasPrefix("http://127.0.0.1:") == true && call.fields["client_id"] == server.clientId)
        guard case let .openURL(url, opened)? = prompts.all.first else { Issue.record("\(prompts.all)"); return }
        #expect(opened && url.hasPrefix(server.url("/authorize?")) && url.contains("code_challenge_method=S256"))
        #expect(url.contains("scope=read%20profile") && url.contains("state="))
        // The next request uses the cached token and asks no one.
        #expect(try await credential.validToken().accessToken == token.accessToken)
    }

    @Test func withoutADisplayTheURLIsShownAndTheNamedPortIsUsed() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        let free = try OAuth2RedirectListener(port: 0).port
        let credential = OAuth2Credential(settings: codeSettings(server, port: free), key: "port", cache: OAuth2TokenCache(directory: temp.path))
        let interaction = OAuth2Interaction(opensBrowser: false, patience: 10, show: { prompt in
            // The person copies the URL into a browser elsewhere.
            if case let .openURL(url, opened: false) = prompt { Self.browse(url) }
        }, openBrowser: { _ in
            Issue.record("a browser was opened without a display")
            return false
        })
        _ = try await credential.validToken(interaction: interaction)
        #expect(server.tokenCalls.last?.fields["redirect_uri"] == "http://127.0.0.1:\(free)/callback")
    }

    @Test func aRedirectWithAnotherStateIsRefused() async throws {
        let server = try OAuthServer()
        let temp = try TempDirectory()
        let credential = OAuth2Credential(settings: codeSettings(server), key: "state", cache: OAuth2TokenCache(directory: temp.path))
        let interaction = OAuth2Interaction(opensBrowser: true, patience: 10, show: { _ in }) { url in
            Self.browse(url) { location in
                location.replacingOccurrences(of: "&state=", with: "&state=forged")
            }
            return true
        }
        do {
            try await credential.validToken(interaction: interaction)
            Issue.record("a forged state was accepted")
        } catch {
            #expect(error.description.contains("state does not match"), "\(error.description)")
        }
        #expect(!server.tokenCalls.contains { $0.grant == "authorization_code" }, "the code was not used")
    }

    @Test func theDeviceFlowShowsTheCodeAndPollsUntilApproved() async throws {
        let server = try OAuthServer(deviceInterval: 1)
        let temp = try TempDirectory()
        let prompts = Prompts()
        let settings = OAuth2Spec(grant: .deviceCode, tokenURL: server.url("/token"), deviceAuthorizationURL: server.url("/device"),
                                  clientId: server.clientId)
        let credential = OAuth2Credential(settings: settings, key: "device", cache: OAuth2TokenCache(directory: temp.path))
        var interaction = OAuth2Interaction(opensBrowser: false, patience: 20, show: { prompt in
            prompts.add(prompt)
            // The server first asks the client to slow down; the person approves once a poll found it still pending.
            server.demandSlowDown()
            Task {
                while !server.devicePolls.contains("authorization_pending") { try await Task.sleep(nanoseconds: 20_000_000) }
                server.approveDevice()
            }
        })
        interaction.slowDownStep = 0.5
        let token = try await credential.validToken(interaction: interaction)
        #expect(token.accessToken.hasPrefix("at-"))
        #expect(prompts.all == [.enterCode(userCode: "WDJB-MJHT", verificationURL: server.url("/device/verify"),
                                           completeURL: server.url("/device/verify?user_code=WDJB-MJHT"))])
        #expect(server.devicePolls.first == "slow_down" && server.devicePolls.last == "ok", "\(server.devicePolls)")
        #expect(server.devicePolls.contains("authorization_pending"), "\(server.devicePolls)")
        #expect(!server.devicePolls.dropFirst().contains("slow_down"), "the slower interval was kept: \(server.devicePolls)")
    }

    @Test func anExpiredDeviceCodeEndsTheWait() async throws {
        let server = try OAuthServer(deviceInterval: 1)
        let temp = try TempDirectory()
        let settings = OAuth2Spec(grant: .deviceCode, tokenURL: server.url("/token"), deviceAuthorizationURL: server.url("/device"),
                                  clientId: server.clientId)
        let credential = OAuth2Credential(settings: settings, key: "expired", cache: OAuth2TokenCache(directory: temp.path))
        let interaction = OAuth2Interaction(opensBrowser: false, patience: 20, show: { _ in server.expireDevice() })
        await #expect(throws: OAuth2Error.notApproved("the code WDJB-MJHT expired before it was approved")) {
            try await credential.validToken(interaction: interaction)
        }
    }
}
