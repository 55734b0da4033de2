import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Cookies on disk: a jar's file outlives the process, honouring expiry and session cookies")
struct CookieJarFileTests {
    static let routes: [String: Fault] = [
        "/login": .respond(status: 200, headers: ["Set-Cookie: session=s-Zq81; Path=/", "Set-Cookie: remember=r-77Qx; Path=/; Max-Age=3600"], body: "in"),
        "/logout": .respond(status: 200, headers: ["Set-Cookie: remember=gone; Path=/; Max-Age=0"], body: "out"),
        "/me": .respond(status: 200, headers: [], body: "me"),
    ]

    func send(_ url: URL, jar: CookieJar) async throws {
        _ = try await Request(.get, url: url, session: ExplorerSession.make()).configured { $0.cookieJar = jar }.over(.swiftNIO).send()
    }

    @Test func persistentCookiesReachTheNextJarOnTheFileAndSessionCookiesDoNot() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try TempDirectory()
        let file = temp.path + "/jars/c/local.txt"
        let first = CookieJar(file: file, keepsSessionCookies: false)
        try await send(server.url("/login"), jar: first)
        try first.saveIfChanged()
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
        let directoryMode = try FileManager.default.attributesOfItem(atPath: temp.path + "/jars/c")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600 && directoryMode?.intValue == 0o700)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("\tremember\tr-77Qx\n") && !text.contains("s-Zq81"), "\(text)")

        let second = CookieJar(file: file, keepsSessionCookies: false)
        #expect(second.cookies.map(\.name) == ["remember"])
        try await send(server.url("/me"), jar: second)
        #expect(server.requests(to: "/me").last?.headers["cookie"] == "remember=r-77Qx")
        // Max-Age=0 removes it from the file too.
        try await send(server.url("/logout"), jar: second)
        try second.saveIfChanged()
        #expect(CookieJar(file: file, keepsSessionCookies: false).cookies.isEmpty)
    }

    @Test func keepSessionCookiesWritesThemWithExpiryZero() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try TempDirectory()
        let file = temp.path + "/local.txt"
        let jar = CookieJar(file: file, keepsSessionCookies: true)
        try await send(server.url("/login"), jar: jar)
        try jar.saveIfChanged()
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\ts-Zq81\n"))
        #expect(Set(CookieJar(file: file, keepsSessionCookies: true).cookies.map(\.name)) == ["session", "remember"])
    }

    @Test func anExpiredCookieInTheFileIsNeitherLoadedNorSent() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("jar.txt", "127.0.0.1\tFALSE\t/\tFALSE\t1000\told\tx\n127.0.0.1\tFALSE\t/\tFALSE\t4102444800\tnew\ty\n")
        let jar = CookieJar(file: temp.path + "/jar.txt", keepsSessionCookies: false)
        try await send(server.url("/me"), jar: jar)
        #expect(server.requests(to: "/me").last?.headers["cookie"] == "new=y")
    }

    @Test func twoWritersOnOneFileKeepEachOthersCookies() throws {
        let temp = try TempDirectory()
        let file = temp.path + "/jar.txt"
        let later = Date().addingTimeInterval(3600)
        let one = CookieJar(file: file, keepsSessionCookies: false)
        let two = CookieJar(file: file, keepsSessionCookies: false)
        #expect(one.cookies.isEmpty && two.cookies.isEmpty, "both read the (missing) file before either writes")
        one.insert([CookieRecord(name: "a", value: "1", domain: "x.test", path: "/", expires: later, isSecure: false)])
        two.insert([CookieRecord(name: "b", value: "2", domain: "x.test", path: "/", expires: later, isSecure: false)])
        try one.save()
        try two.save()
        #expect(CookieJar(file: file, keepsSessionCookies: false).cookies.map(\.name).sorted() == ["a", "b"])
        // And the first jar sees the second's cookie once the file changed.
        #expect(one.cookies.map(\.name).sorted() == ["a", "b"])
        two.remove(CookieRecord(name: "a", value: "", domain: "x.test", path: "/", expires: nil, isSecure: false))
        try two.save()
        #expect(one.cookies.map(\.name) == ["b"])
    }

    @Test func changesAreWrittenOnceAfterABurst() async throws {
        let temp = try TempDirectory()
        let file = temp.path + "/jar.txt"
        let jar = CookieJar(file: file, keepsSessionCookies: false)
        let later = Date().addingTimeInterval(3600)
        for index in 0..<50 {
            jar.insert([CookieRecord(name: "c\(index)", value: "v", domain: "x.test", path: "/", expires: later, isSecure: false)])
        }
        #expect(!FileManager.default.fileExists(atPath: file), "not written per change")
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: file) { try await Task.sleep(for: .milliseconds(20)) }
        #expect(CookieJar(file: file, keepsSessionCookies: false).cookies.count == 50)
    }

    @Test func aCollectionHasOneJarHoweverItsDirectoryIsSpelled() throws {
        let temp = try TempDirectory()
        try FileManager.default.createDirectory(atPath: temp.path + "/Collections/Demo", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/link", withDestinationPath: temp.path + "/Collections")
        let store = CookieStore(directory: temp.path + "/state")
        let path = store.path(collection: temp.path + "/Collections/Demo", environment: "local")
        #expect(store.path(collection: temp.path + "/link/Demo", environment: "local") == path)
        #expect(store.path(collection: temp.path + "/Collections/Demo", environment: nil) != path)
        #expect(path.hasPrefix(temp.path + "/state/Demo-") && path.hasSuffix("/local.txt"))
        let demo = temp.path + "/Collections/Demo"
        #expect(store.path(collection: demo, environment: "a b") != store.path(collection: demo, environment: "a_b"), "two names, two files")
        #expect(store.path(collection: demo, environment: "a_b").hasSuffix("/a_b.txt"))
    }

    @Test func savingAThousandCookiesIsCheap() throws {
        let temp = try TempDirectory()
        let file = temp.path + "/jar.txt"
        let jar = CookieJar(file: file, keepsSessionCookies: false)
        let later = Date().addingTimeInterval(3600)
        jar.insert((0..<1000).map { CookieRecord(name: "c\($0)", value: String(repeating: "v", count: 40), domain: "h\($0 % 20).test",
                                                   path: "/", expires: later, isSecure: false) })
        let clock = ContinuousClock()
        var elapsed: [Duration] = []
        for round in 0..<5 {
            jar.insert([CookieRecord(name: "c0", value: "round\(round)", domain: "h0.test", path: "/", expires: later, isSecure: false)])
            elapsed.append(try clock.measure { try jar.save() })
        }
        let url = try #require(URL(string: "http://h3.test/a"))
        let headerTime = clock.measure { _ = jar.header(for: url) }
        print("cookie jar, 1,000 cookies: save \(elapsed), Cookie header for one request \(headerTime)")
        #expect(elapsed.allSatisfy { $0 < .seconds(1) })
        #expect(CookieJar(file: file, keepsSessionCookies: false).cookies.count == 1000)
    }
}
