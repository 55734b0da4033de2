import Foundation

extension OAuth2Credential {
    /// The first token of an interactive grant: the authorization code flow with PKCE, or the device code flow.
    func interactiveToken(now: Date, interaction: OAuth2Interaction) async throws(OAuth2Error) -> OAuth2Token {
        throw .needsInteraction(settings.grant)
    }
}
