import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A tmux control-mode client (`tmux -C attach`) on a bench session. It asks for the screen (`capture-pane` over the
/// same connection: no process started per look) as soon as tmux's `%output` line says the pane wrote something, and
/// otherwise 2 ms after the last answer, so a change is seen within about 2 ms and a round trip.
final class TmuxControlClient {
    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private var pending: [UInt8] = []
    private let target: String
    /// Seconds each capture took, from the command written to the last line of its answer read.
    private(set) var roundTrips: [Double] = []

    /// Attaches to `session` and waits until tmux answers commands on the connection.
    init(session: TmuxSession) throws {
        let toTmux = Pipe()
        let fromTmux = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", session.socketName, "-C", "attach-session", "-t", session.name]
        process.standardInput = toTmux
        process.standardOutput = fromTmux
        process.standardError = FileHandle.nullDevice
        try process.run()
        input = toTmux.fileHandleForWriting
        output = fromTmux.fileHandleForReading.fileDescriptor
        target = session.name
        // Answers come in order: once the marker's answer is read, everything before it (the attach's own) is too.
        try command("display-message -p BENCH-CONTROL-READY")
        let deadline = Date().addingTimeInterval(10)
        while true {
            guard let line = try readLine(until: deadline) else { throw BenchFailure("tmux control mode did not answer") }
            if line == "BENCH-CONTROL-READY" { break }
        }
        while let line = try readLine(until: deadline), !line.hasPrefix("%end") {}
    }

    /// Detaches.
    func close() {
        try? input.close()
        process.waitUntilExit()
    }

    /// Hands `look` every screen captured (one at once, then after each output notice or 2 quiet milliseconds), with the
    /// monotonic time (`PacedEventServer.now()`) its capture was read, until `look` returns true; throws after `timeout`
    /// seconds.
    func watch(timeout: TimeInterval, _ look: (String, UInt64) throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var dirty = true
        var asked: UInt64?
        var block: [String]?
        while true {
            if dirty, asked == nil {
                asked = PacedEventServer.now()
                dirty = false
                try command("capture-pane -p -t \(target)")
            }
            // tmux may send its `%output` notice later than it changed the screen, so the screen is also read a
            // couple of milliseconds after the last look when no notice came.
            guard let line = try readLine(until: min(deadline, Date().addingTimeInterval(0.002))) else {
                guard Date() < deadline else { throw BenchFailure("timed out after \(timeout) s watching the screen") }
                dirty = true
                continue
            }
            if block == nil, line.hasPrefix("%begin") {
                block = []
            } else if let lines = block, line.hasPrefix("%end") || line.hasPrefix("%error") {
                block = nil
                guard let start = asked else { continue }
                asked = nil
                let now = PacedEventServer.now()
                roundTrips.append(Double(now - start) / 1e9)
                if try look(lines.joined(separator: "\n"), now) { return }
            } else if block != nil {
                block?.append(line)
            } else if line.hasPrefix("%output") {
                dirty = true
            } else if line.hasPrefix("%exit") {
                throw BenchFailure("tmux ended the control connection: \(line)")
            }
        }
    }

    private func command(_ text: String) throws {
        try input.write(contentsOf: Data((text + "\n").utf8))
    }

    /// The next line tmux wrote, or nil when none came before `deadline`.
    private func readLine(until deadline: Date) throws -> String? {
        while true {
            if let end = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                return line
            }
            let left = Int32(max(0, (deadline.timeIntervalSinceNow * 1000).rounded(.up)))
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, left)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BenchFailure("tmux control mode closed its output") }
            pending += buffer[0..<count]
        }
    }
}
