import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process whose standard output and error are read as they are written, so a test can see what it printed
/// while it is still running (a stream printed event by event), signal it, and then collect how it ended.
public final class StreamingProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var out = Data()
    private var err = Data()
    private let readers = DispatchGroup()

    /// Starts `executable` with `arguments` in `directory`, with `environment` added to this process's.
    public init(_ executable: URL, arguments: [String], directory: URL? = nil, environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = HermeticEnvironment.applied(to: ProcessInfo.processInfo.environment)
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        read(outPipe.fileHandleForReading.fileDescriptor) { [self] bytes in lock.withLock { out.append(contentsOf: bytes) } }
        read(errPipe.fileHandleForReading.fileDescriptor) { [self] bytes in lock.withLock { err.append(contentsOf: bytes) } }
    }

    /// What it has written to standard output so far.
    public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    /// What it has written to standard error so far.
    public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
    /// True while it runs.
    public var isRunning: Bool { process.isRunning }
    /// Its process id.
    public var pid: Int32 { process.processIdentifier }

    /// Waits, polling every 20 ms, until standard output contains `text`; false when `timeout` seconds passed first or
    /// the process ended without printing it.
    public func waitForOutput(containing text: String, timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.contains(text) { return true }
            if !process.isRunning {
                readers.wait()
                return stdout.contains(text)
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Sends `signal` to the process.
    public func send(signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end (killing it after `timeout` seconds) and returns its exit status, with every byte
    /// it printed read.
    public func waitForExit(timeout: TimeInterval) async -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        readers.wait()
        return process.terminationStatus
    }

    /// Reads `fd` on its own thread until it ends, handing each read to `append`.
    private func read(_ fd: Int32, _ append: @escaping @Sendable ([UInt8]) -> Void) {
        readers.enter()
        Thread.detachNewThread { [readers] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    append(Array(buffer[0..<count]))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            readers.leave()
        }
    }
}
