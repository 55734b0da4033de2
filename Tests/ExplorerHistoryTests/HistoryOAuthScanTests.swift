import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// An OAuth token goes on the wire in a header history never sees, but a server may echo it: a request sent with a
/// token from a loopback OAuth server that echoes it, recorded, and the database's and the token cache's raw bytes
/// searched for the token, the refresh token, the client secret and the password.
@Suite("No OAuth token or client secret reaches the history file")
struct HistoryOAuthScanTests {
    @Test func tokensAndClientSecretsAreMaskedInTheRawBytes() async throws {
        let server = try OAuthServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            auth:
              type: oauth2
              grant: password
              tokenURL: \(server.url("/token"))
              clientId: \(server.clientId)
              clientSecret: "{{clientSecret}}"
              username: \(server.username)
              password: \(server.password)
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: clientSecret
                    value: \(server.clientSecret)
                    secret: true
            """)
        try temp.write("S/echo.yaml", "url: /api/echo\n")
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader()).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        let located = try #require(collection.locate(["echo"]))
        let state = temp.path + "/state"
        let resolved = try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                           environment: collection.defaultEnvironment,
                                           processEnvironment: ["APIEXPLORER_STATE_DIR": state]).resolve()
        let response = try await resolved.request.send()
        #expect(response.statusCode == 200, "\(response.text)")
        guard case let .oauth2(credential)? = resolved.request.authentication, let token = credential.currentToken,
              let refresh = token.refreshToken else { Issue.record("no token"); return }
        // The server really echoed the token, so finding none on disk means it was masked.
        #expect(response.text.contains(token.accessToken))
        let path = temp.path + "/history.sqlite"
        let store = try HistoryStore(path: path)
        try store.record(.recording(resolved, response: response, failure: nil, source: "test", sentAt: Date()))
        let raw = SQLiteFileBytes.read(path)
        for secret in [token.accessToken, refresh, server.clientSecret, server.password] {
            #expect(raw.range(of: Data(secret.utf8)) == nil, "\(secret) is in the history file")
        }
        let kept = try #require(try store.latest(reference: "S/echo"))
        #expect(kept.response.map { String(decoding: $0.body.data, as: UTF8.self) } == "{\"you sent\":\"••••••\"}")
        // The cache holds the tokens (that is what it is for) but not the secrets they were obtained with.
        var cached = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: state + "/oauth") {
            cached += try #require(FileManager.default.contents(atPath: state + "/oauth/" + name))
        }
        #expect(cached.range(of: Data(token.accessToken.utf8)) != nil)
        for secret in [server.clientSecret, server.password] {
            #expect(cached.range(of: Data(secret.utf8)) == nil, "\(secret) is in the token cache")
        }
    }
}
