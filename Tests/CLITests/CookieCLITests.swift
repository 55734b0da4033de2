import ExplorerCore
import Foundation
import TestSupport
import Testing

/// Cookies kept between runs of the binary: `send` twice, `--no-cookies`, `--cookie-jar`, against a loopback server that
/// sets and checks cookies.
@Suite("Cookies from the command line")
struct CookieCLITests {
    static let routes: [String: Fault] = [
        "/login": .respond(status: 200, headers: ["Set-Cookie: session=s-Zq81; Path=/", "Set-Cookie: remember=r-77Qx; Path=/; Max-Age=3600"],
                           body: "in"),
        "/logout": .respond(status: 200, headers: ["Set-Cookie: remember=gone; Path=/; Max-Age=0"], body: "out"),
        "/me": .respond(status: 200, headers: [], body: "me"),
        "/a": .respond(status: 200, headers: ["Set-Cookie: a=1; Path=/; Max-Age=3600"], body: "a"),
        "/b": .respond(status: 200, headers: ["Set-Cookie: b=2; Path=/; Max-Age=3600"], body: "b"),
    ]

    /// A collection `C` with login, me and logout requests on `server`; `keep` adds `keepSessionCookies: true` to the environment.
    func collection(_ server: FaultServer, keep: Bool = false) throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("C/collection.yaml", """
            name: C
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
            \(keep ? "    keepSessionCookies: true\n" : "")
            """)
        for name in ["login", "me", "logout", "a", "b"] { try temp.write("C/\(name).yaml", "url: /\(name)\n") }
        return temp
    }

    func send(_ name: String, _ temp: TempDirectory, _ extra: [String] = []) async throws -> CLIRunner.Output {
        let output = try await CLIRunner.run(["send", "C/" + name, "--collections", temp.path] + extra,
                                             environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        return output
    }

    @Test func diffSendsEachEnvironmentsJarAndNoCookiesSendsNone() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server)
        try temp.write("C/collection.yaml", """
            name: C
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
              - name: other
                baseURL: \(server.baseURL.absoluteString)
            """)
        _ = try await send("login", temp)
        let state = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let diff = try await CLIRunner.run(["diff", "C/me", "--env", "local", "--env", "other", "--collections", temp.path], environment: state)
        #expect(diff.status == 0, "\(diff.stdout)\(diff.stderr)")
        let cookies = server.requests(to: "/me").map { $0.headers["cookie"] ?? "" }.sorted()
        #expect(cookies == ["", "remember=r-77Qx"], "local's jar went with local only: \(cookies)")
        let bare = try await CLIRunner.run(["diff", "C/me", "--env", "local", "--env", "other", "--collections", temp.path, "--no-cookies"],
                                           environment: state)
        #expect(bare.status == 0, "\(bare.stdout)\(bare.stderr)")
        #expect(server.requests(to: "/me").suffix(2).allSatisfy { $0.headers["cookie"] == nil })
    }

    @Test func aCookieSetBySendIsSentByTheNextSendAndMaxAgeZeroRemovesIt() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server)
        _ = try await send("login", temp)
        _ = try await send("me", temp)
        #expect(server.requests(to: "/me").last?.headers["cookie"] == "remember=r-77Qx", "the session cookie ended with the first process")
        let run = try await CLIRunner.run(["run", "C/me", "--collections", temp.path], environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(server.requests(to: "/me").count == 2 && server.requests(to: "/me").last?.headers["cookie"] == "remember=r-77Qx", "run sends what send kept")
        let folders = try FileManager.default.contentsOfDirectory(atPath: temp.path + "/state/cookies")
        let folder = temp.path + "/state/cookies/" + (folders.first ?? "")
        #expect(folders.count == 1 && folders.first?.hasPrefix("C-") == true)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/local.txt")[.posixPermissions] as? NSNumber
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600 && folderMode?.intValue == 0o700)
        _ = try await send("logout", temp)
        _ = try await send("me", temp)
        #expect(server.requests(to: "/me").last?.headers["cookie"] == nil)
    }

    @Test func keepSessionCookiesKeepsTheSessionCookieForTheNextRun() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server, keep: true)
        _ = try await send("login", temp)
        _ = try await send("me", temp)
        let header = try #require(server.requests(to: "/me").last?.headers["cookie"])
        #expect(Set(header.components(separatedBy: "; ")) == ["session=s-Zq81", "remember=r-77Qx"])
    }

    @Test func noCookiesNeitherSendsNorStores() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server)
        _ = try await send("login", temp, ["--no-cookies"])
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/state/cookies"))
        _ = try await send("login", temp)
        _ = try await send("me", temp, ["--no-cookies"])
        #expect(server.requests(to: "/me").last?.headers["cookie"] == nil)
        let both = try await CLIRunner.run(["send", "C/me", "--no-cookies", "--cookie-jar", "x.txt", "--collections", temp.path])
        #expect(both.status != 0 && both.stderr.contains("--no-cookies and --cookie-jar cannot be used together"), "\(both.stderr)")
    }

    @Test func cookieJarReadsAndWritesANetscapeFileInstead() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server)
        let jar = temp.path + "/cookies.txt"
        // Written as curl -c writes it: an HttpOnly cookie, a session cookie, one long expired.
        try temp.write("cookies.txt", """
            # Netscape HTTP Cookie File
            # This file was generated by libcurl! Edit at your own risk.

            #HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t4102444800\ttoken\tt-1
            127.0.0.1\tFALSE\t/\tFALSE\t0\tcart\tc-2
            127.0.0.1\tFALSE\t/\tFALSE\t1000\tstale\tx

            """)
        _ = try await send("me", temp, ["--cookie-jar", jar])
        let header = try #require(server.requests(to: "/me").last?.headers["cookie"])
        #expect(Set(header.components(separatedBy: "; ")) == ["token=t-1", "cart=c-2"])
        _ = try await send("login", temp, ["--cookie-jar", jar])
        let text = try String(contentsOfFile: jar, encoding: .utf8)
        #expect(text.contains("#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t4102444800\ttoken\tt-1\n"), "\(text)")
        #expect(text.contains("127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\ts-Zq81\n") && text.contains("\tremember\tr-77Qx\n") && !text.contains("stale"))
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/state/cookies"), "the state directory's jar is not used")

        try temp.write("bad.txt", "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\tsoon\tx\t1\n")
        let bad = try await CLIRunner.run(["send", "C/me", "--cookie-jar", temp.path + "/bad.txt", "--collections", temp.path])
        #expect(bad.status == 1 && bad.stderr.contains("bad.txt:2: the expiry must be Unix seconds"), "\(bad.stderr)")
    }

    @Test func twoProcessesAtOnceBothKeepTheirCookies() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server)
        // Usually both have read the file before either writes; twoWritersOnOneFileKeepEachOthersCookies forces that order in-process.
        async let first = send("a", temp)
        async let second = send("b", temp)
        _ = try await (first, second)
        _ = try await send("me", temp)
        let header = try #require(server.requests(to: "/me").last?.headers["cookie"])
        #expect(Set(header.components(separatedBy: "; ")) == ["a=1", "b=2"], "one process's write lost the other's cookie")
    }

    @Test func cookieValuesAreNotInHistory() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server)
        let file = temp.path + "/history.sqlite"
        _ = try await send("login", temp, ["--history", file])
        _ = try await send("me", temp, ["--history", file])
        #expect(server.requests(to: "/me").last?.headers["cookie"] == "remember=r-77Qx", "the cookie went out from the jar")
        // The login's Set-Cookie is kept masked (history keeps the request as built, before the jar adds Cookie).
        let shown = try await CLIRunner.run(["history", "show", "1", "--print", "h", "--history", file])
        #expect(shown.stdout.contains("Set-Cookie: ••••••") && !shown.stdout.contains("r-77Qx"), "\(shown.stdout)")
        let raw = SQLiteFileBytes.read(file)
        #expect(raw.count > 4096)
        #expect(raw.range(of: Data("r-77Qx".utf8)) == nil && raw.range(of: Data("s-Zq81".utf8)) == nil, "a cookie value is in the history file")
    }

    /// The jar on disk holds cookies and nothing else the requests carried: no bearer token, API key or password.
    @Test func theCookieFileHoldsNoOtherSecret() async throws {
        let server = try FaultServer(routes: Self.routes)
        defer { server.stop() }
        let temp = try collection(server)
        try temp.write("C/collection.yaml", """
            name: C
            auth: {type: bearer, token: "{{token}}"}
            headers:
              - {name: X-Api-Key, value: "{{apiKey}}"}
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - {name: token, value: tok-SECRET-9f2, secret: true}
                  - {name: apiKey, value: key-SECRET-4c1, secret: true}
            """)
        _ = try await send("login", temp)
        _ = try await send("me", temp)
        #expect(server.requests(to: "/me").last?.headers["authorization"] == "Bearer tok-SECRET-9f2", "the secrets went out")
        let jars = temp.path + "/state/cookies"
        let files = (FileManager.default.enumerator(atPath: jars)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".txt") }
        #expect(!files.isEmpty, "no jar was written")
        var all = Data()
        for file in files { all += FileManager.default.contents(atPath: jars + "/" + file) ?? Data() }
        #expect(all.range(of: Data("r-77Qx".utf8)) != nil, "the jar holds the cookie it was written for")
        for secret in ["tok-SECRET-9f2", "key-SECRET-4c1"] {
            #expect(all.range(of: Data(secret.utf8)) == nil, "\(secret) is in the cookie file")
        }
    }
}
