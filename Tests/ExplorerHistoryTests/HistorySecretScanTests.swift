import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// History must never write a credential to disk: requests carrying every kind of secret are sent to real loopback
/// servers that echo them back, recorded, and then the database's raw bytes (and its WAL and shared-memory files)
/// are searched for each secret in every form it travelled in.
@Suite("No secret reaches the history file")
struct HistorySecretScanTests {
    static let secrets = [
        "tok-SECRET-bearer-111", "key-SECRET-apikey-222", "pw-SECRET-basic-333", "cookie-SECRET-444", "literal-SECRET-555",
        "qtok-SECRET-666", "setcookie-SECRET-777", "body SECRET/888+\"é\" & co", "pw-SECRET-userinfo-999", "shopkey-SECRET-000",
    ]

    @Test func everyKindOfSecretIsMaskedInTheRawDatabaseBytes() async throws {
        let server = try await LoopbackServer.start()
        let faults = try FaultServer(routes: ["/login": .respond(status: 200, headers: ["Set-Cookie: sid=setcookie-SECRET-777; Path=/; HttpOnly"],
                                                                 body: "{\"ok\":true}")])
        defer { faults.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: token
                    value: tok-SECRET-bearer-111
                    secret: true
                  - name: apiKey
                    value: key-SECRET-apikey-222
                    secret: true
                  - name: password
                    value: pw-SECRET-basic-333
                    secret: true
                  - name: bodySecret
                    value: 'body SECRET/888+"é" & co'
                    secret: true
                  - name: faults
                    value: \(faults.baseURL.absoluteString)
            """)
        try temp.write("S/bearer.yaml", """
            url: /echo/bearer?access_token=qtok-SECRET-666&plain=1
            headers:
              - name: Cookie
                value: session=cookie-SECRET-444; theme=dark
              - name: X-API-Key
                value: literal-SECRET-555
            auth:
              type: bearer
              token: "{{token}}"
            """)
        try temp.write("S/basic.yaml", """
            method: POST
            url: /echo/basic
            auth:
              type: basic
              username: ada
              password: "{{password}}"
            body:
              type: json
              content: '{"secret": "{{bodySecret}}", "key": "{{apiKey}}"}'
            """)
        try temp.write("S/form.yaml", """
            method: POST
            url: /echo/form
            auth:
              type: apikey
              name: api_key
              value: "{{apiKey}}"
              in: query
            body:
              type: form
              fields:
                - name: password
                  value: "{{password}}"
                - name: note
                  value: "{{bodySecret}} & more"
            """)
        try temp.write("S/userinfo.yaml", "url: \"\(server.baseURL.absoluteString.replacingOccurrences(of: "://", with: "://ada:pw-SECRET-userinfo-999@"))/echo/userinfo\"\n")
        try temp.write("S/custom-key.yaml", "url: /echo/custom\nauth:\n  type: apikey\n  name: X-Shop\n  value: shopkey-SECRET-000\n  in: header\n")
        try temp.write("S/login.yaml", "url: \"{{faults}}/login\"\nauth:\n  type: bearer\n  token: \"{{token}}\"\n")
        try temp.write("S/refused.yaml", "url: \"\(ClosedPort.url().absoluteString)/x?access_token=qtok-SECRET-666\"\nauth:\n  type: bearer\n  token: \"{{token}}\"\n")
        var loader = CollectionLoader()
        loader.readsNestedRequests = true
        let result = CollectionStore(directory: temp.path, loader: loader).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        let path = temp.path + "/history.sqlite"
        let store = try HistoryStore(path: path)
        var echoed = 0
        for slug in ["bearer", "basic", "form", "userinfo", "custom-key", "login", "refused"] {
            let located = try #require(collection.locate([slug]))
            let resolved = try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                               environment: collection.defaultEnvironment, processEnvironment: [:]).resolve()
            do {
                let response = try await resolved.request.send()
                // The echo really carried the secrets back, so the response body is a real test of masking.
                if Self.secrets.contains(where: { response.text.contains($0) }) { echoed += 1 }
                try store.record(.recording(resolved, response: response, failure: nil, source: "test", sentAt: Date()))
            } catch {
                try store.record(.recording(resolved, response: nil, failure: "\(error.localizedDescription) \(resolved.request.url?.absoluteString ?? "")",
                                            source: "test", sentAt: Date()))
            }
        }
        #expect(echoed >= 4, "the echo server should have sent secrets back in the echo bodies")
        #expect(try store.count() == 7)

        let raw = SQLiteFileBytes.read(path)
        #expect(raw.count > 10_000)
        var forms = Self.secrets
        forms.append(Data("ada:pw-SECRET-basic-333".utf8).base64EncodedString())
        forms += Self.secrets.compactMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }
        // The body secret as it travels: form-encoded, in JSON with escaped quotes, in a URL.
        forms += ["body+SECRET%2F888%2B%22%C3%A9%22+%26+co", #"body SECRET/888+\"é\" & co"#, #"body SECRET\/888+\"é\" & co"#, "SECRET/888",
                  Data("ada:pw-SECRET-userinfo-999".utf8).base64EncodedString()]
        for secret in Set(forms) {
            #expect(raw.range(of: Data(secret.utf8)) == nil, "\(secret) is in the history file")
        }
        // `history export --har` writes what history kept, so no secret reaches the archive either.
        let har = HistoryHARWriter.archive(try store.entries().reversed().compactMap { try store.exchange(id: $0.id) })
        #expect(har.count > 5_000)
        for secret in Set(forms) {
            #expect(har.range(of: Data(secret.utf8)) == nil, "\(secret) is in the exported HAR")
        }
        // Masked, not dropped: the exchanges still say what was sent.
        let bearer = try #require(try store.entries(matching: HistoryQuery(reference: "S/bearer")).first)
        let exchange = try #require(try store.exchange(id: bearer.id))
        #expect(exchange.request.headers.contains(Header("Authorization", "Bearer ••••••")))
        #expect(exchange.request.url.contains("plain=1"))
        #expect(exchange.response?.status == 200)
        let login = try #require(try store.latest(reference: "S/login"))
        #expect(login.response?.header("Set-Cookie") == "••••••")
        #expect(try store.latest(reference: "S/refused")?.error != nil)
        await server.stop()
    }
}
