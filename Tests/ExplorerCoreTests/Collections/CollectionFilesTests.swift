@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Tree changes on disk: new, duplicate, rename, move and delete, never escaping the collection or overwriting a file")
struct CollectionFilesTests {
    func setUp() throws -> (TempCollections, CollectionSpec) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/orders/list.yaml", "# keep me\nname: List\nmethod: GET\nurl: /orders\nx-extra: 1\n")
        try temp.write("Mini/users/get.yaml", "url: /users/1\n")
        let collection = try #require(temp.load().collection(named: "Mini"))
        return (temp, collection)
    }

    func folder(_ collection: CollectionSpec, _ slug: String) throws -> FolderSpec {
        try #require(collection.root.folders.first { $0.slug == slug })
    }

    @Test func aNewRequestIsAMinimalFileTheLoaderReads() throws {
        let (temp, collection) = try setUp()
        let slug = try CollectionFiles.apply(.newRequest(name: "Create order", fileName: "", in: try folder(collection, "orders")))
        #expect(slug == "create-order")
        #expect(try String(contentsOfFile: temp.path("Mini/orders/create-order.yaml"), encoding: .utf8) == "name: Create order\nmethod: GET\nurl: /\n")
        let loaded = try #require(temp.load().request("Mini/orders/create-order"))
        #expect(loaded.name == "Create order" && loaded.method == "GET" && loaded.url == "/")
        // The same file name again is refused with a sentence, and the first file is untouched.
        #expect(throws: SaveError.self) { try CollectionFiles.apply(.newRequest(name: "Other", fileName: "Create order", in: try folder(collection, "orders"))) }
    }

    @Test func hostileNamesStayInsideTheFolder() throws {
        let (temp, collection) = try setUp()
        let names = ["../../escape", "a/b", ".hidden", "..", "with\u{1B}[2Jescape", "Ünïcødé 名前", "  spaced  out ", "collection", "CON"]
        var made: [String] = []
        for name in names {
            made.append(try CollectionFiles.apply(.newRequest(name: name, fileName: "", in: try folder(collection, "users"))))
        }
        #expect(made == ["escape", "a-b", "hidden", "request", "with-2jescape", "ünïcødé-名前", "spaced-out", "collection-1", "con"])
        // A name that comes out as a file name already there is refused, not silently renamed.
        #expect(throws: SaveError.self) { try CollectionFiles.apply(.newRequest(name: "   ", fileName: "", in: try folder(collection, "users"))) }
        for slug in made {
            #expect(!slug.contains("/") && !slug.hasPrefix(".") && !slug.contains("\u{1B}"))
            #expect(FileManager.default.fileExists(atPath: temp.path("Mini/users/\(slug).yaml")))
        }
        #expect(!FileManager.default.fileExists(atPath: temp.root + "/escape.yaml"))
        let result = temp.load()
        #expect(result.problems.filter { !$0.isWarning }.isEmpty, "\(result.problems)")
    }

    @Test func aNewFolderKeepsItsDisplayName() throws {
        let (temp, collection) = try setUp()
        let slug = try CollectionFiles.apply(.newFolder(name: "Admin Tools", in: collection.root))
        #expect(slug == "admin-tools")
        let loaded = try #require(temp.load().collection(named: "Mini"))
        #expect(loaded.root.folders.contains { $0.slug == "admin-tools" && $0.name == "Admin Tools" })
        #expect(throws: SaveError.self) { try CollectionFiles.apply(.newFolder(name: "admin tools", in: collection.root)) }
    }

    @Test func aDuplicateCopiesTheFileByteForByteButItsName() throws {
        let (temp, collection) = try setUp()
        let orders = try folder(collection, "orders")
        let list = try #require(orders.requests.first)
        let slug = try CollectionFiles.apply(.duplicate(list, name: "List copy", in: orders))
        #expect(slug == "list-copy")
        #expect(try String(contentsOfFile: temp.path("Mini/orders/list-copy.yaml"), encoding: .utf8)
            == "# keep me\nname: List copy\nmethod: GET\nurl: /orders\nx-extra: 1\n")
        #expect(try String(contentsOfFile: temp.path("Mini/orders/list.yaml"), encoding: .utf8).contains("name: List\n"))
    }

    @Test func renamingChangesTheNameAndOnRequestTheFile() throws {
        let (temp, collection) = try setUp()
        let orders = try folder(collection, "orders")
        let list = try #require(orders.requests.first)
        #expect(try CollectionFiles.apply(.rename(list, name: "All orders", renameFile: false, in: orders)) == "list")
        #expect(try String(contentsOfFile: temp.path("Mini/orders/list.yaml"), encoding: .utf8) == "# keep me\nname: All orders\nmethod: GET\nurl: /orders\nx-extra: 1\n")
        let renamed = try #require(temp.load().request("Mini/orders/list"))
        #expect(try CollectionFiles.apply(.rename(renamed, name: "All orders", renameFile: true, in: orders)) == "all-orders")
        #expect(!FileManager.default.fileExists(atPath: temp.path("Mini/orders/list.yaml")))
        #expect(temp.load().request("Mini/orders/all-orders")?.name == "All orders")
    }

    @Test func movingRefusesToReplaceAndDeletingRemovesOnlyTheFile() throws {
        let (temp, collection) = try setUp()
        let orders = try folder(collection, "orders")
        let users = try folder(collection, "users")
        let list = try #require(orders.requests.first)
        #expect(try CollectionFiles.apply(.move(list, to: users)) == "list")
        #expect(FileManager.default.fileExists(atPath: temp.path("Mini/users/list.yaml")))
        #expect(!FileManager.default.fileExists(atPath: temp.path("Mini/orders/list.yaml")))
        // Moving a request onto a folder that has one of the same file name is refused; both stay.
        try temp.write("Mini/orders/get.yaml", "url: /other\n")
        let other = try #require(temp.load().request("Mini/orders/get"))
        #expect(throws: SaveError.self) { try CollectionFiles.apply(.move(other, to: users)) }
        #expect(try String(contentsOfFile: temp.path("Mini/users/get.yaml"), encoding: .utf8) == "url: /users/1\n")
        let moved = try #require(temp.load().request("Mini/users/list"))
        try CollectionFiles.apply(.delete(moved))
        #expect(!FileManager.default.fileExists(atPath: temp.path("Mini/users/list.yaml")))
        #expect(FileManager.default.fileExists(atPath: temp.path("Mini/users/get.yaml")))
        #expect(FileManager.default.fileExists(atPath: temp.path("Mini/orders")))
    }

    @Test func aFolderThatCannotBeWrittenGivesASentence() throws {
        let (temp, collection) = try setUp()
        guard getuid() != 0 else { return }  // root writes anywhere
        chmod(temp.path("Mini/orders"), 0o555)
        defer { chmod(temp.path("Mini/orders"), 0o755) }
        #expect(throws: SaveError.self) { try CollectionFiles.apply(.newRequest(name: "x", fileName: "", in: try folder(collection, "orders"))) }
    }
}
