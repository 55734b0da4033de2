import Foundation

/// The head of a request a `FaultServer` received.
public struct RecordedRequest: Sendable {
    /// The method, e.g. `GET`.
    public let method: String
    /// The request target without its query.
    public let path: String
    /// The request target as sent, query and percent-encoding included.
    public let target: String
    /// Header fields by lower-cased name.
    public let headers: [String: String]

    /// Parses a request head (everything before the blank line); `nil` when the request line is malformed.
    init?(head: String) {
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        method = String(requestLine[0])
        target = String(requestLine[1])
        path = String(requestLine[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        headers = fields
    }
}
