import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// An MCP client for tests, speaking JSON-RPC to `apiexplorer mcp` over its standard input and output as the stdio
/// transport specifies (one JSON message per line), and keeping everything else the server printed so a test can
/// check that standard output carried the protocol alone.
final class MCPStdioClient: @unchecked Sendable {
    /// Why a call did not get its answer.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var messages: [[String: Any]] = []
    private var strayLines: [String] = []
    private var errorText = Data()
    private var nextID = 1
    private let readers = DispatchGroup()

    /// Starts the built binary as `apiexplorer mcp ARGUMENTS`, with `environment` added to the hermetic one.
    init(arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = try BuiltProducts.executable(named: "apiexplorer")
        process.arguments = ["mcp"] + arguments
        process.currentDirectoryURL = CLIRunner.packageRoot
        var env = HermeticEnvironment.applied(to: ProcessInfo.processInfo.environment)
        env["APIEXPLORER_HISTORY"] = "off"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        read(output.fileHandleForReading.fileDescriptor, lines: true)
        read(errors.fileHandleForReading.fileDescriptor, lines: false)
    }

    /// What the server wrote to standard error so far.
    var stderr: String { lock.withLock { String(decoding: errorText, as: UTF8.self) } }
    /// Lines of standard output that were not JSON-RPC messages (there must be none).
    var strayOutput: [String] { lock.withLock { strayLines } }

    /// Sends request `method` with `params` and waits for its answer: the response's `result`, or a failure carrying its
    /// `error` (or saying that none came within `timeout` seconds).
    func request(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval = 60) async throws -> [String: Any] {
        let id = lock.withLock { () -> Int in
            defer { nextID += 1 }
            return nextID
        }
        try write(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let answer = lock.withLock { messages.first { ($0["id"] as? Int) == id } }
            if let answer {
                if let result = answer["result"] as? [String: Any] { return result }
                throw Failure(description: "\(method) answered an error: \(answer["error"] ?? answer)")
            }
            if !process.isRunning { throw Failure(description: "the server ended before answering \(method): \(stderr)") }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Failure(description: "no answer to \(method) within \(timeout) s; stderr: \(stderr)")
    }

    /// Sends notification `method`, which has no answer.
    func notify(_ method: String, _ params: [String: Any] = [:]) throws {
        try write(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// `initialize` then `notifications/initialized`, as a client starts a session; the initialize result.
    func initialize() async throws -> [String: Any] {
        let result = try await request("initialize", ["protocolVersion": "2025-06-18", "capabilities": [String: Any](),
                                                      "clientInfo": ["name": "apiexplorer-tests", "version": "1.0"]])
        try notify("notifications/initialized")
        return result
    }

    /// Calls tool `name`: the text of its answer, and whether the server marked it a tool error.
    func callTool(_ name: String, _ arguments: [String: Any] = [:]) async throws -> (text: String, isError: Bool) {
        let result = try await request("tools/call", ["name": name, "arguments": arguments])
        let content = result["content"] as? [[String: Any]] ?? []
        let text = content.compactMap { $0["type"] as? String == "text" ? $0["text"] as? String : nil }.joined(separator: "\n")
        return (text, result["isError"] as? Bool ?? false)
    }

    /// Calls tool `name` and reads its answer as a JSON object; a tool error is a failure.
    func callToolJSON(_ name: String, _ arguments: [String: Any] = [:]) async throws -> [String: Any] {
        let (text, isError) = try await callTool(name, arguments)
        guard !isError else { throw Failure(description: "\(name) answered a tool error: \(text)") }
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw Failure(description: "\(name) answered text that is not a JSON object: \(text)")
        }
        return object
    }

    /// Closes standard input, as a client ends the session, and waits (up to `timeout` seconds, then kills it) for
    /// the server to exit; its exit status.
    func close(timeout: TimeInterval = 20) async -> Int32 {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        readers.wait()
        return process.terminationStatus
    }

    private func write(_ message: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(UInt8(ascii: "\n"))
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// Reads `fd` on its own thread until it ends; standard output is split into lines, each a JSON-RPC message.
    private func read(_ fd: Int32, lines: Bool) {
        readers.enter()
        Thread.detachNewThread { [self] in
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                guard lines else {
                    lock.withLock { errorText.append(contentsOf: buffer[0..<count]) }
                    continue
                }
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    take(pending[pending.startIndex..<newline])
                    pending = Data(pending[(newline + 1)...])
                }
            }
            if lines, !pending.isEmpty { take(pending) }
            readers.leave()
        }
    }

    private func take(_ line: Data) {
        let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any]
        lock.withLock {
            if let object, object["jsonrpc"] as? String == "2.0" {
                messages.append(object)
            } else {
                strayLines.append(String(decoding: line, as: UTF8.self))
            }
        }
    }
}
