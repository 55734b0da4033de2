import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Makes URL sessions whose delegate lets the core control redirects, strip credentials on cross-origin redirects and cap body sizes.
public enum ExplorerSession {
    /// The session requests use unless they are given another; it keeps connections alive across requests.
    public static let shared: URLSession = make()

    /// A new session with the core's delegate; pass a configuration to change caching, cookies or connection limits.
    /// The default configuration has no URL cache: an explorer shows what the server sends, and looking every
    /// request up in Foundation's cache cost about 4% of a small request's time.
    public static func make(configuration: URLSessionConfiguration = ExplorerSession.defaultConfiguration()) -> URLSession {
        URLSession(configuration: configuration, delegate: SessionDelegate(), delegateQueue: nil)
    }

    /// `URLSessionConfiguration.default` without a URL cache or a cookie store: cookies are the core's `CookieJar`
    /// (`Request.Configuration.cookieJar`), the same on every transport.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}
