@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// The `order` key: requests and folders listed first as written, the rest by name; imports keep their source order.
@Suite("Display order of requests and folders")
struct OrderTests {
    @Test func listedEntriesComeFirstInTheirOrderAndTheRestFollowByName() throws {
        let temp = try TempCollections()
        try temp.write("C/collection.yaml", "name: C\norder: [zeta, login, inner]\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        for name in ["alpha", "login", "zeta", "beta"] { try temp.write("C/\(name).yaml", "url: /\(name)\n") }
        try temp.write("C/inner/folder.yaml", "order:\n  - second\n")
        try temp.write("C/inner/first.yaml", "url: /first\n")
        try temp.write("C/inner/second.yaml", "url: /second\n")
        try temp.write("C/outer/x.yaml", "url: /x\n")
        let result = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let root = try #require(result.collections.first?.root)
        #expect(root.requests.map(\.slug) == ["zeta", "login", "alpha", "beta"])
        #expect(root.folders.map(\.slug) == ["inner", "outer"])
        #expect(root.folders.first?.requests.map(\.slug) == ["second", "first"])
    }

    @Test func anUnknownNameIsAWarningAndABadItemIsALocatedError() throws {
        let temp = try TempCollections()
        try temp.write("C/collection.yaml", "name: C\norder: [nope, a]\n")
        try temp.write("C/a.yaml", "url: /a\n")
        try temp.write("C/b.yaml", "url: /b\n")
        try temp.write("D/collection.yaml", "name: D\norder:\n  - a\n  - {name: b}\n")
        let result = CollectionLoader(environment: [:]).load(directory: temp.root)
        let warning = try #require(result.problems.first { $0.location.file.hasSuffix("C/collection.yaml") })
        #expect(warning.isWarning)
        #expect(warning.message == "'order' lists 'nope', which is neither a request file nor a folder here")
        #expect(result.collections.first { $0.slug == "C" }?.root.requests.map(\.slug) == ["a", "b"])
        let error = try #require(result.problems.first { $0.location.file.hasSuffix("D/collection.yaml") })
        #expect(!error.isWarning && error.location.line == 4 && error.location.column == 5, "\(error)")
        #expect(error.message.hasPrefix("expected each item of 'order' to be the name of a request file or folder, found"))
    }

    @Test func aBrokenRequestInTheOrderIsReportedOnceForItself() throws {
        let temp = try TempCollections()
        try temp.write("C/collection.yaml", "name: C\norder: [broken, a]\n")
        try temp.write("C/a.yaml", "url: /a\n")
        try temp.write("C/broken.yaml", "url: [unclosed\n")
        let result = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(result.problems.count == 1, "\(result.problems)")
        #expect(result.problems.first?.location.file.hasSuffix("C/broken.yaml") == true)
    }

    @Test func anImportKeepsItsSourceOrderThroughTheLoader() throws {
        let temp = try TempCollections()
        let json = #"""
        {"info": {"name": "Flow", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [
           {"name": "Zebra login", "request": {"method": "POST", "url": "https://api.test/login"}},
           {"name": "Create order", "request": {"method": "POST", "url": "https://api.test/orders"}},
           {"name": "Admin", "item": [{"name": "Wipe", "request": {"url": "https://api.test/wipe"}}]},
           {"name": "Archive", "item": []}
         ]}
        """#
        let result = try PostmanImporter.importCollection(Data(json.utf8), source: "flow.json")
        let summary = try CollectionWriter.write(result, into: temp.root, force: false, sourceDirectory: temp.root)
        let loaded = try #require(CollectionLoader(environment: [:]).load(directory: temp.root).collections.first)
        #expect(loaded.root.requests.map(\.name) == ["Zebra login", "Create order"])
        #expect(loaded.root.folders.map(\.name) == ["Admin", "Archive"])
        #expect(loaded == summary.collection)
        let manifest = try String(contentsOfFile: temp.root + "/flow/collection.yaml", encoding: .utf8)
        #expect(manifest.contains("order:\n- admin\n- archive\n- zebra-login\n- create-order\n"), "\(manifest)")
    }
}
