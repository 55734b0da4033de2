import ExplorerChecks
import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Captures, needs and the Checks tab in the explorer")
struct ChecksTabTests {
    static func collection(whoamiNeeds: [String] = ["login"]) -> CollectionSpec {
        var login = RequestSpec(name: "Log in", slug: "login", method: "POST", url: "/login", file: "/tmp/none/login.yaml")
        login.captures = [CaptureSpec(name: "token", source: .jsonPath("$.token"), secret: true)]
        var whoami = RequestSpec(name: "Who am I", slug: "whoami", url: "/me?t={{token}}", file: "/tmp/none/whoami.yaml")
        whoami.needs = whoamiNeeds.map { RequestNeed(reference: $0, location: SourceLocation(file: "/tmp/none/whoami.yaml", line: 3, column: 5)) }
        whoami.checks = [CheckSpec(.status(.code(200)))]
        let root = FolderSpec(name: "Flow", slug: "Flow", requests: [login, whoami], directory: "/tmp/none")
        return CollectionSpec(root: root, environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:8787", isDefault: true)])
    }

    static func model(_ collection: CollectionSpec = collection()) -> ExplorerModel {
        var model = ExplorerModel(collections: [collection], width: 100, height: 30)
        model.tree.selectedRequestKey = "Flow/whoami"
        return model
    }

    static let token = CapturedValue(name: "token", value: "tok-123", secret: true, origin: "Flow/login $.token")

    @Test func aMissingNeedIsSentFirstAndItsCaptureResolvesTheRequest() throws {
        var model = Self.model()
        let first = Fixtures.press([.control("j")], &model)
        guard case let .sendNeed(id, need)? = first.first else { Issue.record("expected the need first, got \(first)"); return }
        #expect(id == 1 && need.request.slug == "login")
        let next = Fixtures.deliver(.needSent(id: 1, reference: "Flow/login", captured: [Self.token], failure: nil), &model)
        guard case let .send(sameID, resolver)? = next.first else { Issue.record("expected the request, got \(next)"); return }
        #expect(sameID == 1 && resolver.request.slug == "whoami")
        #expect(try resolver.resolvedURLString() == "http://127.0.0.1:8787/me?t=tok-123")
        #expect(model.session.captures.value("token", environment: "Flow/local")?.origin == "Flow/login $.token")
        // With the capture there, sending again sends the request alone.
        let again = Fixtures.press([.control("j")], &model)
        #expect(again.contains { if case let .send(_, resolver) = $0 { resolver.request.slug == "whoami" } else { false } })
        #expect(!again.contains { if case .sendNeed = $0 { true } else { false } })
    }

    @Test func aNeedThatFailsOrACycleFailsTheSendSayingWhy() {
        var model = Self.model()
        Fixtures.press([.control("j")], &model)
        Fixtures.deliver(.needSent(id: 1, reference: "Flow/login", captured: [], failure: "$.token selected nothing"), &model)
        guard case let .failed(message) = model.responseView.state else { Issue.record("expected a failure, got \(model.responseView.state)"); return }
        #expect(message.contains("Flow/login, which this request needs, failed: $.token selected nothing"))
        var cyclic = Self.model(Self.collection(whoamiNeeds: ["whoami"]))
        #expect(Fixtures.press([.control("j")], &cyclic).isEmpty)
        guard case let .failed(cycle) = cyclic.responseView.state else { Issue.record("expected a failure, got \(cyclic.responseView.state)"); return }
        #expect(cycle.contains("/tmp/none/whoami.yaml:3:5: error: dependency cycle: Flow/whoami → Flow/whoami"))
    }

    @Test func theChecksTabShowsEachResultAndTheStatusLineTheTally() {
        var model = Self.model()
        Fixtures.press([.control("j")], &model)
        Fixtures.deliver(.needSent(id: 1, reference: "Flow/login", captured: [Self.token], failure: nil), &model)
        var summary = Fixtures.summary(#"{"ok": false}"#)
        summary.checks = [CheckResult(check: CheckSpec(.status(.code(200))), passed: true, actual: "200"),
                          CheckResult(check: CheckSpec(.jsonPath("$.ok", .equals(.bool(true)))), passed: false, actual: "false",
                                      reason: "expected true, got false")]
        summary.captured = [CapturedValue(name: "user", value: "ada", origin: "Flow/whoami $.user")]
        Fixtures.deliver(.responseReceived(id: 1, summary), &model)
        model.focus = .response
        Fixtures.press([.character("]"), .character("]")], &model)
        #expect(model.responseView.tab == .checks)
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "explorer_checks_100x30")
        #expect(buffer.lines.contains { $0.contains("✗ 1 of 2 checks failed") })
        #expect(buffer.lines.contains { $0.contains("Checks (1/2)") })
        #expect(buffer.lines.contains { $0.contains("✗ $.ok equals true  actual: false  expected true, got false") })
        #expect(buffer.lines.contains { $0.contains("user = ada  from Flow/whoami $.user") })
        #expect(model.session.captures.value("user", environment: "Flow/local")?.value == "ada")
        Fixtures.press([.character("]")], &model)
        #expect(model.responseView.tab == .body)
    }

    @Test func theEnvironmentPickerListsCapturedValuesMaskedWithTheirSource() {
        var model = Self.model()
        var persisted = CaptureStore()
        persisted.record([Self.token, CapturedValue(name: "userId", value: "42", origin: "Flow/create $.id")], environment: "local")
        // Another collection's environment of the same name shares nothing.
        model.addPersistedCaptures(["Flow": persisted, "Other": persisted])
        #expect(model.session.captures.values(environment: "Other/local").isEmpty)
        Fixtures.press([.character("e")], &model)
        let lines = ExplorerView.render(model).lines
        #expect(lines.contains { $0.contains("token = ••••••  (captured from Flow/login $.token)") })
        #expect(lines.contains { $0.contains("userId = 42  (captured from Flow/create $.id)") })
        #expect(!lines.contains { $0.contains("tok-123") })
        // s writes the highlighted environment's values next to the collection.
        let saved = Fixtures.press([.character("s")], &model)
        guard case let .saveCaptures(directory, environment, store)? = saved.first else { Issue.record("expected a save, got \(saved)"); return }
        #expect(directory == "/tmp/none" && environment == "local" && store.values(environment: "local").map(\.name) == ["token", "userId"])
    }

    @Test func theResolverOfTheSelectedRequestUsesOnlyItsCollectionsCaptures() throws {
        var model = Self.model()
        model.session.captures.record([Self.token], environment: "Elsewhere/local")
        #expect(throws: ResolveError.self) { try model.selectedResolver?.resolvedURLString() }
        model.session.captures.record([Self.token], environment: "Flow/local")
        #expect(try model.selectedResolver?.resolvedURLString() == "http://127.0.0.1:8787/me?t=tok-123")
    }
}
