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
