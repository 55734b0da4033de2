import ExplorerCore
import Foundation

extension CookieStore {
    /// The store in the state directory (`StateDirectory`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> CookieStore {
        CookieStore(directory: StateDirectory(environment: environment).file("cookies"))
    }
}
