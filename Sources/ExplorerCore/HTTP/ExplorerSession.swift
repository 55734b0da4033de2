import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Makes URL sessions whose delegate lets the core control redirects, strip credentials on cross-origin redirects and cap body sizes.
public enum ExplorerSession {
    /// The session requests use unless they are given another; it keeps connections alive across requests.
    public static let shared: URLSession = make()

    /// A new session with the core's delegate; pass a configuration to change caching, cookies or connection limits.
    public static func make(configuration: URLSessionConfiguration = .default) -> URLSession {
        URLSession(configuration: configuration, delegate: SessionDelegate(), delegateQueue: nil)
    }
}
