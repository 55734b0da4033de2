import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// `--no-cookies` and `--cookie-jar FILE`, shared by the commands that send (explore, send, run, diff).
struct CookieOptions: ParsableArguments {
    @Flag(name: .customLong("no-cookies"), help: "Send no cookies and keep none that responses set.")
    var disabled = false

    @Option(name: .customLong("cookie-jar"), help: ArgumentHelp(
        "Read cookies from this Netscape cookie file and write them back to it (curl's -b FILE -c FILE), instead of the jars in the state directory.",
        valueName: "file"))
    var file: String?

    func validate() throws {
        if disabled, file != nil { throw ValidationError("--no-cookies and --cookie-jar cannot be used together") }
    }

    /// Where this run keeps cookies: none, the `--cookie-jar` file, else one jar per collection and environment in the
    /// state directory, unless the config file's `cookies: {enabled: false}` (`configEnabled`) turns them off; the
    /// flags win over the file.
    func policy(configEnabled: Bool = true) -> CookiePolicy {
        if disabled { return .disabled }
        if let file { return .file(file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file) }
        return configEnabled ? .store(CookieStore.standard()) : .disabled
    }

    /// This run's send context, its cookies kept as `policy` says; a `--cookie-jar` file with a line that is not a
    /// cookie is an error naming the line. The command calls `finish()` on it before it ends, to save the jars.
    func context(configEnabled: Bool = true) throws -> SendContext {
        let policy = self.policy(configEnabled: configEnabled)
        if case let .file(path) = policy, let data = FileManager.default.contents(atPath: path) {
            do {
                _ = try NetscapeCookieFile.parse(String(decoding: data, as: UTF8.self), path: file ?? path)
            } catch {
                StandardError.write("error: \(error.description)")
                throw ExitCode(.failed)
            }
        }
        return SendContext(cookies: CookieJars(policy: policy))
    }
}
