import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// `{{$command …}}`: run by `/bin/sh -c` in the collection's directory only when the collection is trusted with it,
/// once per store, shown as `{{$command …}}` in previews; trust kept 0600 as the fingerprint of the collection's list.
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
        resolver.inputs.context = SendContext(secrets: SecretStore(timeout: 10))
        return resolver
    }

    @Test func runsOnlyWhenTrustedAndOncePerStore() throws {
        let temp = try TempDirectory()
        var resolver = try Self.resolver(temp)
        let calls = temp.path + "/S/calls"
        // A preview shows it and runs nothing; the request says which commands it would run.
        #expect(try resolver.resolve().request.authentication == .bearer(token: "{{$command echo run >> calls; cat token.txt}}"))
        #expect(resolver.outsideReads() == [OutsideRead(.command, "echo run >> calls; cat token.txt")])
        resolver.inputs.isSending = true
        resolver.inputs.trustAdvice = "Run apiexplorer trust S."
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message.contains("runs the shell command: echo run >> calls; cat token.txt, and this collection is not trusted to")
                    && message.hasSuffix("Run apiexplorer trust S."), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: calls))
        resolver.inputs.trust = TrustGrant(resolver.collection.trustList)
        let sent = try resolver.resolve()
        #expect(sent.request.authentication == .bearer(token: "cmd-SECRET-token"))
        #expect(sent.secretValues.contains("cmd-SECRET-token"))
        _ = try resolver.resolve()
        #expect(String(decoding: FileManager.default.contents(atPath: calls) ?? Data(), as: UTF8.self) == "run\n")
    }

    @Test func aFailingCommandSaysWhy() throws {
        let temp = try TempDirectory()
        var resolver = try Self.resolver(temp)
        try FileManager.default.removeItem(atPath: temp.path + "/S/token.txt")
        resolver.inputs.isSending = true
        resolver.inputs.trust = .everything
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message.contains("could not run: `/bin/sh` failed (exit 1): cat: token.txt"), "\(message)")
    }

    @Test func trustIsKeptPrivateAndAChangedListAsksAgain() throws {
        let temp = try TempDirectory()
        let resolver = try Self.resolver(temp)
        let list = resolver.collection.trustList
        #expect(list.reads == [OutsideRead(.command, "echo run >> calls; cat token.txt")])
        #expect(list.fingerprint.count == 64)
        let store = TrustStore.standard(environment: ["XDG_STATE_HOME": temp.path + "/state"])
        #expect(store.path == temp.path + "/state/apiexplorer/trusted-collections.json")
        #expect(!store.trusts(list) && store.grant(list) == .nothing)
        try store.trust(list)
        #expect(store.trusts(list) && store.grant(list).allows(OutsideRead(.command, "echo run >> calls; cat token.txt")))
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try temp.write("S/r.yaml", "url: /y\nheaders:\n  - name: X\n    value: \"{{$command date}}\"\n")
        let changed = try #require(CollectionStore(directory: temp.path, loader: CollectionLoader()).load().collection(named: "S")).trustList
        #expect(changed.fingerprint != list.fingerprint && changed.reads.contains(OutsideRead(.command, "date")))
        #expect(!store.trusts(changed))
        #expect(try store.revoke(directory: temp.path + "/S"))
        #expect(!store.trusts(list))
    }
}
