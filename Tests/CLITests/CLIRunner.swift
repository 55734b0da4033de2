import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `apiexplorer` binary and captures what it printed and how it exited.
struct CLIRunner {
    /// The result of one run.
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bundled collections.
    static var bundledCollections: String { packageRoot.appendingPathComponent("Collections").path }

    /// Runs the binary with `arguments`, stdout and stderr piped (so not a terminal), with `environment` added.
    /// The blocking reads and wait happen on a dispatch thread: blocking the small cooperative pool would starve
    /// the other suites' async tests running in parallel.
    /// With `input`, that text is the child's standard input (then closed).
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: URL? = nil, input: String? = nil) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(arguments, environment: environment, executable: executable, input: input) })
            }
        }
    }

    /// Runs the binary on a pseudo-terminal through util-linux `script`, so it believes stdout is a terminal; stdout and
    /// stderr arrive together in `stdout`. Nil when `script` is not installed.
    static func runOnTerminal(_ arguments: [String]) async throws -> Output? {
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else { return nil }
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let quoted = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try runBlocking(["-qec", quoted.joined(separator: " "), "/dev/null"], environment: [:], executable: URL(fileURLWithPath: script))
                })
            }
        }
    }

    private static func runBlocking(_ arguments: [String], environment: [String: String], executable: URL? = nil,
                                    input: String? = nil) throws -> Output {
        let process = Process()
        // BuiltProducts follows APIEXPLORER_BIN, --scratch-path and -c release, not just .build/debug.
        process.executableURL = try executable ?? BuiltProducts.executable(named: "apiexplorer")
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var env = HermeticEnvironment.applied(to: ProcessInfo.processInfo.environment)
        env.removeValue(forKey: "NO_COLOR")
        // Tests keep no history unless they ask for it (APIEXPLORER_HISTORY=FILE, or --history FILE).
        env["APIEXPLORER_HISTORY"] = "off"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        // Read both pipes before waiting so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = readAll(err.fileHandleForReading.fileDescriptor)
            group.leave()
        }
        let outData = readAll(out.fileHandleForReading.fileDescriptor)
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// What a run measured by `runMeasured` printed, how it ended and the most memory it held.
    struct Measured {
        let status: Int32
        let stdoutBytes: Int
        let stderr: String
        /// The binary's peak resident set size in bytes.
        let peakMemory: Int
    }

    /// Runs the binary under GNU time (`/usr/bin/time -f %M`), stdout to a temporary file, and reads its peak memory.
    /// GNU time forks from its own small process, so the figure is the binary's alone: a child spawned straight from
    /// this test process would inherit this process's high-water mark at exec (vfork shares the address space).
    /// Nil when GNU time is not installed.
    static func runMeasured(_ arguments: [String]) async throws -> Measured? {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
        let binary = try BuiltProducts.executable(named: "apiexplorer").path
        let directory = try TempDirectory()
        let outPath = directory.path + "/stdout", memoryPath = directory.path + "/memory"
        let quoted = ([time, "-f", "%M", "-o", memoryPath, binary] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let output = try await run(["-c", quoted.joined(separator: " ") + " > '\(outPath)'"], executable: URL(fileURLWithPath: "/bin/sh"))
        let kilobytes = (try? String(contentsOfFile: memoryPath, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? Int.max / 1024
        let outBytes = (try? FileManager.default.attributesOfItem(atPath: outPath)[.size] as? Int) ?? -1
        return Measured(status: output.status, stdoutBytes: outBytes, stderr: output.stderr, peakMemory: kilobytes * 1024)
    }

    /// Reads a pipe to its end, retrying reads a signal interrupted (FileHandle traps on EINTR).
    static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: buffer[0..<count]); continue }
            if count < 0, errno == EINTR { continue }
            return data
        }
    }
}
