import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension URLError {
    /// The URLError, with the same codes and details FoundationNetworking gives, for an error from SwiftNIO; `head` and `received` say how far the response had come, for "transfer closed with N bytes remaining".
    package static func fromNIO(_ error: any Error, head: HTTPURLResponse?, received: Int) -> URLError {
        if let urlError = error as? URLError { return urlError }
        if let refusal = error as? CertificateRefusal { return refusal.urlError() }
        if let parser = error as? HTTPParserError {
            switch parser {
            case .invalidEOFState, .closedConnection:
                return connectionClosed(head: head, received: received)
            case .invalidChunkSize:
                return URLError(.cannotParseResponse, detail: "Illegal or missing hexadecimal sequence in chunked-encoding")
            case .invalidConstant, .invalidVersion, .invalidStatus:
                guard head == nil else { return URLError(.cannotParseResponse, detail: "invalid response: \(parser)") }
                return URLError(.cannotParseResponse, detail: "not HTTP: the server's reply has no HTTP status line, as from HTTP/0.9 or another protocol")
            default:
                return URLError(.cannotParseResponse, detail: "invalid response: \(parser)")
            }
        }
        if error is NIOHTTPDecompression.DecompressionError {
            return URLError(.cannotDecodeContentData, detail: "the compressed body could not be decoded")
        }
        if let connection = error as? NIOConnectionError {
            if connection.connectionErrors.isEmpty, let dns = connection.dnsAError ?? connection.dnsAAAAError {
                return URLError(.cannotFindHost, detail: "\(dns)")
            }
            if let first = connection.connectionErrors.first { return fromNIO(first.error, head: head, received: received) }
            return URLError(.cannotConnectToHost)
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return URLError(.cannotConnectToHost)
            case ECONNRESET, EPIPE: return URLError(.networkConnectionLost, detail: "Connection reset by peer")
            case ETIMEDOUT: return URLError(.timedOut)
            case ENETUNREACH, EHOSTUNREACH: return URLError(.cannotConnectToHost, detail: String(cString: strerror(io.errnoCode)))
            default: return URLError(.unknown, detail: "\(io)")
            }
        }
        if error is SocketAddressError { return URLError(.cannotFindHost) }
        // A TLS peer that closes without close_notify: a closed connection, as curl reports it.
        if let tls = error as? NIOSSLError, case .uncleanShutdown = tls { return connectionClosed(head: head, received: received) }
        // A refusal the transport could not tie to its host and certificate.
        if CertificateRefusal.refuses(error) { return CertificateRefusal(error: error, host: "the server", certificate: nil).urlError() }
        if let tls = error as? NIOSSLError { return fromTLS(tls) }
        if let boring = error as? BoringSSLError { return fromTLS(.handshakeFailed(boring)) }
        if error is NIOSSLExtraError { return URLError(.secureConnectionFailed, detail: "\(error)") }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return URLError(.timedOut)
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                return connectionClosed(head: head, received: received)
            default: return URLError(.unknown, detail: "\(channel)")
            }
        }
        return URLError(.unknown, detail: "\(error)")
    }

    /// The connection closed: "transfer closed with N bytes remaining to read" when a Content-Length said more was
    /// coming, as curl words it.
    private static func connectionClosed(head: HTTPURLResponse?, received: Int) -> URLError {
        guard let head else {
            return URLError(.networkConnectionLost, detail: "Empty reply from server")
        }
        let declared = head.expectedContentLength
        if declared > received, head.value(forHTTPHeaderField: "Content-Encoding") == nil {
            return URLError(.networkConnectionLost, detail: "transfer closed with \(declared - Int64(received)) bytes remaining to read")
        }
        return URLError(.networkConnectionLost, detail: "the connection closed before the body was complete")
    }

    /// A TLS failure, in words that say what to do about it.
    private static func fromTLS(_ error: NIOSSLError) -> URLError {
        let text = "\(error)"
        let lower = text.lowercased()
        if lower.contains("certificate_required") || lower.contains("handshake_failure") && lower.contains("alert") {
            return URLError(.clientCertificateRequired, detail:
                "the server asks for a client certificate: set clientCertificate and clientKey for this environment")
        }
        if lower.contains("certificate_expired") {
            return URLError(.serverCertificateHasBadDate, detail: "the server's certificate has expired")
        }
        return URLError(.secureConnectionFailed, detail: text)
    }
}
