import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

/// `{{$command …}}` in the explorer: sending asks to allow the collection's commands, listing them; n sends nothing,
/// y remembers the approval (an effect, off the UI) and sends with commands allowed; the session does not ask again.
@Suite("The explorer asks before running commands")
struct CommandApprovalViewTests {
    static let collection: CollectionSpec = {
        let who = RequestSpec(name: "Who", slug: "who", method: "GET", url: "/who?u={{$command whoami}}", file: "/tmp/none/who.yaml")
        let root = FolderSpec(name: "C", slug: "C", requests: [who], directory: "/tmp/none")
        return CollectionSpec(root: root, environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:8787", isDefault: true)])
    }()

    func sent(_ effects: [AppEffect]) -> RequestResolver? {
        for case let .send(_, resolver) in effects { return resolver }
        return nil
    }

    @Test func yAllowsRemembersAndSends() throws {
        var model = ExplorerModel(collections: [Self.collection], width: 100, height: 24)
        #expect(sent(Fixtures.press([.character("G"), .enter], &model)) == nil)
        let question = try #require(model.modal?.dialog)
        guard case let .confirmation(confirmation) = question else {
            Issue.record("not a question: \(question)")
            return
        }
        #expect(confirmation.purpose == .allowCommands(directory: "/tmp/none"))
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Allow commands in collection C?") && screen.contains("whoami"), "\(screen)")
        #expect(sent(Fixtures.press([.character("n")], &model)) == nil)
        #expect(model.modal == nil)

        Fixtures.press([.control("j")], &model)
        #expect(model.modal?.dialog != nil)
        let effects = Fixtures.press([.character("y")], &model)
        #expect(effects.contains { if case .allowCommands(directory: "/tmp/none") = $0 { true } else { false } })
        let resolver = try #require(sent(effects))
        #expect(resolver.inputs.allowsCommands)
        _ = model.update(.requestFailed(id: 1, message: "x"))
        #expect(sent(Fixtures.press([.control("j")], &model)) != nil)
        #expect(model.modal == nil)
    }
}
