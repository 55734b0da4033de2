import ExplorerCore
import Foundation

/// What every connection of one proxy run shares: its options, its CA, the exchange counter and where finished
/// exchanges go.
final class CaptureSession: @unchecked Sendable {
    let options: CaptureOptions
    let authority: CaptureAuthority
    private let onExchange: @Sendable (CapturedExchange) -> Void
    private let lock = NSLock()
    private var count = 0

    init(options: CaptureOptions, authority: CaptureAuthority, onExchange: @escaping @Sendable (CapturedExchange) -> Void) {
        self.options = options
        self.authority = authority
        self.onExchange = onExchange
    }

    /// The next exchange's number, from 1.
    func nextNumber() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    /// Hands a finished exchange on.
    func finished(_ exchange: CapturedExchange) {
        onExchange(exchange)
    }

    /// The configuration every upstream request is sent with: nothing followed, retried, stored or rejected on the
    /// proxy's account (the client decides), each answer streamed through as it arrives.
    var upstreamConfiguration: Request.Configuration {
        var configuration = Request.Configuration()
        configuration.followRedirects = false
        configuration.parseHTTPStatusErrors = false
        configuration.acceptedStatusCodes = nil
        configuration.retryPolicy = nil
        configuration.httpShouldHandleCookies = false
        configuration.cookieJar = nil
        configuration.streamsEveryResponse = true
        configuration.timeoutInterval = options.upstreamTimeout
        configuration.transport = .swiftNIO
        configuration.verifiesTLSCertificates = !options.insecureUpstream
        configuration.tls = TLSOptions(caCertificatesFile: options.caCertificatesFile)
        // HTTP(S)_PROXY in the proxy's environment often names the proxy itself: it would send its traffic round again.
        configuration.proxy = ProxyChoice.direct
        return configuration
    }
}
