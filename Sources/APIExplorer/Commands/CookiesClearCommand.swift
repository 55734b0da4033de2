import ArgumentParser
import ExplorerCore

/// `apiexplorer cookies clear [REF] [--env E]`: empties jars.
struct CookiesClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the cookies kept (every jar when no collection is named).")

    @OptionGroup var target: CookieTarget

    func run() throws {
        var removed = 0
        for entry in try target.jars() {
            let count = entry.jar.cookies.count
            guard count > 0 else { continue }
            entry.jar.removeAll()
            do { try entry.jar.save() } catch {
                StandardError.write("error: \(error.description)")
                throw ExitCode(.failed)
            }
            removed += count
        }
        print("Removed \(removed) cookie\(removed == 1 ? "" : "s").")
    }
}
