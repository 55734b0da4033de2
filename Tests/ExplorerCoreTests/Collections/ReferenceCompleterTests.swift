@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Completing references and environments for a shell (issue 46)")
struct ReferenceCompleterTests {
    /// `Shop` (folders `orders` named Orders and `My folder`, a broken request file, files the loader skips),
    /// `Solo` (one folder holding one request), `Broken` (its collection.yaml does not parse) and a directory that is
    /// no collection.
    func tree() throws -> TempCollections {
        let temp = try TempCollections()
        try temp.write("Shop/collection.yaml", """
            name: The Shop
            environments:
              - name: local
                baseURL: http://127.0.0.1:1
              - name: Staging EU
                baseURL: http://127.0.0.1:2
            """)
        try temp.write("Shop/orders/folder.yaml", "name: Orders\n")
        try temp.write("Shop/orders/list-orders.yaml", "name: List orders\nmethod: GET\nurl: /orders\n")
        try temp.write("Shop/orders/get-order.yml", "name: Get order\nmethod: GET\nurl: /orders/1\n")
        try temp.write("Shop/orders/broken.yaml", "name: [unclosed\nmethod: GET\n")
        try temp.write("Shop/orders/notes.txt", "not a request\n")
        try temp.write("Shop/orders/.hidden.yaml", "name: Hidden\nmethod: GET\nurl: /\n")
        try temp.write("Shop/orders/captures.local.yaml", "token: x\n")
        try temp.write("Shop/_files/body.json", "{}")
        try temp.write("Shop/My folder/My request.yaml", "name: Mine\nmethod: GET\nurl: /mine\n")
        try temp.write("Shop/ping.yaml", "name: Ping\nmethod: GET\nurl: /ping\n")
        try temp.write("Shop/secrets.local.yaml", "local:\n  token: x\n")
        try temp.write("Solo/collection.yaml", "name: Solo\nenvironments:\n  - name: only\n    baseURL: http://127.0.0.1:3\n")
        try temp.write("Solo/inner/deep/request.yaml", "name: Deep\nmethod: GET\nurl: /deep\n")
        try temp.write("Broken/collection.yaml", "environments: [\n")
        try temp.write("Broken/thing.yaml", "name: Thing\nmethod: GET\nurl: /\n")
        try temp.write("NotACollection/request.yaml", "name: Stray\nmethod: GET\nurl: /\n")
        return temp
    }

    @Test func aCollectionsOnlyMatchOpensItsEntries() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        // Only Shop starts with "Sh": its folders and requests come back, so the shell inserts "Shop/" and goes on.
        #expect(completer.references(completing: "Sh") == ["Shop/My folder/", "Shop/orders/", "Shop/ping"])
        #expect(completer.references(completing: "") == ["Broken/", "Shop/", "Solo/"])
        #expect(completer.references(completing: "Shop/orders/") == ["Shop/orders/broken", "Shop/orders/get-order", "Shop/orders/list-orders"])
        #expect(completer.references(completing: "Shop/orders/g") == ["Shop/orders/get-order"])
    }

    @Test func aSingleRequestBelowOnlyFoldersIsReachedInOneTab() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        #expect(completer.references(completing: "So") == ["Solo/inner/deep/request"])
    }

    @Test func whatWasTypedKeepsItsCase() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        // `send` resolves segments ignoring case; the shell keeps only candidates that start with what was typed.
        #expect(completer.references(completing: "shop/ORD") == ["shop/ORDers/broken", "shop/ORDers/get-order", "shop/ORDers/list-orders"])
    }

    @Test func namesWithSpacesComplete() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        #expect(completer.references(completing: "Shop/My") == ["Shop/My folder/My request"])
        #expect(completer.references(completing: "Shop/My folder/My r") == ["Shop/My folder/My request"])
    }

    @Test func aSegmentThatMatchesNoFileNameIsLookedUpByItsDeclaredName() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        // `send "Shop/Orders/Get order"` works (a name, as the explorer shows it): so does completing it.
        #expect(completer.references(completing: "Shop/Orders/Get o") == ["Shop/Orders/Get order"])
        #expect(completer.references(completing: "Shop/orders/LIST O") == ["Shop/orders/LIST Orders"])
        #expect(completer.references(completing: "The") == ["The Shop/My folder/", "The Shop/orders/", "The Shop/ping"])
        #expect(completer.collectionDirectory(for: "the shop/ping") == temp.path("Shop"))
    }

    @Test func unknownCollectionsAndFoldersCompleteToNothing() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        #expect(completer.references(completing: "Nope/").isEmpty)
        #expect(completer.references(completing: "Shop/nope/x").isEmpty)
        #expect(completer.references(completing: "Shop/ping/").isEmpty)
        #expect(completer.references(completing: "Shop//").isEmpty)
        #expect(completer.references(completing: "NotACollection/").isEmpty)
        #expect(ReferenceCompleter(directory: "/nonexistent-\(UUID().uuidString)").references(completing: "").isEmpty)
        #expect(completer.environments(completing: "", namedBy: ["Nope/x"]) == ["local", "only", "Staging EU"])
    }

    @Test func brokenFilesDoNotBreakCompletion() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        // A request file that does not parse is still a reference to complete (send reports its error), and the
        // name look-up passes over it.
        #expect(completer.references(completing: "Shop/orders/b") == ["Shop/orders/broken"])
        #expect(completer.references(completing: "Shop/orders/Zzz").isEmpty)
        #expect(completer.references(completing: "Broken/") == ["Broken/thing"])
        #expect(completer.environments(completing: "", namedBy: ["Broken/thing"]).isEmpty)
    }

    @Test func environmentsComeFromTheNamedCollectionOrFromAll() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        #expect(completer.environments(completing: "", namedBy: ["Shop/orders/get-order"]) == ["local", "Staging EU"])
        #expect(completer.environments(completing: "st", namedBy: ["shop"]) == ["staging EU"])
        #expect(completer.environments(completing: "Staging E", namedBy: ["Shop/ping"]) == ["Staging EU"])
        #expect(completer.environments(completing: "", namedBy: []) == ["local", "only", "Staging EU"])
        #expect(completer.environments(completing: "", namedBy: ["Solo", "Shop"]) == ["local", "only", "Staging EU"])
        // A collection's directory given as a path (mock takes one).
        #expect(completer.environments(completing: "", namedBy: [temp.path("Solo")]) == ["only"])
    }

    @Test func collectionsCompleteWithoutDescending() throws {
        let temp = try tree()
        let completer = ReferenceCompleter(directory: temp.root)
        #expect(completer.collections(completing: "S") == ["Shop", "Solo"])
        #expect(completer.collections(completing: "sh") == ["shop"])
        #expect(completer.collections(completing: "N").isEmpty)
    }

}
