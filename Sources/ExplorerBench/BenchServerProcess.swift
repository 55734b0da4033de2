import Foundation

/// The bench server in a child process (this executable run with `--serve`), so that the server's threads never
/// compete with the client being measured, just as they do not compete with curl.
final class BenchServerProcess {
    private let process = Process()
    private let input = Pipe()
    /// The server's base URL, read from the first line the child prints.
    let baseURL: URL

    /// Starts the child and waits for it to print its URL; `quick` picks the same body sizes as the parent.
    init(quick: Bool) throws {
        let output = Pipe()
        // This very executable, however it was started (a relative path, or found on PATH).
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--serve"] + (quick ? ["--quick"] : [])
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { break }
            line.append(more)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: text), url.scheme == "http" else {
            process.terminate()
            process.waitUntilExit()
            throw BenchFailure("the bench server process printed \"\(text)\" instead of its URL")
        }
        baseURL = url
    }

    /// Closes the child's standard input, which tells it to stop, and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The child's side: serve until standard input closes.
    static func serve(bodies: [Int: Data]) async throws {
        let server = BenchServer()
        let url = try await server.start(bodies: bodies)
        FileHandle.standardOutput.write(Data("\(url.absoluteString)\n".utf8))
        // Wait for the parent to close our standard input (or to die) without blocking a cooperative thread.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                _ = FileHandle.standardInput.readDataToEndOfFile()
                continuation.resume()
            }
        }
        await server.stop()
    }
}
