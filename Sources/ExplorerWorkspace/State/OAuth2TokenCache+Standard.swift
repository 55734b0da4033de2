import ExplorerCore
import Foundation

extension OAuth2TokenCache {
    /// The cache in the state directory (`StateDirectory`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> OAuth2TokenCache {
        OAuth2TokenCache(directory: StateDirectory(environment: environment).file("oauth"))
    }
}
