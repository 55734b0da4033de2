import Foundation

/// The process umask, from /proc/self/status (umask(2) can only read it by changing it, which would race other tests).
enum ImportUmask {
    static var current: Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { Int($0.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }
}
