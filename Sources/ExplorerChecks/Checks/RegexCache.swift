import Foundation

/// Regular expressions of checks, captures and schemas, compiled once per pattern (a schema `pattern` under `items`
/// was compiled again for every element), and the most text one is run on.
enum RegexCache {
    /// Matching stops at this many bytes of text: a pattern that backtracks badly on a large body would otherwise
    /// hold the run, and the explorer's send, for minutes.
    static let textLimit = 1 << 20

    private static let lock = NSLock()
    nonisolated(unsafe) private static var compiled: [String: NSRegularExpression] = [:]

    /// The compiled pattern, or nil when it does not compile.
    static func regex(_ pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let regex = compiled[pattern] { return regex }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        if compiled.count > 1000 { compiled.removeAll() }
        compiled[pattern] = regex
        return regex
    }

    /// `text` cut to the limit, at a character boundary.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > textLimit else { return text }
        return String(decoding: text.utf8.prefix(textLimit), as: UTF8.self)
    }
}
