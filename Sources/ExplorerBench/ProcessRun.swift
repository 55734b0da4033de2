import Foundation

/// The outcome of one child process: wall time, peak memory and exit status.
struct ProcessRun: Sendable {
    /// Wall-clock seconds from spawn to exit.
    var seconds: Double
    /// Peak resident set size in kilobytes (the child's VmHWM, sampled every millisecond).
    var maxRSSKilobytes: Int
    /// Exit status, or -1 when the process was killed by a signal.
    var status: Int32

    /// Runs `arguments` with stdin from /dev/null and stdout to `outputPath`, stderr to `errorPath`, and waits.
    static func run(_ arguments: [String], outputPath: String = "/dev/null", errorPath: String = "/dev/null",
                    environment: [String: String] = [:]) throws -> ProcessRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let watch = Stopwatch()
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchFailure("could not start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        // Peak memory is read from the child's own VmHWM while it runs: `ru_maxrss` from wait4 is no use here, because
        // a child started with posix_spawn (vfork) is charged the parent's peak when it execs, and this process holds
        // the large benchmark inputs. VmHWM never decreases, so the last reading before exit is the peak (to within
        // the last millisecond).
        var status: Int32 = 0
        var peak = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped == -1 {
                guard errno == EINTR else { throw BenchFailure("waitpid failed: \(String(cString: strerror(errno)))") }
                continue
            }
            peak = max(peak, Self.highWaterKilobytes(pid) ?? 0)
            usleep(1000)
        }
        let seconds = watch.seconds
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : -1
        return ProcessRun(seconds: seconds, maxRSSKilobytes: peak, status: exit)
    }

    /// Runs `arguments` and fails unless it exits with 0.
    static func checked(_ arguments: [String], outputPath: String = "/dev/null", environment: [String: String] = [:]) throws -> ProcessRun {
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).err").path
        defer { unlink(errorPath) }
        let run = try run(arguments, outputPath: outputPath, errorPath: errorPath, environment: environment)
        guard run.status == 0 else {
            let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw BenchFailure("\(arguments.joined(separator: " ")) exited with \(run.status): \(message.prefix(500))")
        }
        return run
    }

    /// True when `name` is an executable on the PATH.
    static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// The VmHWM line of `/proc/PID/status`, in kilobytes; nil once the process has exited.
    static func highWaterKilobytes(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
}
