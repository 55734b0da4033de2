import ExplorerCore
import ExplorerTUI
import Foundation

/// Reads and changes the explorer's cookie jars off the UI (a jar kept on disk is read from its file on first use).
enum CookieEffectRunner {
    /// Starts `effect` if it is a cookie effect; other effects have their own runners.
    static func start(_ effect: AppEffect, inbox: MessageInbox, cookies: CookieJars) {
        guard case let .cookies(directory, environment, keeps, remove, clear) = effect else { return }
        Task.detached {
            guard let jar = cookies.jar(collection: directory, environment: environment, keepsSessionCookies: keeps) else {
                inbox.post(.cookiesListed(directory: directory, environment: environment, cookies: nil))
                return
            }
            if let remove { jar.remove(remove) }
            if clear { jar.removeAll() }
            inbox.post(.cookiesListed(directory: directory, environment: environment, cookies: jar.cookies))
        }
    }
}
