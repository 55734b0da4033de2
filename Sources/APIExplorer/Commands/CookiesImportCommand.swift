import ArgumentParser
import ExplorerCore
import Foundation

/// `apiexplorer cookies import FILE REF [--env E]`: adds a Netscape cookie file's cookies to a jar.
struct CookiesImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add the cookies of a Netscape cookie file (curl -c, a browser export) to a collection's jar.")

    @Argument(help: "The Netscape cookie file.")
    var file: String

    @OptionGroup var target: CookieTarget

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            StandardError.write("error: \(file): cannot read the file")
            throw ExitCode(.failed)
        }
        let cookies: [CookieRecord]
        do {
            cookies = try NetscapeCookieFile.parse(String(decoding: data, as: UTF8.self), path: file, now: Date())
        } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.failed)
        }
        guard let entry = try target.jars(single: true).first else { throw ExitCode(.failed) }
        entry.jar.insert(cookies)
        do { try entry.jar.save() } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.failed)
        }
        print("Imported \(cookies.count) cookie\(cookies.count == 1 ? "" : "s") into \(entry.title).")
    }
}
