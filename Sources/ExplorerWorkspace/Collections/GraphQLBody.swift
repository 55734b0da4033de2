import Foundation

/// A GraphQL request body as written in a collection file: the query, its variables (JSON text) and the operation to
/// run. POST sends them as a JSON object; GET puts them in the query string.
public struct GraphQLBody: Sendable, Equatable {
    /// The query (or mutation) document, as written.
    public var query: String
    /// The variables as JSON text (an object); empty for none.
    public var variables: String
    /// The operation to run when the document holds several; nil for none.
    public var operationName: String?

    /// Creates a GraphQL body.
    public init(query: String, variables: String = "", operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// The JSON object a POST sends: `{"query", "variables", "operationName"}`, with `resolve` applied to each part
    /// first; variables and operation name are left out when empty.
    public func payload<Failure: Error>(_ resolve: (String) throws(Failure) -> String) throws(Failure) -> String {
        var text = "{\"query\": " + JSONValue.quoted(try resolve(query))
        let variables = try resolve(variables).trimmingCharacters(in: .whitespacesAndNewlines)
        if !variables.isEmpty { text += ", \"variables\": " + variables }
        if let operationName, !operationName.isEmpty { text += ", \"operationName\": " + JSONValue.quoted(try resolve(operationName)) }
        return text + "}"
    }

    /// The query-string parameters a GET sends: `query`, then `variables` (compact JSON text) and `operationName`
    /// when set, with `resolve` applied to each first.
    public func queryItems<Failure: Error>(_ resolve: (String) throws(Failure) -> String) throws(Failure) -> [URLQueryItem] {
        var items = [URLQueryItem(name: "query", value: try resolve(query))]
        let variables = try resolve(variables).trimmingCharacters(in: .whitespacesAndNewlines)
        if !variables.isEmpty { items.append(URLQueryItem(name: "variables", value: variables)) }
        if let operationName, !operationName.isEmpty { items.append(URLQueryItem(name: "operationName", value: try resolve(operationName))) }
        return items
    }

    /// True when a collection file may hold `text` as a body's variables: empty, a JSON object, or text with
    /// `{{variables}}` that becomes one when resolved.
    public static func acceptsVariables(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.contains("{{") || (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) is [String: Any]
    }
}
