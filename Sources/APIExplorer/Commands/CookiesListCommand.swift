import ArgumentParser
import ExplorerCore
import Foundation

/// `apiexplorer cookies list [REF] [--env E]`: each jar's cookies, values masked.
struct CookiesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the cookies kept (values masked).")

    @OptionGroup var target: CookieTarget

    @Flag(name: .long, help: "Show cookie values instead of masking them.")
    var showSecrets = false

    func run() throws {
        var out = ""
        for entry in try target.jars() {
            let cookies = entry.jar.cookies
            guard !cookies.isEmpty else { continue }
            out += entry.title + "\n"
            for cookie in cookies { out += "  " + CookiesListCommand.line(cookie, showValue: showSecrets) + "\n" }
        }
        if out.isEmpty { out = "No cookies.\n" }
        print(TerminalSafeText.sanitizedLines(utf8: Array(out.utf8)).joined(separator: "\n"), terminator: "")
    }

    /// `example.com /  session=••••••  expires 2026-11-28T05:00:00Z  Secure HttpOnly`.
    static func line(_ cookie: CookieRecord, showValue: Bool) -> String {
        let value = showValue ? cookie.value : SecretMasker.mask
        let expires = cookie.expires.map { "expires " + ISO8601DateFormatter().string(from: $0) } ?? "session"
        let flags = (cookie.isSecure ? ["Secure"] : []) + (cookie.isHTTPOnly ? ["HttpOnly"] : [])
        return ([cookie.domain, cookie.path, " \(cookie.name)=\(value)", " " + expires] + flags).joined(separator: " ")
    }
}
