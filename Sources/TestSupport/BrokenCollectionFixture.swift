import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every kind of malformed collection input at once, beside a request that loads, for `list`, `send` and the explorer.
public struct BrokenCollectionFixture {
    /// The collections directory: collections G (every kind of broken file beside good ones) and Broken.
    public let temp: TempDirectory

    /// Writes the files; G's local environment points at `baseURL`.
    public init(baseURL: String) throws {
        temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: \(baseURL)\n")
        try temp.write("G/ok.yaml", "url: /ok\n")
        try temp.write("G/syntax.yaml", "url: /x\nheaders: [\n  - name: a\n")
        try temp.write("G/wrong-type.yaml", "url:\n  - /a\n  - /b\n")
        try temp.write("G/unknown-key.yaml", "url: /ok\nretries: 3\n")
        try temp.write("G/bad-url.yaml", "url: /has space\n")
        try temp.write("G/dup.yaml", "url: /ok\n")
        try temp.write("G/dup.json", "{\"url\": \"/ok\"}\n")
        try temp.write("G/binary.yaml", "url: /x\n\u{0}\u{1}\u{2}garbage\u{0}\n")
        // 50 MB, sparse so the test stays fast: the loader refuses it by size without reading it.
        let huge = temp.path + "/G/huge.yaml"
        FileManager.default.createFile(atPath: huge, contents: Data("url: /x\n".utf8))
        truncate(huge, 50 << 20)
        try FileManager.default.createDirectory(atPath: temp.path + "/G/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/G/sub/loop", withDestinationPath: temp.path + "/G")
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/G/gone.yaml", withDestinationPath: temp.path + "/nowhere.yaml")
        try temp.write("Broken/collection.yaml", "name: Broken\nenvironments: {\n")
        try temp.write("Broken/r.yaml", "url: /r\n")
    }

    /// The `file:line:column` prefixes every located problem must carry.
    public static let located = ["G/syntax.yaml:3:3: error:", "G/wrong-type.yaml:2:3: error:", "G/unknown-key.yaml:2:1: warning:",
                          "G/bad-url.yaml:1:1: error:", "G/binary.yaml:2:1: error:", "Broken/collection.yaml:3:1: error:"]
    /// Problems that name a file without a position.
    public static let fileLevel = ["G/dup.yaml: error: skipped: 'dup.json'", "G/huge.yaml: error: the file is 50.0 MB",
                            "G/sub/loop: error: skipped: this folder links back", "G/gone.yaml: error: cannot be read"]
}
