import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `{{$command …}}`: run by `/bin/sh -c` in the collection's directory only when allowed, once per store, shown as
/// `{{$command …}}` in previews; approvals kept 0600 under the SHA-256 of the files holding commands.
@Suite("Command built-in and its approvals")
struct CommandBuiltInTests {
    static func resolver(_ temp: TempDirectory) throws -> RequestResolver {
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: dev
                baseURL: http://127.0.0.1:9
                variables:
                  - name: token
                    value: "{{$command echo run >> calls; cat token.txt}}"
                    secret: true
            """)
        try temp.write("S/token.txt", "cmd-SECRET-token\n")
        try temp.write("S/r.yaml", "url: /x\nauth:\n  type: bearer\n  token: \"{{token}}\"\n")
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader()).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        let located = try #require(collection.locate(["r"]))
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.defaultEnvironment, processEnvironment: ["PATH": "/usr/bin:/bin"])
        resolver.inputs.secretStore = SecretStore(timeout: 10)
        return resolver
    }

    @Test func runsOnlyWhenAllowedAndOncePerStore() throws {
        let temp = try TempDirectory()
        var resolver = try Self.resolver(temp)
        let calls = temp.path + "/S/calls"
        // A preview shows it and runs nothing; the request says which commands it would run.
        #expect(try resolver.resolve().request.authentication == .bearer(token: "{{$command echo run >> calls; cat token.txt}}"))
        #expect(resolver.commandsToRun() == ["echo run >> calls; cat token.txt"])
        resolver.inputs.isSending = true
        resolver.inputs.commandAdvice = "Pass --allow-commands."
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message.contains("runs a shell command, and this collection's commands are not allowed") && message.hasSuffix("Pass --allow-commands."),
                "\(message)")
        #expect(!FileManager.default.fileExists(atPath: calls))
        resolver.inputs.allowsCommands = true
        let sent = try resolver.resolve()
        #expect(sent.request.authentication == .bearer(token: "cmd-SECRET-token"))
        #expect(sent.secretValues.contains("cmd-SECRET-token"))
        _ = try resolver.resolve()
        #expect(String(decoding: FileManager.default.contents(atPath: calls) ?? Data(), as: UTF8.self) == "run\n")
        #expect(resolver.commandsToRun().isEmpty)
    }

    @Test func aFailingCommandSaysWhy() throws {
        let temp = try TempDirectory()
        var resolver = try Self.resolver(temp)
        try FileManager.default.removeItem(atPath: temp.path + "/S/token.txt")
        resolver.inputs.isSending = true
        resolver.inputs.allowsCommands = true
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message.contains("could not run: `/bin/sh` failed (exit 1): cat: token.txt"), "\(message)")
    }

    @Test func approvalsAreKeptPrivateAndAChangedFileAsksAgain() throws {
        let temp = try TempDirectory()
        _ = try Self.resolver(temp)
        let directory = temp.path + "/S"
        let found = try #require(CollectionCommands.scan(directory))
        #expect(found.commands == ["echo run >> calls; cat token.txt"])
        #expect(found.digest.count == 64)
        let approvals = CommandApprovals.standard(environment: ["XDG_STATE_HOME": temp.path + "/state"])
        #expect(approvals.path == temp.path + "/state/apiexplorer/allowed-commands.json")
        #expect(!approvals.allows(found))
        try approvals.allow(found)
        #expect(approvals.allows(found))
        let mode = try FileManager.default.attributesOfItem(atPath: approvals.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try temp.write("S/r.yaml", "url: /y\nheaders:\n  - name: X\n    value: \"{{$command date}}\"\n")
        let changed = try #require(CollectionCommands.scan(directory))
        #expect(changed.digest != found.digest && changed.commands.contains("date"))
        #expect(!approvals.allows(changed))
        #expect(CollectionCommands.scan(temp.path + "/nothing") == nil)
    }
}
