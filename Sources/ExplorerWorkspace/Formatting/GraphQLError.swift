import Foundation

/// One entry of a GraphQL response's `errors`: its message, the path of the field it concerns and where in the
/// query it arose.
public struct GraphQLError: Sendable, Equatable {
    /// The message as the server wrote it.
    public var message: String
    /// The path of the field (`user.friends.0.name`); nil when the server gave none.
    public var path: String?
    /// Where in the query, as `line:column` pairs.
    public var locations: [String]

    /// Creates an error.
    public init(message: String, path: String? = nil, locations: [String] = []) {
        self.message = message
        self.path = path
        self.locations = locations
    }

    /// The error on one line: `Cannot query field "x" · at user.x · line 2:3`.
    public var description: String {
        var text = message
        if let path { text += " · at \(path)" }
        if !locations.isEmpty { text += " · line " + locations.joined(separator: ", ") }
        return text
    }

    /// The errors of a GraphQL response body (`{"errors": [...]}`); empty when it has none or is not JSON.
    public static func errors(in body: Data) -> [GraphQLError] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let errors = object["errors"] as? [Any] else { return [] }
        return errors.map { entry in
            guard let error = entry as? [String: Any] else { return GraphQLError(message: "\(entry)") }
            let path = (error["path"] as? [Any])?.map { "\($0)" }.joined(separator: ".")
            let locations = (error["locations"] as? [[String: Any]] ?? []).compactMap { location -> String? in
                guard let line = location["line"], let column = location["column"] else { return nil }
                return "\(line):\(column)"
            }
            return GraphQLError(message: error["message"] as? String ?? "(no message)", path: path, locations: locations)
        }
    }
}
