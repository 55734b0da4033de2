import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

/// Trust in the explorer: sending a request that reads or runs outside its collection asks to trust the collection,
/// listing its whole list safely; n sends nothing, y remembers the trust (an effect, off the UI) and sends with the
/// list granted; the session does not ask again, and a changed list asks again.
@Suite("The explorer asks before reading or running outside a collection")
struct TrustQuestionViewTests {
    static func collection(command: String = "whoami") -> CollectionSpec {
        let who = RequestSpec(name: "Who", slug: "who", method: "GET", url: "/who?u={{$command \(command)}}", file: "/tmp/none/who.yaml")
        let root = FolderSpec(name: "C", slug: "C", requests: [who], directory: "/tmp/none")
        var collection = CollectionSpec(root: root, environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:8787", isDefault: true)])
        collection.trustList = TrustList(directory: "/tmp/none", sites: [
            OutsideReadSite(OutsideRead(.command, command), at: SourceLocation(file: "/tmp/none/who.yaml", line: 3)),
        ])
        return collection
    }

    func sent(_ effects: [AppEffect]) -> RequestResolver? {
        for case let .send(_, resolver) in effects { return resolver }
        return nil
    }

    @Test func yTrustsRemembersAndSends() throws {
        let collection = Self.collection()
        var model = ExplorerModel(collections: [collection], width: 100, height: 24)
        #expect(sent(Fixtures.press([.character("G"), .enter], &model)) == nil)
        let question = try #require(model.modal?.dialog)
        guard case let .confirmation(confirmation) = question else {
            Issue.record("not a question: \(question)")
            return
        }
        #expect(confirmation.purpose == .trustCollection(collection.trustList))
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Trust collection C?") && screen.contains("who.yaml:3  runs the shell command: whoami"), "\(screen)")
        #expect(sent(Fixtures.press([.character("n")], &model)) == nil)
        #expect(model.modal == nil)

        Fixtures.press([.control("j")], &model)
        #expect(model.modal?.dialog != nil)
        let effects = Fixtures.press([.character("y")], &model)
        #expect(effects.contains { if case .trustCollection(collection.trustList) = $0 { true } else { false } })
        let resolver = try #require(sent(effects))
        #expect(resolver.inputs.trust.allows(OutsideRead(.command, "whoami")))
        #expect(!resolver.inputs.trust.allows(OutsideRead(.command, "date")), "only what the list names")
        _ = model.update(.requestFailed(id: 1, message: "x"))
        #expect(sent(Fixtures.press([.control("j")], &model)) != nil)
        #expect(model.modal == nil)
    }

    @Test func aChangedListAsksAgain() throws {
        var model = ExplorerModel(collections: [Self.collection()], width: 100, height: 24)
        Fixtures.press([.character("G"), .enter], &model)
        Fixtures.press([.character("y")], &model)
        _ = model.update(.requestFailed(id: 1, message: "x"))
        var changed = model
        changed.session.trustedLists["/tmp/none"] = "another fingerprint"
        #expect(sent(Fixtures.press([.control("j")], &changed)) == nil)
        #expect(changed.modal?.dialog != nil)
    }

    @Test func escapeSequencesInTheListAreShownNotSent() throws {
        // A file's ESC[3A ESC[J would hide lines above it, and OSC 0 would retitle the terminal.
        let hostile = "echo benign-user\u{1B}[3A\u{1B}[J\u{1B}]0;owned\u{07}"
        var model = ExplorerModel(collections: [Self.collection(command: hostile)], width: 120, height: 24)
        Fixtures.press([.character("G"), .enter], &model)
        let cells = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(!cells.contains("\u{1B}") && !cells.contains("\u{07}"))
        #expect(cells.contains("echo benign-user\\u{1B}[3A\\u{1B}[J\\u{1B}]0;owned\\u{7}"), "\(cells)")
    }
}
