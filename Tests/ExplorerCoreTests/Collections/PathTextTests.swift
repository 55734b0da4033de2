@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// PathText does what NSString's path methods did, including on the paths where Linux Foundation traps (`a//é`, `é`).
@Suite("Path arithmetic without NSString")
struct PathTextTests {
    @Test func lastComponent() {
        let cases: [(String, String)] = [
            ("", ""), ("/", "/"), ("///", "/"), ("a", "a"), ("a/b", "b"), ("a/b/", "b"), ("/a", "a"), ("a//b//", "b"),
            ("x//é", "é"), ("//é", "é"), ("/tmp//€", "€"), ("é", "é"), ("a.d/b.yaml", "b.yaml"),
        ]
        for (path, expected) in cases { #expect(PathText.lastComponent(path) == expected, "\(path)") }
    }

    @Test func deletingLastComponent() {
        let cases: [(String, String)] = [
            ("", ""), ("/", "/"), ("//", "/"), ("a", ""), ("é", ""), ("é/", ""), ("é//", ""), ("/a", "/"), ("/a/", "/"),
            ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("x//é", "x"), ("//é", "/"), ("/tmp//é", "/tmp"), ("/a/b/c.yaml", "/a/b"),
        ]
        for (path, expected) in cases { #expect(PathText.deletingLastComponent(path) == expected, "\(path)") }
    }

    @Test func appending() {
        let cases: [(String, String, String)] = [
            ("a", "b", "a/b"), ("a/", "b", "a/b"), ("a//", "é", "a/é"), ("a", "/b", "a/b"), ("", "b", "b"), ("a", "", "a"),
            ("/", "b", "/b"), ("//", "é", "/é"), ("a", "b/c", "a/b/c"), ("Collections", "x//é", "Collections/x//é"),
        ]
        for (path, component, expected) in cases {
            #expect(PathText.appending(path, component) == expected, "\(path) + \(component)")
        }
    }

    @Test func extensions() {
        let cases: [(String, String, String)] = [
            ("api.http", "http", "api"), ("a/b.tar.gz", "gz", "a/b.tar"), (".env", "", ".env"), ("a/.env", "", "a/.env"),
            ("a.d/b", "", "a.d/b"), ("noext", "", "noext"), ("x//é", "", "x//é"), ("x//é.yaml", "yaml", "x//é"), ("é.é", "é", "é"),
        ]
        for (path, pathExtension, withoutExtension) in cases {
            #expect(PathText.pathExtension(path) == pathExtension, "\(path)")
            #expect(PathText.deletingExtension(path) == withoutExtension, "\(path)")
        }
    }

    @Test func split() {
        #expect(PathText.split("/x") == ("/", "x"))
        #expect(PathText.split("x") == ("", "x"))
        #expect(PathText.split("a/") == ("a", ""))
        #expect(PathText.split("dir//é") == ("dir/", "é"))
    }

    /// A folder named `é` under a collections path given with a trailing `//` loads (NSString trapped on `…//é`).
    @Test func aCollectionsPathEndingInSlashesLoadsANonASCIIFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let collection = root.appendingPathComponent("é")
        try FileManager.default.createDirectory(at: collection.appendingPathComponent("ü"), withIntermediateDirectories: true)
        try "name: Accents\n".write(to: collection.appendingPathComponent("collection.yaml"),
                                                                   atomically: true, encoding: .utf8)
        try "name: Get\nmethod: GET\nurl: /x\n".write(to: collection.appendingPathComponent("ü/ö.yaml"), atomically: true, encoding: .utf8)
        let result = CollectionLoader(environment: [:]).load(directory: root.path + "//")
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.collections.map(\.name) == ["Accents"])
        #expect(result.collections.first?.root.folders.first?.requests.map(\.name) == ["Get"])
    }
}
