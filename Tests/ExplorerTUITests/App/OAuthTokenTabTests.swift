import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

/// The Auth tab of an `oauth2` request: its settings as rows (the client secret masked), the token's state, and f, r
/// and F asking the run loop to fetch, renew or forget the token.
@Suite("OAuth 2.0 in the Auth tab")
struct OAuthTokenTabTests {
    func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    @Test func theTokenIsFetchedRenewedAndForgottenFromTheAuthTab() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .tab, .character("]"), .character("]")], &model)
        #expect(model.requestEditor.tab == .auth)
        // f on a request that is not oauth2 says so and asks nothing.
        #expect(Fixtures.press([.character("f")], &model).isEmpty)
        #expect(model.status == "This request's credentials are not oauth2 (t chooses the kind).")
        Fixtures.press([.character("t")] + Array(repeating: Key.down, count: 7) + [.enter], &model)
        guard case .oauth2? = model.tree.selectedRequestKey.flatMap({ model.requestEditor.edited[$0] })?.auth else {
            Issue.record("not oauth2: \(screen(model))")
            return
        }
        Fixtures.press([.down, .character("i"), .control("u")] + Fixtures.typing("https://idp.test/token") + [.enter, .down, .character("i")]
                       + Fixtures.typing("cli-app") + [.enter, .down, .character("i")] + Fixtures.typing("hunter2") + [.enter], &model)
        let key = model.tree.selectedRequestKey ?? ""
        guard case let .oauth2(settings)? = model.requestEditor.edited[key]?.auth else { Issue.record("edits lost"); return }
        #expect(settings == OAuth2Spec(grant: .clientCredentials, tokenURL: "https://idp.test/token", clientId: "cli-app", clientSecret: "hunter2"))
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Client secret  ••••••") })
        // Back at the top the Token row sits under the kind, where even this small pane shows it.
        Fixtures.press([.up, .up, .up, .up], &model)
        var text = screen(model)
        #expect(text.contains("Token URL") && text.contains("https://idp.test/token") && !text.contains("hunter2"), "\(text)")
        #expect(text.contains("Token          f shows or fetches it, r gets a new one, F forgets it"), "\(text)")

        let effects = Fixtures.press([.character("f")], &model)
        guard case let .oauthToken(tokenKey, resolver, .fetch)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(tokenKey == "Demo/users/get-user#local")
        #expect(resolver.request.auth == .oauth2(settings), "the unsaved settings are the ones used")
        #expect(screen(model).contains("fetching…"))
        _ = model.update(.tokenStateReported(key: tokenKey, state: "expires in 43 min, scopes read write"))
        text = screen(model)
        #expect(text.contains("expires in 43 min, scopes read write"), "\(text)")
        guard case .oauthToken(_, _, .refresh)? = Fixtures.press([.character("r")], &model).first else { Issue.record("no refresh"); return }
        guard case .oauthToken(_, _, .forget)? = Fixtures.press([.character("F")], &model).first else { Issue.record("no forget"); return }
    }
}
