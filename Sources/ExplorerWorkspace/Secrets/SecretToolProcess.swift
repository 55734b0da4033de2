import Foundation

/// Runs the program that reads one secret (`op`, `pass`, `secret-tool`, `security`) with a time limit, giving its
/// standard output, or why it gave none.
struct SecretToolProcess: Sendable {
    /// The program's name, looked up on PATH.
    var tool: String
    /// Its arguments.
    var arguments: [String]
    /// The environment it runs in (PATH decides which program runs).
    var environment: [String: String]
    /// Seconds before it is stopped.
    var timeout: Double
    /// The directory it runs in; nil for the current one.
    var directory: String?

    /// The program's standard output.
    func run() throws(SecretReadError) -> Data {
        guard let path = Self.find(tool, path: environment["PATH"] ?? "") else { throw .toolMissing(tool: tool) }
        var launched: (Process, Pipe, Pipe, DispatchSemaphore)?
        for attempt in 0..<5 where launched == nil {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = environment
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            // Not the explorer's terminal: a program reading it would steal the user's keys.
            process.standardInput = FileHandle.nullDevice
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            do {
                try process.run()
                launched = (process, output, errors, exited)
            } catch {
                // ETXTBSY: a program just written (an install, a test's fake tool) is still open for writing in a
                // process forked meanwhile, until that process execs; it passes within milliseconds.
                guard Self.isTextFileBusy(error), attempt < 4 else { throw .toolFailed(tool: tool, status: -1, message: "\(error)") }
                usleep(20_000 << attempt)
            }
        }
        guard let (process, output, errors, exited) = launched else { throw .toolFailed(tool: tool, status: -1, message: "could not start") }
        // Both pipes drained while it runs, so a program writing more than a pipe holds does not stall.
        let outData = PipeReader(output.fileHandleForReading)
        let errData = PipeReader(errors.fileHandleForReading)
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = exited.wait(timeout: .now() + 2)
            throw .timedOut(tool: tool, seconds: timeout)
        }
        let out = outData.data()
        let err = errData.data()
        guard process.terminationStatus == 0 else {
            let first = String(decoding: err, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            throw .toolFailed(tool: tool, status: process.terminationStatus, message: first.trimmingCharacters(in: .whitespaces))
        }
        return out
    }

    /// The executable `name` on `path` (a name with a slash is taken as it is).
    static func find(_ name: String, path: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func isTextFileBusy(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map { $0.domain == NSPOSIXErrorDomain && $0.code == Int(ETXTBSY) } ?? false
    }
}
