import ExplorerCore
import ExplorerWorkspace
import Foundation
import Testing

/// Issue 41: exit codes are one named enum, and the README's table says what the enum does.
@Suite("Exit codes: one named enum, as the README lists them")
struct CommandExitTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    static let all: [(CommandExit, String)] = [
        (.success, "success"), (.failed, "failed"), (.trouble, "trouble"), (.notWritten, "notWritten"),
        (.httpStatus(302), "httpStatus"), (.httpStatus(404), "httpStatus"), (.httpStatus(503), "httpStatus"),
        (.checksFailed, "checksFailed"), (.usage, "usage"), (.interrupted, "interrupted"),
    ]

    @Test func eachStatusHasItsCode() {
        #expect(Self.all.map(\.0.code) == [0, 1, 2, 3, 3, 4, 5, 5, 64, 130])
    }

    @Test func theReadmeTableListsEveryStatusWithItsCode() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("| `") }
        for (status, name) in Self.all {
            let row = rows.first { $0.contains("| `\(name)` |") }
            #expect(row != nil, "no README row for \(name)")
            let codes = row.map { $0.split(separator: "|")[0].split(separator: ",").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) } } ?? []
            #expect(codes.contains(status.code), "\(name): README says \(codes), the enum \(status.code)")
        }
    }
}
