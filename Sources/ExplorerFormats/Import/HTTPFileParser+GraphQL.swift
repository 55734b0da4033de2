import ExplorerWorkspace
import Foundation

/// GraphQL requests in `.http` files: VS Code REST Client marks them with the header `X-REQUEST-TYPE: GraphQL`, the
/// JetBrains client with the method `GRAPHQL`; in both the body is the query, then a blank line and the variables as
/// a JSON object.
extension HTTPFileParser {
    /// The GraphQL body of a request marked as GraphQL (the marker header is dropped, and `GRAPHQL` becomes POST),
    /// or nil for any other request.
    mutating func graphQLBody(_ lines: [(number: Int, text: String)], spec: inout RequestSpec, label: String) -> BodySpec? {
        let marker = spec.headers.lastIndex {
            $0.name.caseInsensitiveCompare("X-REQUEST-TYPE") == .orderedSame && $0.value.caseInsensitiveCompare("GraphQL") == .orderedSame
        }
        guard marker != nil || spec.method.uppercased() == "GRAPHQL" else { return nil }
        spec.headers.removeAll { $0.name.caseInsensitiveCompare("X-REQUEST-TYPE") == .orderedSame }
        if spec.method.uppercased() == "GRAPHQL" { spec.method = "POST" }
        let texts = lines.map(\.text)
        // The variables are what follows the last blank line, when it is a JSON object (`{{variables}}` count as
        // values); a query may have blank lines of its own.
        var split = texts.count
        if let blank = texts.lastIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            let tail = texts[(blank + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if tail.hasPrefix("{"), JSONTemplate.validate(tail) == nil { split = blank }
        }
        var query = Array(texts[..<split])
        while let last = query.last, last.trimmingCharacters(in: .whitespaces).isEmpty { query.removeLast() }
        let variables = split < texts.count ? texts[(split + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) : ""
        return .graphql(GraphQLBody(query: mapped(query.joined(separator: "\n"), label), variables: mapped(variables, label)))
    }
}
