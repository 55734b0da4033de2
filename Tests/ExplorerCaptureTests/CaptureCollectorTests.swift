import ExplorerCapture
import ExplorerCore
import ExplorerWorkspace
import Foundation
import Testing
import TestSupport

/// `--into`: captured exchanges become a collection per origin, ids seen with two values become variables, and no
/// credential is ever written into a request file.
@Suite("Capture: collections from captured traffic", .serialized)
struct CaptureCollectorTests {
    private let token = "tok-4f9e2b7c1d"
    private let cookie = "sess-77aa21"
    private let apiKey = "key-19c0ffee"
    private let password = "pw-8c1e5d77"

    @Test func aCollectionPerOriginWithRoutesVariablesAndSecretsApart() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let into = directory.path + "/captured"
        let collector = CaptureCollector(directory: into)
        let problems = ExchangeLog()
        let authority = try CaptureAuthority(directory: directory.path + "/proxy")
        let proxy = try await CaptureProxy.start(options: CaptureOptions(port: 0), authority: authority) { exchange in
            _ = try? collector.add(exchange)
            problems.add(exchange)
        }
        let base = upstream.baseURL.absoluteString
        let auth = ["-H", "Authorization: Bearer \(token)", "-H", "Cookie: session=\(cookie)", "-H", "User-Agent: MyApp/1.0"]
        for path in ["/users/1", "/users/2", "/echo/search?q=ada&api_key=\(apiKey)"] {
            _ = try CurlRun.run(["-x", proxy.url] + auth + [base + path])
        }
        _ = try CurlRun.run(["-x", proxy.url, "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "{\"title\": \"hi\"}", base + "/posts"])
        _ = try CurlRun.run(["-x", proxy.url, "--data-urlencode", "username=ada", "--data-urlencode", "password=\(password)", base + "/echo/login"])
        #expect(await problems.waitFor(5).count == 5)
        await proxy.stop()
        await upstream.stop()

        let slug = "127-0-0-1-\(upstream.port)"
        let collectionDirectory = into + "/" + slug
        #expect(collector.writtenDirectories == [collectionDirectory])
        let files = try FileManager.default.subpathsOfDirectory(atPath: collectionDirectory).sorted()
        #expect(files.contains("secrets.local.yaml"))
        // Raw bytes of every file but the secrets file: no credential value in any of them.
        for file in files where file != "secrets.local.yaml" {
            guard let data = FileManager.default.contents(atPath: collectionDirectory + "/" + file) else { continue }
            for secret in [token, cookie, apiKey, password] {
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(file) holds \(secret)")
            }
        }
        let secrets = try String(contentsOfFile: collectionDirectory + "/secrets.local.yaml", encoding: .utf8)
        for secret in [token, cookie, apiKey, password] { #expect(secrets.contains(secret)) }

        let loaded = CollectionLoader().load(directory: into)
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        let collection = try #require(loaded.collections.first { $0.slug == slug })
        let requests = collection.allRequests.map(\.request)
        #expect(Set(requests.map(\.name)) == ["GET /users/{{userId}}", "GET /echo/search", "POST /posts", "POST /echo/login"])
        let login = try #require(requests.first { $0.name == "POST /echo/login" })
        #expect(login.body == .form([KeyValue("username", "ada"), KeyValue("password", "{{password}}")]))
        let user = try #require(requests.first { $0.name == "GET /users/{{userId}}" })
        #expect(user.url == "{{baseURL}}/users/{{userId}}")
        #expect(user.variables.map(\.name) == ["userId"])
        #expect(user.variables.first?.value == "1")
        #expect(user.headers.contains { $0.name == "Authorization" && $0.value == "Bearer {{bearerToken}}" })
        #expect(user.headers.contains { $0.name == "Cookie" && $0.value == "{{cookie}}" })
        // The first answer of each status becomes an example the mock serves.
        #expect(user.examples.map(\.status) == [200])
        #expect(user.examples.first?.body.contains("Ada Lovelace") == true)
        #expect(user.examples.first?.headers.contains { $0.name.lowercased() == "content-type" } == true)
        #expect(user.examples.first?.headers.contains { ["date", "content-length"].contains($0.name.lowercased()) } == false)
        #expect(!user.headers.contains { $0.name == "User-Agent" })
        let search = try #require(requests.first { $0.name == "GET /echo/search" })
        #expect(search.query.map(\.name) == ["q", "api_key"])
        #expect(search.query.last?.value == "{{apiKey}}")
        let post = try #require(requests.first { $0.name == "POST /posts" })
        #expect(post.body == .json("{\"title\": \"hi\"}"))
        #expect(collection.environments.map(\.name) == ["captured"])
        #expect(collection.environments.first?.baseURL == upstream.baseURL.absoluteString)
    }

    @Test func aTokenALoginAnsweredWithIsMaskedInItsExample() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let into = directory.path + "/captured"
        let collector = CaptureCollector(directory: into)
        let log = ExchangeLog()
        let authority = try CaptureAuthority(directory: directory.path + "/proxy")
        let proxy = try await CaptureProxy.start(options: CaptureOptions(port: 0), authority: authority) { exchange in
            _ = try? collector.add(exchange)
            log.add(exchange)
        }
        // The demo's login answers {"token": …}; the token then goes out as a bearer credential.
        let login = try CurlRun.run(["-x", proxy.url, "-H", "Content-Type: application/json", "--data-binary",
                                     "{\"username\": \"ada\", \"password\": \"s3cret\"}", upstream.url("/login").absoluteString])
        let token = try #require((try JSONSerialization.jsonObject(with: Data(login.stdout.utf8)) as? [String: Any])?["token"] as? String)
        _ = try CurlRun.run(["-x", proxy.url, "-H", "Authorization: Bearer \(token)", upstream.url("/bearer").absoluteString])
        #expect(await log.waitFor(2).count == 2)
        await proxy.stop()
        await upstream.stop()
        let written = try #require(collector.writtenDirectories.first)
        for file in try FileManager.default.subpathsOfDirectory(atPath: written) where file != "secrets.local.yaml" {
            let data = FileManager.default.contents(atPath: written + "/" + file) ?? Data()
            #expect(data.range(of: Data(token.utf8)) == nil, "\(file) holds the token")
            #expect(data.range(of: Data("s3cret".utf8)) == nil, "\(file) holds the password")
        }
        let text = try String(contentsOfFile: written + "/post-login.yaml", encoding: .utf8)
        #expect(text.contains("examples:") && text.contains(SecretMasker.mask), "\(text)")
    }

    @Test func aSingleValueStaysLiteralAndAnEarlierCollectionIsNotReplaced() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let into = directory.path + "/captured"
        let slug = "127-0-0-1-\(upstream.port)"
        try FileManager.default.createDirectory(atPath: into + "/" + slug, withIntermediateDirectories: true)
        try "name: Mine\n".write(toFile: into + "/" + slug + "/collection.yaml", atomically: true, encoding: .utf8)
        let collector = CaptureCollector(directory: into)
        let log = ExchangeLog()
        let authority = try CaptureAuthority(directory: directory.path + "/proxy")
        let proxy = try await CaptureProxy.start(options: CaptureOptions(port: 0), authority: authority) { exchange in
            _ = try? collector.add(exchange)
            log.add(exchange)
        }
        _ = try CurlRun.run(["-x", proxy.url, upstream.url("/users/1").absoluteString])
        _ = try CurlRun.run(["-x", proxy.url, upstream.url("/users/1").absoluteString])
        #expect(await log.waitFor(2).count == 2)
        await proxy.stop()
        await upstream.stop()
        #expect(try String(contentsOfFile: into + "/" + slug + "/collection.yaml", encoding: .utf8) == "name: Mine\n")
        #expect(collector.writtenDirectories == [into + "/" + slug + "-2"])
        let collection = try #require(CollectionLoader().load(directory: into).collections.first { $0.slug == slug + "-2" })
        #expect(collection.allRequests.map(\.request.url) == ["{{baseURL}}/users/1"])
    }
}
