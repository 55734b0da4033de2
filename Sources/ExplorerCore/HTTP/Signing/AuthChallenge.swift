/// One challenge of a `WWW-Authenticate` header: its scheme and its parameters (names lower-cased, quotes removed).
public struct AuthChallenge: Sendable, Equatable {
    /// The scheme as sent, such as `Digest` or `Basic`.
    public var scheme: String
    /// The auth-params by lower-cased name.
    public var parameters: [String: String]

    /// Creates a challenge.
    public init(scheme: String, parameters: [String: String]) {
        self.scheme = scheme
        self.parameters = parameters
    }

    /// Every challenge in `values` (one per header line; a line may hold several, comma-separated), in order.
    /// A server offering SHA-256 and MD5 sends two `Digest` challenges, often on one line.
    public static func parse(_ values: [String]) -> [AuthChallenge] {
        values.flatMap(parse(line:))
    }

    private static func parse(line: String) -> [AuthChallenge] {
        let text = Array(line)
        var index = 0
        var found: [AuthChallenge] = []
        func skip(_ characters: Set<Character>) { while index < text.count, characters.contains(text[index]) { index += 1 } }
        while index < text.count {
            skip([" ", "\t", ","])
            let start = index
            while index < text.count, ![" ", "\t", ",", "="].contains(text[index]) { index += 1 }
            let token = String(text[start..<index])
            guard !token.isEmpty else {
                index += 1
                continue
            }
            skip([" ", "\t"])
            guard index < text.count, text[index] == "=" else {
                found.append(AuthChallenge(scheme: token, parameters: [:]))
                continue
            }
            index += 1
            // A token68 (`Negotiate abc==`) ends in `=`s with no value after them: nothing to record.
            skip(["="])
            skip([" ", "\t"])
            var value = ""
            if index < text.count, text[index] == "\"" {
                index += 1
                while index < text.count, text[index] != "\"" {
                    if text[index] == "\\", index + 1 < text.count { index += 1 }
                    value.append(text[index])
                    index += 1
                }
                index += 1
            } else {
                while index < text.count, ![",", " ", "\t"].contains(text[index]) {
                    value.append(text[index])
                    index += 1
                }
            }
            if found.isEmpty { found.append(AuthChallenge(scheme: "", parameters: [:])) }
            found[found.count - 1].parameters[token.lowercased()] = value
        }
        return found
    }
}
