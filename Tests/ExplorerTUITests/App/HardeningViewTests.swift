import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Explorer: broken files in the tree, the TLS warning and hostile names")
struct HardeningViewTests {
    private func screen(_ model: ExplorerModel) -> String {
        ExplorerView.render(model).lines.joined(separator: "\n")
    }

    private let brokenRequest = CollectionProblem(SourceLocation(file: "/tmp/none/users/broken.yaml", line: 3, column: 7),
                                                  "expected text for 'url', found a list")
    private let brokenCollection = CollectionProblem(SourceLocation(file: "/tmp/elsewhere/Shop/collection.yaml", line: 1, column: 1),
                                                     "invalid YAML: mapping values are not allowed here")

    @Test func brokenFilesAreRowsUnderTheirCollectionAndTheRestStillLoads() {
        var model = ExplorerModel(collections: [Fixtures.collection], problems: [brokenRequest, brokenCollection], width: 100, height: 30)
        let rows = model.treeRows
        #expect(rows.map(\.title) == ["Demo", "Users", "Status", "users/broken.yaml:3:7", "Shop/collection.yaml:1:1"])
        #expect(rows[3].kind == .problem(0) && rows[3].depth == 1)
        #expect(rows[4].kind == .problem(1) && rows[4].depth == 0)
        let browsing = screen(model)
        #expect(browsing.contains("Demo ✗1"))
        #expect(browsing.contains("✗ users/broken.yaml:3:7"))

        // Selecting the broken file shows its full location and message in the request pane.
        Fixtures.press([.character("j"), .character("j"), .character("j")], &model)
        #expect(model.selectedProblem == brokenRequest)
        let details = screen(model)
        #expect(details.contains("Cannot load this file:"))
        #expect(details.contains("/tmp/none/users/broken.yaml:3:7"))
        #expect(details.contains("expected text for 'url', found a list"))
        // Enter on it neither sends nor crashes; the requests that loaded still send.
        #expect(Fixtures.press([.enter], &model).isEmpty)
        Fixtures.press([.character("g"), .character("j"), .character("j")], &model)
        let effects = Fixtures.press([.enter], &model)
        #expect(effects.contains { if case .send = $0 { return true } else { return false } })
    }

    /// A warning (the file loaded, something in it is ignored) is a ⚠ row, counted apart from broken files; it was not
    /// shown at all, so a misspelt `heders:` silently dropped the headers.
    @Test func warningsAreRowsTooAndSayWhatIsIgnored() {
        let warning = CollectionProblem(SourceLocation(file: "/tmp/none/status.yaml", line: 2, column: 1),
                                        "unknown key 'heders' in a request (did you mean 'headers'?)", isWarning: true)
        var model = ExplorerModel(collections: [Fixtures.collection], problems: [brokenRequest, warning], width: 100, height: 30)
        let browsing = screen(model)
        #expect(browsing.contains("Demo ✗1 ⚠1"))
        #expect(browsing.contains("⚠ status.yaml:2:1") && browsing.contains("✗ users/broken.yaml:3:7"))
        // The request itself loaded and is listed.
        #expect(model.treeRows.contains { $0.title == "Status" && $0.method != nil })
        Fixtures.press([.character("G")], &model)
        #expect(model.selectedProblem == warning)
        let details = screen(model)
        #expect(details.contains("File warning") && details.contains("Loaded, but this is ignored:") && details.contains("did you mean 'headers'?"))
        #expect(!details.contains("Cannot load this file:"))
    }

    @Test func problemsWithoutCollectionsStillRender() {
        let model = ExplorerModel(collections: [], problems: [brokenCollection], width: 100, height: 24)
        #expect(model.currentCollection == nil)
        #expect(screen(model).contains("✗ Shop/collection.yaml:1:1"))
    }

    @Test func theTopBarWarnsWhileTLSVerificationIsOff() {
        var collection = Fixtures.collection
        collection.environments[1].verifyTLS = false
        var model = ExplorerModel(collections: [collection], width: 120, height: 30)
        #expect(!screen(model).contains("TLS verification off"))
        Fixtures.press([.character("e"), .character("j"), .enter], &model)
        let staging = screen(model)
        #expect(staging.contains("env: staging") && staging.contains("⚠ TLS verification off"))
    }

    /// A filter longer than the tree pane shows its end, where the cursor is (it showed the start and no cursor).
    @Test func aLongFilterShowsItsEndAndTheCursor() {
        var model = Fixtures.model(width: 80, height: 24)
        Fixtures.press([.character("/")] + Fixtures.typing("abcdefghijklmnopqrstuvwxyz0123456789-THE-END"), &model)
        let buffer = ExplorerView.render(model)
        let row = buffer.lines[ScreenLayout(width: 80, height: 24, settings: LayoutSettings(stack: .never)).tree.y + 1]
        #expect(row.contains("THE-END") && !row.contains("abcdef"), "\(row)")
        #expect((0..<buffer.width).contains { buffer.cell(x: $0, y: ScreenLayout(width: 80, height: 24, settings: LayoutSettings(stack: .never)).tree.y + 1)?.style == .reversed })
    }

    /// At the smallest size the request pane has no room for its tab's content, which used to overwrite the border.
    @Test func theSmallestScreenKeepsTheRequestPaneBorder() {
        let request = RequestSpec(name: "Bare", slug: "bare", url: "/x", file: "/tmp/none/bare.yaml")
        let collection = CollectionSpec(root: FolderSpec(name: "C", slug: "C", requests: [request], directory: "/tmp/none"),
                                        environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:1")])
        var model = ExplorerModel(collections: [collection], width: ScreenLayout.minimumWidth, height: ScreenLayout.minimumHeight)
        Fixtures.press([.character("j"), .tab], &model)
        #expect(model.requestEditor.tab == .headers && model.tree.selectedRequestKey == "C/bare")
        let text = screen(model)
        #expect(!text.contains("No headers"), "\(text)")
        let layout = model.screen.layout
        let bottom = ExplorerView.render(model).lines[layout.request.y + layout.request.height - 1]
        #expect(bottom.contains("└") && bottom.contains("┘") && !bottom.contains("No"), "\(bottom)")
    }

    /// A failure message of several lines is shown as several lines (a raw newline was drawn as `^J`).
    @Test func aMultiLineFailureIsShownLineByLine() {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.requestFailed(id: 1, message: "Connection refused — GET http://x/status.\nOr press e to pick another environment."))
        let rows = screen(model).split(separator: "\n")
        #expect(!rows.contains { $0.contains("^J") })
        let first = rows.firstIndex { $0.contains("Connection refused") }
        let second = rows.firstIndex { $0.contains("Or press e to pick another environment.") }
        #expect(first != nil && second == first.map { $0 + 1 })
        // Both start at the pane's left edge: a newline written into the row would leave the second part mid-row.
        func column(_ text: String, _ row: Int?) -> Int? {
            guard let row, let found = rows[row].range(of: text) else { return nil }
            return rows[row].distance(from: rows[row].startIndex, to: found.lowerBound)
        }
        #expect(column("Connection refused", first) != nil && column("Connection refused", first) == column("Or press e", second))
    }

    @Test func hostileNamesAndValuesNeverReachTheTerminalRaw() {
        let hostile = "\u{1B}]52;c;cm0=\u{07}\u{1B}[2J\u{9B}31m"
        let request = RequestSpec(name: "req" + hostile, slug: "req", url: "/x" + hostile, headers: [KeyValue("X-H", "v" + hostile)],
                                  file: "/tmp/none/req.yaml")
        let root = FolderSpec(name: "Coll" + hostile, slug: "Coll", requests: [request], directory: "/tmp/none")
        let collection = CollectionSpec(root: root, environments: [EnvironmentSpec(name: "env" + hostile, baseURL: "http://h" + hostile)])
        let problem = CollectionProblem(SourceLocation(file: "/tmp/none/bad" + hostile + ".yaml", line: 1, column: 1), "bad" + hostile)
        var model = ExplorerModel(collections: [collection], problems: [problem], width: 120, height: 30)
        Fixtures.press([.character("j"), .tab], &model)
        _ = model.update(.requestFailed(id: 0, message: "failed" + hostile))
        for text in [screen(model), { Fixtures.press([.backTab, .character("j")], &model); return screen(model) }()] {
            for scalar in text.unicodeScalars {
                #expect(!(scalar.value < 0x20 && scalar != "\n") && !(0x7F...0x9F).contains(scalar.value), "raw control \(scalar.value)")
            }
        }
    }
}
