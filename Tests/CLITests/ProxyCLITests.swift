import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `apiexplorer proxy` as a user runs it: the CA printed for trusting, exchanges printed and kept in history as the
/// `proxy` source, `--into` collections that send again, and Ctrl-C ending it cleanly.
@Suite("CLI: apiexplorer proxy", .serialized)
struct ProxyCLITests {
    @Test func printCAPrintsTheSameCertificateEachTimeAndKeepsTheKeyPrivate() async throws {
        let temp = try TempDirectory()
        let environment = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        let first = try await CLIRunner.run(["proxy", "--print-ca"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("-----BEGIN CERTIFICATE-----"))
        let second = try await CLIRunner.run(["proxy", "--print-ca"], environment: environment)
        #expect(second.stdout == first.stdout)
        let attributes = try FileManager.default.attributesOfItem(atPath: temp.path + "/state/proxy/ca-key.pem")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let key = try String(contentsOfFile: temp.path + "/state/proxy/ca-key.pem", encoding: .utf8)
        #expect(!first.stdout.contains(key.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test func capturedTrafficIsPrintedKeptInHistoryAndWrittenAsACollectionThatSendsAgain() async throws {
        let temp = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let history = temp.path + "/history.sqlite"
        let into = temp.path + "/captured"
        let token = "tok-cli-31d8a9"
        let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"),
                                           arguments: ["proxy", "--port", "0", "--into", into, "--history", history],
                                           directory: CLIRunner.packageRoot, environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state"])
        #expect(await process.waitForOutput(containing: "Proxy listening on http://127.0.0.1:", timeout: 30), "\(process.stderr)")
        let address = try #require(process.stdout.split(separator: "\n").first?.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
        let answer = try CurlRun.run(["-x", String(address), "-H", "Authorization: Bearer \(token)", upstream.url("/users/1").absoluteString])
        #expect(answer.status == 0 && answer.stdout.contains("\"id\""), "\(answer.stdout) \(answer.stderr)")
        #expect(await process.waitForOutput(containing: "GET     \(upstream.url("/users/1").absoluteString)  200", timeout: 30), "\(process.stdout)")
        process.send(signal: SIGINT)
        #expect(await process.waitForExit(timeout: 30) == 0, "\(process.stderr)")
        let slug = "127-0-0-1-\(upstream.port)"
        #expect(process.stdout.contains("Stopped: 1 exchange; collections: \(into)/\(slug)."), "\(process.stdout)")

        let listed = try await CLIRunner.run(["history", "list", "--source", "proxy", "--json", "--history", history])
        #expect(listed.stdout.contains(upstream.url("/users/1").absoluteString), "\(listed.stdout) \(listed.stderr)")
        let others = try await CLIRunner.run(["history", "list", "--source", "send", "--json", "--history", history])
        #expect((try JSONSerialization.jsonObject(with: Data(others.stdout.utf8)) as? [Any])?.isEmpty == true, "\(others.stdout)")
        let shown = try await CLIRunner.run(["history", "show", "1", "--history", history, "--print", "H"])
        #expect(shown.stdout.contains("Authorization"), "\(shown.stdout)")
        #expect(!shown.stdout.contains(token))

        let before = await upstream.hits("/users/1")
        let sent = try await CLIRunner.run(["send", "\(slug)/get-users-1", "--collections", into, "--no-history"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("\"id\""), "\(sent.stdout)")
        #expect(await upstream.hits("/users/1") == before + 1)

        // Recorded, then served: the mock answers the route with the answer the proxy saw.
        let mock = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"),
                                        arguments: ["mock", into + "/" + slug, "--port", "0"], directory: CLIRunner.packageRoot,
                                        environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state"])
        #expect(await mock.waitForOutput(containing: " on http://127.0.0.1:", timeout: 30), "\(mock.stderr)")
        let mockURL = try #require(mock.stdout.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
        let served = try CurlRun.run([String(mockURL) + "/users/1"])
        #expect(served.stdout == answer.stdout, "\(served.stdout) \(served.stderr)")
        mock.send(signal: SIGINT)
        #expect(await mock.waitForExit(timeout: 30) == 0)
        await upstream.stop()
    }

    @Test func theProxysOwnTrafficIgnoresHTTPProxyWhichOftenNamesItself() async throws {
        let temp = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let other = try RecordingProxy()
        defer { other.stop() }
        let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"), arguments: ["proxy", "--port", "0", "--no-history"],
                                           directory: CLIRunner.packageRoot,
                                           environment: ["APIEXPLORER_STATE_DIR": temp.path, "HTTP_PROXY": other.url, "http_proxy": other.url])
        #expect(await process.waitForOutput(containing: "Proxy listening on http://127.0.0.1:", timeout: 30), "\(process.stderr)")
        let address = try #require(process.stdout.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
        let answer = try CurlRun.run(["-x", String(address), upstream.url("/users/1").absoluteString])
        #expect(answer.stdout.contains("Ada Lovelace"), "\(answer.stderr)")
        #expect(other.requestLines.isEmpty, "\(other.requestLines)")
        process.send(signal: SIGTERM)
        #expect(await process.waitForExit(timeout: 30) == 0)
        await upstream.stop()
    }

    @Test func aPortInUseIsAClearError() async throws {
        let temp = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let taken = try await CLIRunner.run(["proxy", "--port", "\(upstream.port)"], environment: ["APIEXPLORER_STATE_DIR": temp.path])
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("cannot listen on 127.0.0.1:\(upstream.port)"), "\(taken.stderr)")
        let missing = try await CLIRunner.run(["proxy", "--ca-certificates", temp.path + "/nope.pem"], environment: ["APIEXPLORER_STATE_DIR": temp.path])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--ca-certificates: cannot read \(temp.path)/nope.pem"), "\(missing.stderr)")
        await upstream.stop()
    }
}
