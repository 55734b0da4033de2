import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore
@testable import ExplorerWorkspace

@Suite("TLS verification: on by default, off per environment")
struct TLSVerificationTests {
    @Test func verificationIsOnByDefault() {
        #expect(Request.Configuration().verifiesTLSCertificates)
        #expect(Request(.get, url: ClosedPort.url()).configuration.verifiesTLSCertificates)
    }

    @Test func theEnvironmentKeyIsLoadedAndDefaultsToTrue() throws {
        let temp = try TempCollections()
        try temp.write("C/collection.yaml", """
        name: C
        environments:
          - name: plain
            baseURL: https://example.invalid
          - name: unverified
            baseURL: https://self-signed.invalid
            verifyTLS: false
        """)
        let result = CollectionLoader().load(directory: temp.root)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let environments = try #require(result.collections.first?.environments)
        #expect(environments.map(\.verifyTLS) == [true, false])
    }

    @Test func aNonBooleanIsALocatedError() throws {
        let temp = try TempCollections()
        try temp.write("C/collection.yaml", "name: C\nenvironments:\n  - name: e\n    baseURL: https://x.invalid\n    verifyTLS: sometimes\n")
        let result = CollectionLoader().load(directory: temp.root)
        let problem = try #require(result.problems.first)
        #expect(problem.location.line == 5 && problem.description.contains("verifyTLS"), "\(problem)")
    }

    #if canImport(FoundationNetworking)
    @Test func onLinuxTheURLSessionTransportRefusesAnUnverifiedHTTPSRequestBeforeItIsSent() async throws {
        let url = try #require(URL(string: "https://127.0.0.1:\(ClosedPort.find())/x"))
        let request = Request(.get, url: url).configured {
            $0.verifiesTLSCertificates = false
            $0.transport = .urlSession
        }
        do {
            _ = try await request.send()
            Issue.record("expected a failure")
        } catch {
            #expect(error.transportFailure == .tls)
            #expect(error.description.contains("cannot turn certificate verification off"), "\(error)")
        }
    }

    @Test func plainHTTPIsUnaffected() async throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: [], body: "fine")])
        defer { server.stop() }
        let response = try await Request(.get, url: server.url("/ok")).configured { $0.verifiesTLSCertificates = false }.send()
        #expect(response.text == "fine")
    }
    #endif
}
