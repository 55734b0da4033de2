import Foundation

/// A line of a Netscape cookie file that could not be read, or a cookie file that could not be read or written.
public struct CookieFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The 1-based line, or `nil` for the file as a whole.
    public var line: Int?
    /// What is wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(path: String, line: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, as compilers name a place.
    public var description: String {
        line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)"
    }
}
