/// A parsed `Content-Type` header value, e.g. `application/json; charset=utf-8`.
public struct ContentType: Sendable, Hashable {
    /// Lowercased `type/subtype`, empty when the header had none.
    public var mediaType: String
    /// Parameters with lowercased names and unquoted values.
    public var parameters: [String: String]

    /// Parses a header value; anything unparsable is simply left out.
    public init(_ header: String) {
        var pieces = header.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        mediaType = (pieces.next().map(String.init) ?? "").trimmingASCIIWhitespace().lowercased()
        parameters = [:]
        while let piece = pieces.next() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = String(piece[..<equals]).trimmingASCIIWhitespace().lowercased()
            var value = String(piece[piece.index(after: equals)...]).trimmingASCIIWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            if !name.isEmpty { parameters[name] = value }
        }
    }

    /// The lowercased `charset` parameter, if any.
    public var charset: String? { parameters["charset"]?.lowercased() }

    /// The part before the slash, e.g. `application`.
    public var type: String { String(mediaType.split(separator: "/", maxSplits: 1).first ?? "") }

    /// The part after the slash, e.g. `problem+json`.
    public var subtype: String {
        let parts = mediaType.split(separator: "/", maxSplits: 1)
        return parts.count == 2 ? String(parts[1]) : ""
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs, without pulling in Foundation.
    fileprivate func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
