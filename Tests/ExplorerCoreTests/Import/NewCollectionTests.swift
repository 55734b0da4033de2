@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Collections made in the explorer: a new one, and the bundled Demo")
struct NewCollectionTests {
    @Test func aNewCollectionIsWrittenAsAnImportWritesOneAndLoads() throws {
        let temp = try TempCollections()
        let environment = EnvironmentSpec(name: "local", baseURL: "https://api.example.com", isDefault: true)
        let created = try CollectionWriter.create(name: "My Shop", environment: environment, in: temp.root)
        #expect(created.slug == "my-shop")
        let directory = temp.root + "/my-shop"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() == [".gitignore", "collection.yaml"])
        #expect(FileManager.default.contents(atPath: directory + "/.gitignore") == Data(CollectionWriter.gitignore.utf8))
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(loaded.problems.isEmpty)
        #expect(loaded.collections.map(\.name) == ["My Shop"])
        #expect(loaded.collections.first?.environments == [environment])
    }

    @Test func anExistingCollectionYAMLIsNeverOverwritten() throws {
        let temp = try TempCollections()
        try temp.write("shop/collection.yaml", "name: Shop\n# mine\n")
        #expect(throws: CollectionWriteError.exists(path: temp.root + "/shop")) {
            try CollectionWriter.create(name: "Shop", environment: EnvironmentSpec(name: "local", baseURL: "http://x.test"), in: temp.root)
        }
        #expect(FileManager.default.contents(atPath: temp.root + "/shop/collection.yaml") == Data("name: Shop\n# mine\n".utf8))
        try temp.write("Demo/collection.yaml", "name: Mine\n")
        #expect(throws: CollectionWriteError.exists(path: temp.root + "/Demo")) { try CollectionWriter.addBundledDemo(in: temp.root) }
        #expect(FileManager.default.contents(atPath: temp.root + "/Demo/collection.yaml") == Data("name: Mine\n".utf8))
    }

    /// The copy built into the binary is the repository's Demo, file for file; after a change to `Collections/Demo`,
    /// copy the changed text into `BundledDemo.swift`.
    @Test func theBundledDemoIsTheRepositorysDemo() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Collections/Demo").path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var onDisk: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue { onDisk.append(path) }
        }
        #expect(BundledDemo.files.map(\.path).sorted() == onDisk.sorted())
        for file in BundledDemo.files {
            let text = (try? String(contentsOfFile: root + "/" + file.path, encoding: .utf8)) ?? ""
            #expect(file.text == text, "BundledDemo's \(file.path) differs from Collections/Demo/\(file.path)")
        }
    }

    @Test func theBundledDemoLoadsWithItsOfflineEnvironment() throws {
        let temp = try TempCollections()
        let written = try CollectionWriter.addBundledDemo(in: temp.root)
        #expect(written == temp.root + "/Demo")
        #expect(FileManager.default.fileExists(atPath: written + "/.gitignore"))
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(loaded.problems.filter { !$0.isWarning }.isEmpty)
        let demo = try #require(loaded.collections.first)
        #expect(demo.defaultEnvironment?.usesBuiltInDemo == true)
        #expect(demo.allRequests.count == BundledDemo.files.filter { !$0.path.hasPrefix("_") && !$0.path.hasSuffix("collection.yaml") && !$0.path.hasSuffix("folder.yaml") }.count)
    }
}
