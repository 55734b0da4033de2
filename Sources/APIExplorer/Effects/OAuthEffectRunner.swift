import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the Auth tab's token effects off the UI: the request resolved as it would be sent, its OAuth 2.0 token
/// fetched, renewed or forgotten, and the token's state posted back. An interactive grant's prompt goes to the status
/// line (a device code is copied too); the browser opens when there is a display.
enum OAuthEffectRunner {
    /// Starts `effect` if it is a token effect.
    static func start(_ effect: AppEffect, inbox: MessageInbox, pipeline: SendPipeline) {
        guard case let .oauthToken(key, resolver, operation) = effect else { return }
        Task.detached {
            let resolved: ResolvedRequest
            do throws(SendFailure) {
                resolved = try await pipeline.resolve(resolver)
            } catch {
                inbox.post(.tokenStateReported(key: key, state: "not fetched: \(error.description)"))
                return
            }
            guard case let .oauth2(credential)? = resolved.request.authentication else { return }
            if operation == .forget {
                credential.forget()
                inbox.post(.tokenStateReported(key: key, state: "forgotten"))
                inbox.post(.reported(.tokenForgotten))
                return
            }
            let interaction = OAuth2Interaction(opensBrowser: BrowserLauncher.hasDisplay()) { prompt in
                // The Token row keeps what to do in view; the status line goes on to say what was copied.
                inbox.post(.tokenStateReported(key: key, state: "waiting: " + prompt.text))
                inbox.post(.reported(.tokenPrompt(prompt)))
                if case let .enterCode(userCode, _, _) = prompt { inbox.post(.copyReady(text: userCode, what: "the device code")) }
                if case let .openURL(url, false) = prompt { inbox.post(.copyReady(text: url, what: "the authorization URL")) }
            }
            do throws(OAuth2Error) {
                let token: OAuth2Token
                if operation == .refresh {
                    token = try await credential.renewed(interaction: interaction)
                } else {
                    token = try await credential.validToken(interaction: interaction)
                }
                let state = OAuth2TokenState.summary(token)
                inbox.post(.tokenStateReported(key: key, state: state))
                inbox.post(.reported(.tokenHeld(summary: state)))
            } catch {
                let text = SecretMasker(secrets: credential.settings.secretValues).mask(error.description)
                inbox.post(.tokenStateReported(key: key, state: "failed: \(text)"))
                inbox.post(.reported(.tokenFailed(reason: text)))
            }
        }
    }
}
