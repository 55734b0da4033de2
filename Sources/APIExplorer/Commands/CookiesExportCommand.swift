import ArgumentParser
import ExplorerCore
import Foundation

/// `apiexplorer cookies export FILE REF [--env E]`: writes a jar as a Netscape cookie file.
struct CookiesExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a collection's jar as a Netscape cookie file (for curl -b), or - for standard output.")

    @Argument(help: "The file to write (readable by its owner only), or - for standard output.")
    var file: String

    @OptionGroup var target: CookieTarget

    func run() throws {
        guard let entry = try target.jars(single: true).first else { throw ExitCode(.failed) }
        let text = NetscapeCookieFile.render(entry.jar.cookies)
        if file == "-" {
            print(text, terminator: "")
            return
        }
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: file, mode: 0o600)
        } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.failed)
        }
        print("Exported \(entry.jar.cookies.count) cookies of \(entry.title) to \(file).")
    }
}
