import ExplorerCapture
import Foundation
import Testing
import TestSupport
import X509

/// The local CA: made once, its key private to the owner, loaded as it was, and host certificates it signs.
@Suite("Capture: the local certificate authority")
struct CaptureAuthorityTests {
    @Test func theCAIsMadeOnceWithAKeyOnlyItsOwnerCanRead() throws {
        let directory = try TempDirectory()
        let first = try CaptureAuthority(directory: directory.path + "/proxy")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/proxy/ca-key.pem")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let again = try CaptureAuthority(directory: directory.path + "/proxy")
        #expect(again.certificatePEM == first.certificatePEM)
        let certificate = try Certificate(pemEncoded: first.certificatePEM)
        #expect(try certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(certificate.subject == certificate.issuer)
    }

    @Test func proxiesStartedAtOnceMakeOneCA() throws {
        let directory = try TempDirectory()
        let made = ConcurrentPEMs()
        // Two proxies started at once (one per terminal, say): each must load the CA the other made, not fail on it.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            made.add(Result { try CaptureAuthority(directory: directory.path + "/proxy").certificatePEM })
        }
        let results = made.all
        #expect(results.count == 4)
        let pems = results.compactMap { try? $0.get() }
        #expect(pems.count == 4, "\(results)")
        #expect(Set(pems).count == 1)
        #expect(pems.first.map { (try? String(contentsOfFile: directory.path + "/proxy/ca.pem", encoding: .utf8)) == $0 } == true)
    }

    @Test func aKeyLeftWithoutItsCertificateIsMadeAgain() throws {
        let directory = try TempDirectory()
        let first = try CaptureAuthority(directory: directory.path + "/proxy")
        // A making cut off between the key and the certificate: nobody can have trusted that CA.
        try FileManager.default.removeItem(atPath: directory.path + "/proxy/ca.pem")
        let again = try CaptureAuthority(directory: directory.path + "/proxy")
        #expect(again.certificatePEM != first.certificatePEM)
        #expect(try String(contentsOfFile: directory.path + "/proxy/ca.pem", encoding: .utf8) == again.certificatePEM)
    }

    @Test func aCAMissingOneOfItsFilesIsReportedByName() throws {
        let directory = try TempDirectory()
        _ = try CaptureAuthority(directory: directory.path + "/proxy")
        try FileManager.default.removeItem(atPath: directory.path + "/proxy/ca-key.pem")
        #expect {
            _ = try CaptureAuthority(directory: directory.path + "/proxy")
        } throws: { error in
            "\(error)".contains("ca-key.pem") && "\(error)".contains("ca.pem")
        }
        try "not a certificate".write(toFile: directory.path + "/proxy/ca-key.pem", atomically: true, encoding: .utf8)
        #expect {
            _ = try CaptureAuthority(directory: directory.path + "/proxy")
        } throws: { error in
            "\(error)".contains("ca-key.pem")
        }
    }
}

/// The PEMs (or errors) of CAs made on several threads at once.
private final class ConcurrentPEMs: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<String, any Error>] = []

    func add(_ result: Result<String, any Error>) {
        lock.withLock { results.append(result) }
    }

    var all: [Result<String, any Error>] { lock.withLock { results } }
}
