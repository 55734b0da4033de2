import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExplorerWorkspace

/// Asks for `{{$prompt Label}}` values on the controlling terminal (`/dev/tty`, so piped input and output stay the
/// request's), without echo when the value is secret, each label once per process.
final class TerminalPrompter: PromptAnswering, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`; held for the whole question, so two requests asking at once do not interleave.
    private var answers: [String: String] = [:]

    /// The answer given to `label` before, if any.
    func givenAnswer(_ label: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return answers[label]
    }

    /// The answer to `label`, asked the first time; nil when there is no terminal to ask on.
    func ask(_ label: String, secret: Bool) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let known = answers[label] { return known }
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        say(fd, label + (secret ? " (hidden): " : ": "))
        var saved = termios()
        let hides = secret && tcgetattr(fd, &saved) == 0
        if hides {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(fd, TCSANOW, &quiet)
        }
        let line = readLine(fd)
        if hides {
            _ = tcsetattr(fd, TCSANOW, &saved)
            say(fd, "\n")
        }
        guard let line else { return nil }
        answers[label] = line
        return line
    }

    /// The line typed after `question`, never kept; nil when there is no terminal to ask on.
    func confirm(_ question: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        say(fd, question)
        return readLine(fd)?.trimmingCharacters(in: .whitespaces)
    }

    private func say(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// One line from `fd` without its line break; nil at end of input before a line break.
    private func readLine(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            if byte != 0x0D { bytes.append(byte) }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
