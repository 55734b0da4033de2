import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOSSL
import Testing
import TestSupport
@testable import ExplorerCore

/// TLS on both SwiftNIO transports against a loopback NIOSSL server, with certificates made by `openssl`.
@Suite("TLS: verification, extra CAs, client certificates, HTTP/2")
struct TLSTests {
    func send(_ url: URL, over transport: TransportKind, _ change: (inout Request.Configuration) -> Void = { _ in }) async -> Result<Request.Response, RequestError> {
        let request = Request(.get, url: url).configured {
            $0.transport = transport
            $0.timeoutInterval = 20
            change(&$0)
        }
        do { return .success(try await request.send()) } catch { return .failure(error) }
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aSelfSignedCertificateIsRefusedByDefaultWithAClearMessage(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        defer { server.stop() }
        let error = try #require(await send(server.url("/"), over: transport).failureValue)
        #expect(error.transportFailure == .tls, "\(error)")
        #expect(error.description.contains("(the certificate of 127.0.0.1 is not trusted: it is self-signed)"), "\(error)")
        #expect(error.description.contains("verifyTLS: false"), "an unknown issuer is where turning verification off helps: \(error)")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aCertificateFromAnUnknownCAIsReportedWithItsIssuer(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        let error = try #require(await send(server.url("/"), over: transport).failureValue)
        #expect(error.description.contains("(the certificate of 127.0.0.1 is not trusted: it is signed by an unknown CA, CN=apiexplorer test CA)"),
                "\(error)")
        #expect(error.description.contains("caCertificates") && error.description.contains("verifyTLS: false"), "\(error)")
    }

    /// Its CA is trusted: the certificate is refused for its date alone, and turning verification off is no fix.
    @Test(arguments: TransportKind.overSwiftNIO) func anExpiredCertificateIsReportedAsExpiredWithItsDate(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.expiredCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        let error = try #require(await send(server.url("/"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }.failureValue)
        #expect(error.transportFailure == .tls, "\(error)")
        #expect(error.description.contains("(the certificate of 127.0.0.1 expired on 2025-01-02 00:00 UTC)"), "\(error)")
        #expect(!error.description.contains("verifyTLS") && !error.description.contains("not trusted"), "\(error)")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aCertificateNotYetValidIsReportedWithTheDateItStarts(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.notYetValidCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        let error = try #require(await send(server.url("/"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }.failureValue)
        #expect(error.description.contains("(the certificate of 127.0.0.1 is not valid until 2099-01-01 00:00 UTC)"), "\(error)")
        #expect(error.description.contains("clock") && !error.description.contains("verifyTLS") && !error.description.contains("not trusted"),
                "\(error)")
    }

    /// A certificate for example.test, asked for by name (localhost) and by address (127.0.0.1, where no name is sent).
    @Test(arguments: TransportKind.overSwiftNIO) func aCertificateForAnotherHostNamesTheHostsItIsFor(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.otherHostCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        let byName = try #require(URL(string: "https://localhost:\(server.port)/"))
        for (url, host) in [(byName, "localhost"), (server.url("/"), "127.0.0.1")] {
            let error = try #require(await send(url, over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }.failureValue)
            #expect(error.transportFailure == .tls, "\(error)")
            #expect(error.description.contains("(the certificate is for example.test, not \(host))"), "\(error)")
            #expect(!error.description.contains("verifyTLS") && !error.description.contains("NIOSSL") && !error.description.contains("<none>"),
                    "\(error)")
        }
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aWrongOrMissingClientKeyPassphraseIsNamed(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey,
                                           clientCAFile: certificates.caCertificate)
        defer { server.stop() }
        for passphrase in ["not the passphrase", nil] {
            let error = try #require(await send(server.url("/"), over: transport) {
                $0.tls = TLSOptions(caCertificatesFile: certificates.caCertificate, clientCertificateFile: certificates.clientCertificate,
                                    clientKeyFile: certificates.clientKey, clientKeyPassphrase: passphrase)
            }.failureValue)
            #expect(error.transportFailure == .tls, "\(error)")
            let said = passphrase == nil ? "(clientKey: the key in \(certificates.clientKey) is encrypted: set clientKeyPassphrase)"
                : "(clientKey: clientKeyPassphrase does not open the key in \(certificates.clientKey))"
            #expect(error.description.contains(said), "\(error)")
            #expect(!error.description.contains("failedToLoadPrivateKey") && !error.description.contains("verifyTLS"), "\(error)")
        }
    }

    @Test func aHostMismatchListsEveryNameAndAddressTheCertificateIsFor() throws {
        let certificates = try TestCertificates()
        let certificate = try #require(try NIOSSLCertificate.fromPEMFile(certificates.serverCertificate).first)
        let refusal = CertificateRefusal(error: NIOSSLExtraError.failedToValidateHostname, host: "10.0.0.1", certificate: certificate)
        #expect(refusal.urlError().transportDetail == "the certificate is for 127.0.0.1 and localhost, not 10.0.0.1")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aSelfSignedCertificateIsAcceptedWithVerificationOff(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        defer { server.stop() }
        let response = try await send(server.url("/"), over: transport) { $0.verifiesTLSCertificates = false }.get()
        #expect(response.text == "hello over HTTP/1.1")
        let tls = try #require(response.connection?.tls)
        #expect(tls.version.hasPrefix("TLSv1."), "\(tls)")
        #expect(tls.subject.contains("self-signed 127.0.0.1") && tls.issuer.contains("self-signed 127.0.0.1"), "\(tls)")
        #expect((tls.expires ?? .distantPast) > Date(), "\(tls)")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aCertificateFromAnExtraCAIsAcceptedWithCACertificates(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        #expect(await send(server.url("/"), over: transport).failureValue?.transportFailure == .tls)
        let response = try await send(server.url("/"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }.get()
        #expect(response.text == "hello over HTTP/1.1")
        #expect(response.connection?.tls?.issuer.contains("apiexplorer test CA") == true, "\(String(describing: response.connection))")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aServerThatRequiresAClientCertificateGetsOne(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey,
                                           clientCAFile: certificates.caCertificate)
        defer { server.stop() }
        let refused = try #require(await send(server.url("/"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }.failureValue)
        #expect(refused.transportFailure == .tls || refused.transportFailure == .connectionLost, "\(refused)")
        let response = try await send(server.url("/"), over: transport) {
            $0.tls = TLSOptions(caCertificatesFile: certificates.caCertificate, clientCertificateFile: certificates.clientCertificate,
                                clientKeyFile: certificates.clientKey, clientKeyPassphrase: certificates.clientKeyPassphrase)
        }.get()
        #expect(response.text.contains("client certificate") && response.text.contains("apiexplorer test client"), "\(response.text)")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aMissingPEMFileIsNamedInTheError(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        let error = try #require(await send(server.url("/"), over: transport) { $0.tls.caCertificatesFile = "/nonexistent/ca.pem" }.failureValue)
        #expect(error.description.contains("caCertificates: cannot read /nonexistent/ca.pem"), "\(error)")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func http2IsNegotiatedByALPNWhenTheServerOffersIt(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey, http2: true)
        defer { server.stop() }
        let response = try await send(server.url("/"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }.get()
        #expect(response.text == "hello over HTTP/2")
        #expect(response.connection?.httpVersion == "HTTP/2")
    }
}
