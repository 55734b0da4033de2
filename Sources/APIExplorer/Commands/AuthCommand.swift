import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// `apiexplorer auth REF`: fetches, refreshes, forgets or prints the OAuth 2.0 token a saved request sends.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Fetch the OAuth 2.0 token a saved request sends, and print its state (or the token).",
        discussion: """
            Uses the token cached for the collection and environment while it is fresh, else refreshes it, else obtains \
            one with the request's grant: client_credentials, password and refresh_token need no one; \
            authorization_code opens the browser (or prints the URL when there is no display) and waits for the \
            redirect to 127.0.0.1; device_code prints the code to enter and the URL, and polls. Tokens are kept in \
            the state directory's oauth folder ($APIEXPLORER_STATE_DIR, else $XDG_STATE_HOME/apiexplorer; 0600). Prints `oauth2 GRANT: expires in 43 min, scopes read write` on \
            stderr; with --print-token the access token alone goes to stdout, for a script. Exit codes: 0 a token is \
            held; 1 collection error or the request has no oauth2 auth; 2 no token could be had (the token endpoint's \
            error is printed as it wrote it, e.g. `invalid_client: …`).
            """
    )

    @Argument(help: "The request: collection/folder/request, as shown by `apiexplorer list`.", completion: ShellCompletion.references)
    var reference: String

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment (default: the config file's for the collection, else the collection's default).", completion: ShellCompletion.environments)
    var env: String?

    @OptionGroup var config: ConfigOptions

    @OptionGroup var requestOptions: RequestOptions
    @OptionGroup var trust: TrustOptions

    @Flag(name: .long, help: "Print the access token on stdout (nothing else goes there).")
    var printToken = false

    @Flag(name: .long, help: "Get a new token even if the cached one is fresh (refreshed, or obtained again).")
    var refresh = false

    @Flag(name: .long, help: "Forget the cached token and do nothing else.")
    var forget = false

    func run() async throws {
        let configFile = try config.load()
        // The file's clipboard tool copies a device code.
        _ = config.apply(configFile)
        let result = try options.load(about: reference)
        let target = try RequestReference.find(reference, in: result)
        let environment = try ConfigOptions.environment(env, for: target, in: configFile)
        // Getting a token is a send: what the collection is trusted with is read, and nothing else.
        let prompter = TerminalPrompter()
        // A token is all this command gets: no cookies are sent or kept.
        let context = SendContext(cookies: CookieJars(policy: .disabled))
        var resolver = target.resolver(environment: environment, options: requestOptions, demoBaseURL: nil, context: context)
        resolver.inputs.isSending = true
        resolver.inputs.prompter = prompter
        do { resolver.inputs.trust = try TrustGate(trustsAll: trust.trustsAll, prompter: prompter).grant(for: resolver) } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(error.exitCode)
        }
        let resolved = try target.resolve(resolver)
        guard case let .oauth2(credential)? = resolved.request.authentication else {
            StandardError.write("error: \(reference) does not use oauth2 auth (it uses \(target.resolver(environment: environment, options: requestOptions, demoBaseURL: nil, context: context).effectiveAuth.typeName))")
            throw ExitCode(.failed)
        }
        if forget {
            credential.forget()
            StandardError.write("oauth2 \(credential.settings.grant.rawValue): token forgotten")
            return
        }
        let interaction = OAuth2Interaction(opensBrowser: BrowserLauncher.hasDisplay()) { prompt in
            // The code is typed on another device; on the clipboard it can be pasted into a message or a browser there.
            guard case let .enterCode(userCode, _, _) = prompt else { return StandardError.write(prompt.text) }
            let how = Clipboard.copyWithTool(userCode) ?? (isatty(STDERR_FILENO) == 1 ? Clipboard.copy(userCode) { osc in
                StandardError.writeRaw(osc)
            } : nil)
            StandardError.write(prompt.text + (how.map { " (the code is copied, with \($0))" } ?? ""))
        }
        let token: OAuth2Token
        do throws(OAuth2Error) {
            if refresh {
                token = try await credential.renewed(interaction: interaction)
            } else {
                token = try await credential.validToken(interaction: interaction)
            }
        } catch {
            StandardError.write("error: \(SecretMasker(secrets: credential.settings.secretValues).mask(error.description))")
            throw ExitCode(.trouble)
        }
        StandardError.write(OAuth2TokenState.text(token, grant: credential.settings.grant))
        if printToken { StandardOutput.write(Array((token.accessToken + "\n").utf8)) }
    }
}
