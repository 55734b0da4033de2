@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing
import TestSupport

/// What sending keeps between requests belongs to a `SendContext` its owner hands to each resolver, not to the
/// process: two contexts never share cookies or tokens, and a preview reads no token cache.
@Suite("A send context owns cookie jars, tokens and Digest sessions")
struct SendContextTests {
    /// A resolver for `request` in the collection at `temp`, sending (or previewing) with `context`.
    func resolver(_ temp: TempCollections, _ request: String, context: SendContext, sending: Bool = true) throws -> RequestResolver {
        let collection = try #require(temp.load().collection(named: "Mini"))
        let located = try #require(collection.locate([request]))
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.environment(named: "local"),
                                       processEnvironment: ["APIEXPLORER_STATE_DIR": temp.path("state")])
        resolver.inputs.context = context
        resolver.inputs.isSending = sending
        return resolver
    }

    @Test func aCookieIsSentBackWithinItsContextAndNeverByAnother() async throws {
        let server = try FaultServer(routes: [
            "/login": .respond(status: 200, headers: ["Set-Cookie: session=abc; Path=/"], body: "in"),
            "/me": .respond(status: 200, headers: [], body: "me"),
        ])
        defer { server.stop() }
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\nenvironments:\n  - name: local\n    baseURL: \(server.url("/").absoluteString.dropLast())\n")
        try temp.write("Mini/login.yaml", "url: /login\n")
        try temp.write("Mini/me.yaml", "url: /me\n")
        let mine = SendContext()
        let theirs = SendContext()
        _ = try await resolver(temp, "login", context: mine).resolve().request.send()
        _ = try await resolver(temp, "me", context: theirs).resolve().request.send()
        #expect(server.requests(to: "/me").last?.headers["cookie"] == nil)
        _ = try await resolver(temp, "me", context: mine).resolve().request.send()
        #expect(server.requests(to: "/me").last?.headers["cookie"] == "session=abc")
        // The same jar is handed out within a context; resolving made no file (cookies in memory by default).
        let jar = try #require(try resolver(temp, "me", context: mine).resolve().request.configuration.cookieJar)
        #expect(jar === mine.cookies.jar(collection: temp.path("Mini"), environment: "local", keepsSessionCookies: false))
        #expect(jar.file == nil)
    }

    @Test func aPreviewReadsNoTokenCacheAndASendDoes() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", """
            name: Mini
            auth:
              type: oauth2
              grant: client_credentials
              tokenURL: http://127.0.0.1:1/token
              clientId: cli-app
              clientSecret: s3cr3t-CLIENT
            environments:
              - name: local
                baseURL: http://127.0.0.1:1
            """)
        try temp.write("Mini/list.yaml", "url: /list\n")
        // A token another run left in the cache (the key and cache found through a context of its own).
        let earlier = SendContext()
        guard case let .oauth2(left)? = try resolver(temp, "list", context: earlier, sending: false).resolve().request.authentication else {
            Issue.record("not oauth2")
            return
        }
        try left.cache.store(OAuth2Token(accessToken: "at-from-disk-42"), for: left.key)
        let context = SendContext()
        let preview = try resolver(temp, "list", context: context, sending: false).resolve()
        #expect(preview.secretValues.contains("s3cr3t-CLIENT"))
        #expect(!preview.secretValues.contains("at-from-disk-42"))
        let sent = try resolver(temp, "list", context: context).resolve()
        #expect(sent.secretValues.contains("at-from-disk-42"))
        // Each context has its own credential object, so a token one fetches is not another's until it is on disk.
        guard case let .oauth2(mine)? = sent.request.authentication else { return }
        #expect(mine !== left)
    }

    @Test func resolversOfOneContextShareItsDigestSessions() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/list.yaml", "url: /list\n")
        let context = SendContext()
        let first = try resolver(temp, "list", context: context).resolve()
        let second = try resolver(temp, "list", context: context).resolve()
        #expect(first.request.configuration.digestSessions === context.digestSessions)
        #expect(second.request.configuration.digestSessions === context.digestSessions)
        #expect(try resolver(temp, "list", context: SendContext()).resolve().request.configuration.digestSessions !== context.digestSessions)
    }
}
