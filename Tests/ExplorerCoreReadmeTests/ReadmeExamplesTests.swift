import ExplorerCore
import Foundation
#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif
import Testing

// This target depends on ExplorerCore alone (and OpenCombine, which the examples import on Linux): the README's
// examples compile against the library as a user gets it. The server is the demo, run as its own process.

@Suite("README examples", .serialized)
struct ReadmeExamplesTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReadmeExamples.swift")

    /// The README's Swift blocks, in order.
    static func swiftBlocks() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everySwiftBlockInTheReadmeIsCompiledHere() throws {
        let blocks = try Self.swiftBlocks()
        #expect(blocks.count >= 7)
        let source = try String(contentsOf: Self.examples, encoding: .utf8)
        for block in blocks {
            #expect(source.contains(block), "README block not in ReadmeExamples.swift:\n\(block)")
        }
    }

    @Test func requestsFollowTheSelectedEnvironment() throws {
        let before = Blog.environments.selected
        defer { try? Blog.environments.select(before) }
        try Blog.environments.select("local")
        let local = try #require(Blog.Users.list.url)
        #expect(local.host == Blog.environments.baseURL(for: "local")?.host && local.path.hasSuffix("/users"))
        try Blog.environments.select("production")
        #expect(Blog.Users.list.url?.absoluteString == "https://blog.example.com/api/users")
        #expect(Blog.Users.get(id: 7).url?.absoluteString == "https://blog.example.com/api/users/7")
    }

    @Test func theExamplesRunAgainstTheDemoAPI() async throws {
        let server = try DemoProcess()
        defer { server.stop() }
        Blog.environments.set(server.baseURL, for: "local")
        #expect(Blog.environments.selected == "local")

        let names = try await userNames()
        #expect(names.count >= 3)

        let line = await withCheckedContinuation { continuation in fetchUser(id: 1) { continuation.resume(returning: $0) } }
        #expect(line.hasPrefix("Status: 200, "))

        let loader = UserLoader()
        loader.load()
        let deadline = Date().addingTimeInterval(5)
        while loader.status == nil && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(loader.status == 200)

        let box = CancellableBox()
        let first = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<User, any Error>) in
            box.cancellable = firstUserPublisher().first().sink(
                receiveCompletion: { if case let .failure(error) = $0 { continuation.resume(throwing: error) } },
                receiveValue: { continuation.resume(returning: $0.responseModel) })
        }
        #expect(first.id == 1)
        box.cancellable = nil

        #expect(await loadUser(id: 1)?.id == 1)
        #expect(await loadUser(id: 999_999) == nil)

        let created = try await createUser(named: "Grace")
        #expect(created.name == "Grace" && created.id > 0)

        #expect(try await status(of: server.url("/bearer")) == 200)
    }
}
