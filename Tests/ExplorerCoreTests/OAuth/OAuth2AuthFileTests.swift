@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// The `oauth2` auth kind in files: read with every key, inherited from the collection, refused with the file and line
/// when a grant's key is missing or a value is wrong, written back unchanged, and never exported with a token.
@Suite("OAuth 2.0 settings in collection files")
struct OAuth2AuthFileTests {
    static let collection = """
        name: Mini
        auth:
          type: oauth2
          grant: client_credentials
          tokenURL: "{{baseURL}}/token"
          clientId: cli-app
          clientSecret: "{{clientSecret}}"
          scope: read write
          audience: https://api.example
          clientAuth: body
          parameters:
            - name: resource
              value: https://api.example/v2
        environments:
          - name: local
            baseURL: http://127.0.0.1:1
            verifyTLS: false
            variables:
              - name: clientSecret
                value: s3cr3t-CLIENT
                secret: true
        """

    @Test func everyKeyIsReadAndARequestInheritsTheCollections() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", Self.collection)
        try temp.write("Mini/list.yaml", "url: /api/list\n")
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "Mini"))
        guard case let .oauth2(spec) = collection.root.auth else { Issue.record("\(collection.root.auth)"); return }
        #expect(spec == OAuth2Spec(grant: .clientCredentials, tokenURL: "{{baseURL}}/token", clientId: "cli-app",
                                   clientSecret: "{{clientSecret}}", scope: "read write", audience: "https://api.example",
                                   clientAuth: .body, parameters: [KeyValue("resource", "https://api.example/v2")]))
        let located = try #require(collection.locate(["list"]))
        let state = temp.path("state")
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.environment(named: "local"),
                                       processEnvironment: ["APIEXPLORER_STATE_DIR": state])
        // Resolved to send: a preview leaves the credential as it was.
        resolver.inputs.isSending = true
        let resolved = try resolver.resolve()
        guard case let .oauth2(credential)? = resolved.request.authentication else { Issue.record("not oauth2"); return }
        #expect(credential.settings.tokenURL == "http://127.0.0.1:1/token")
        #expect(credential.settings.clientSecret == "s3cr3t-CLIENT")
        #expect(credential.cache.directory == state + "/oauth")
        // The token endpoint is reached as the API is: the environment's TLS setting, no cookies of the API.
        #expect(credential.endpoint.configuration.verifiesTLSCertificates == false)
        #expect(credential.endpoint.configuration.cookieJar == nil)
        #expect(resolved.secretValues.contains("s3cr3t-CLIENT"))
    }

    @Test func aMissingKeyOrAWrongValueNamesTheFileAndLine() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/nourl.yaml", "url: /x\nauth:\n  type: oauth2\n  grant: client_credentials\n  clientId: a\n")
        try temp.write("Mini/grant.yaml", "url: /x\nauth:\n  type: oauth2\n  grant: implicit\n  tokenURL: http://h/t\n")
        try temp.write("Mini/device.yaml", "url: /x\nauth:\n  type: oauth2\n  grant: device_code\n  tokenURL: http://h/t\n  clientId: a\n")
        try temp.write("Mini/clientauth.yaml", "url: /x\nauth:\n  type: oauth2\n  grant: password\n  tokenURL: http://h/t\n  username: u\n  clientAuth: header\n")
        try temp.write("Mini/port.yaml", "url: /x\nauth:\n  type: oauth2\n  grant: authorization_code\n  tokenURL: http://h/t\n"
                       + "  authorizationURL: http://h/a\n  clientId: a\n  redirectPort: 70000\n")
        try temp.write("Mini/odd.yaml", "url: /x\nauth:\n  type: oauth2\n  grant: client_credentials\n  tokenURL: http://h/t\n  clientId: a\n  scopes: x\n")
        let result = temp.load()
        func messages(_ file: String) -> [String] { result.problems(in: file).map { "\($0.location.line):\($0.message)" } }
        #expect(messages("nourl.yaml") == ["3:missing 'tokenURL' in oauth2 auth with grant client_credentials"])
        #expect(messages("grant.yaml") == ["4:unknown grant 'implicit' in oauth2 auth; expected client_credentials, authorization_code, "
                                           + "device_code, password, refresh_token"])
        #expect(messages("device.yaml") == ["3:missing 'deviceAuthorizationURL' in oauth2 auth with grant device_code"])
        #expect(messages("clientauth.yaml") == ["7:expected 'clientAuth' to be basic or body, found 'header'"])
        #expect(messages("port.yaml") == ["8:expected 'redirectPort' to be a port number from 1 to 65535, found '70000'"])
        let odd = result.problems(in: "odd.yaml")
        #expect(odd.count == 1 && odd.first?.isWarning == true && odd.first?.message.contains("did you mean 'scope'") == true, "\(odd)")
    }

    @Test func editedSettingsAreWrittenBackAndReadAgain() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/me.yaml", "url: /me\n")
        let result = temp.load()
        let request = try #require(result.request("Mini/me"))
        let original = try #require(FileManager.default.contents(atPath: request.file))
        var edited = request
        edited.auth = .oauth2(OAuth2Spec(grant: .password, tokenURL: "http://h/token", clientId: "cli", clientSecret: "{{secret}}",
                                         username: "ada", password: "{{password}}", redirectPort: 8765,
                                         parameters: [KeyValue("tenant", "t1")]))
        _ = try CollectionStore.save(edited, over: request, original: original)
        let text = String(decoding: try #require(FileManager.default.contents(atPath: request.file)), as: UTF8.self)
        #expect(text == """
            url: /me
            auth:
              type: oauth2
              grant: password
              tokenURL: "http://h/token"
              clientId: cli
              clientSecret: "{{secret}}"
              username: ada
              password: "{{password}}"
              redirectPort: 8765
              parameters:
                - name: tenant
                  value: t1

            """)
        #expect(temp.load().request("Mini/me") == edited)
    }

    @Test func onlyACurlExportAskedForSecretsCarriesTheToken() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", Self.collection)
        try temp.write("Mini/list.yaml", "url: /api/list\n")
        let collection = try #require(temp.load().collection(named: "Mini"))
        let located = try #require(collection.locate(["list"]))
        let resolved = try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                           environment: collection.environment(named: "local"),
                                           processEnvironment: ["APIEXPLORER_STATE_DIR": temp.path("state")]).resolve()
        guard case let .oauth2(credential)? = resolved.request.authentication else { Issue.record("not oauth2"); return }
        credential.keep(OAuth2Token(accessToken: "at-SECRET-export", refreshToken: "rt-SECRET-export", expiresAt: Date().addingTimeInterval(600)))
        defer { credential.forget() }
        let exporter = RequestExporter()
        let curl = exporter.export(resolved, as: .curl)
        #expect(curl.contains("-H 'Authorization: Bearer ••••••'"), "\(curl)")
        #expect(exporter.export(resolved, as: .http).contains("Authorization: Bearer ••••••"))
        #expect(exporter.export(resolved, as: .swift).contains(".bearer(token: \"••••••\")"))
        // A curl command asked for secrets is one to run, so it carries the token held; nothing else ever does.
        let revealed = RequestExporter(showSecrets: true).export(resolved, as: .curl)
        #expect(revealed.contains("-H 'Authorization: Bearer at-SECRET-export'"), "\(revealed)")
        #expect(!revealed.contains("rt-SECRET-export") && !revealed.contains("s3cr3t-CLIENT"))
        for format in [ExportFormat.curl, .http, .swift] {
            let shown = format == .curl ? "" : RequestExporter(showSecrets: true).export(resolved, as: format)
            let text = shown + exporter.export(resolved, as: format)
            for secret in ["at-SECRET-export", "rt-SECRET-export", "s3cr3t-CLIENT"] {
                #expect(!text.contains(secret), "\(format) export shows \(secret)")
            }
        }
    }

    @Test func theS256ChallengeIsRFC7636sExample() {
        // Computed independently with Python: base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b'=').
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFEjXk") == "xA8dyjki1YGZYMbK8DLc9Q0nYEOtHAkZwrzoN1FZNVs")
        #expect(PKCE.challenge(for: "abc") == "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0")
        let fresh = PKCE()
        #expect(fresh.verifier.count == 43 && !fresh.verifier.contains("=") && fresh.verifier != PKCE().verifier)
    }
}
