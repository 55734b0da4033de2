import Foundation

/// The built-in demo API in its own process (`apiexplorer serve-demo --port 0`), so the README's examples run against
/// a loopback server from a test target that depends on ExplorerCore and nothing else of ours.
final class DemoProcess: @unchecked Sendable {
    private let process = Process()
    /// The demo's address, `http://127.0.0.1:PORT`.
    let baseURL: URL

    /// Starts the demo from the built `apiexplorer` (beside this test bundle, else `.build/debug`); throws when it
    /// was not built or does not say where it listens within 10 seconds.
    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map { $0.bundleURL.deletingLastPathComponent() }
        let candidates = (beside + [root.appendingPathComponent(".build/debug")]).map { $0.appendingPathComponent("apiexplorer") }
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw DemoProcessError("apiexplorer is not built (looked in \(candidates.map(\.path))); run swift build first")
        }
        process.executableURL = binary
        process.arguments = ["serve-demo", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Demo API listening on http://127.0.0.1:PORT  (…)"
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let start = text.range(of: "http://"), let address = text[start.lowerBound...].split(separator: " ").first,
              let url = URL(string: String(address)) else {
            process.terminate()
            throw DemoProcessError("serve-demo did not say where it listens: \(text)")
        }
        baseURL = url
    }

    /// `path` on the demo.
    func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    /// Stops the demo.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
