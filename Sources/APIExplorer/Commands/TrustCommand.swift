import ArgumentParser
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// `apiexplorer trust COLLECTION`: shows exactly what a collection reads and runs outside its directory, each item
/// where it is written, and remembers the user's trust in that list (a changed list asks again).
struct TrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Show what a collection reads and runs outside its directory, and trust it.",
        discussion: """
            Commands ({{$command …}}), files outside the collection ({{$file …}}, body files), environment variables
            ({{$env.NAME}}, fromEnv, env:NAME) and secret stores (pass:, op://, keyring:) are read or run only for a
            trusted collection. Trust is kept per collection for the exact list shown: a new command or another file
            asks again. Variables, secrets.local.yaml, {{$prompt}} and files inside the collection need no trust.
            """)

    @Argument(help: "The collection (its directory name or its name); with --list and none, every collection.", completion: ShellCompletion.collections)
    var collection: String?

    @OptionGroup var options: CollectionsOptions

    @Flag(name: .long, help: "Trust without asking.")
    var yes = false

    @Flag(name: .long, help: "Forget the trust given before.")
    var revoke = false

    @Flag(name: .long, help: "Only show the list (and whether it is trusted); ask nothing.")
    var list = false

    func validate() throws {
        if collection == nil, !list { throw ValidationError("trust needs a collection: apiexplorer trust Demo (or --list for all)") }
        if revoke, yes || list { throw ValidationError("--revoke goes alone: apiexplorer trust COLLECTION --revoke") }
    }

    func run() throws {
        let result = try options.load(about: collection)
        let collections = try CollectionsOptions.collections(collection, in: result)
        let store = TrustStore.standard()
        if list {
            print(collections.map { TrustCommand.listing($0, store: store) }.joined(separator: "\n"), terminator: "")
            return
        }
        guard let collection = collections.first else { return }
        let name = TerminalSafeText.sanitize(collection.name, allowTab: false)
        if revoke {
            let revoked: Bool
            do { revoked = try store.revoke(directory: collection.directory) } catch {
                StandardError.write("error: \(error.description)")
                throw ExitCode(.trouble)
            }
            print(revoked ? "Collection \(name) is no longer trusted." : "Collection \(name) was not trusted.")
            return
        }
        let trustList = collection.trustList
        guard !trustList.isEmpty else {
            print("Collection \(name) reads and runs nothing outside its directory: it needs no trust.")
            return
        }
        print(TrustCommand.listing(collection, store: store), terminator: "")
        if store.trusts(trustList) {
            print("Already trusted with this list.")
            return
        }
        if !yes {
            guard let answer = TerminalPrompter().confirm("Trust collection \(name) to read and run these? [y/N] ") else {
                StandardError.write("error: no terminal to ask on; pass --yes to trust collection \(name) without asking.")
                throw ExitCode(.failed)
            }
            guard ["y", "yes"].contains(answer.lowercased()) else {
                print("Not trusted.")
                throw ExitCode(.failed)
            }
        }
        do { try store.trust(trustList) } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(.trouble)
        }
        print("Trusted collection \(name) with these \(trustList.reads.count) item\(trustList.reads.count == 1 ? "" : "s"); a change to the list asks again.")
    }

    /// `Collection Demo (trusted):` and its sites, one a line.
    static func listing(_ collection: CollectionSpec, store: TrustStore) -> String {
        let name = TerminalSafeText.sanitize(collection.name, allowTab: false)
        let list = collection.trustList
        guard !list.isEmpty else { return "Collection \(name): reads and runs nothing outside its directory\n" }
        let state: String
        if store.trusts(list) {
            state = "trusted"
        } else if store.fingerprints()[TrustStore.key(collection.directory)] != nil {
            state = "not trusted: the list changed since it was trusted"
        } else {
            state = "not trusted"
        }
        return "Collection \(name) (\(state)) reads or runs outside its directory:\n" + list.listing.map { "  " + $0 + "\n" }.joined()
    }
}
