/// A query read against the schema: the names it does not have, and what completes the word at the cursor.
extension GraphQLSchema {
    /// The fields, arguments and fragment types in `query` that the schema does not have, in the order they appear.
    public func marks(in query: String) -> [GraphQLQueryMark] {
        var walker = GraphQLQueryWalker(schema: self)
        walker.walk(GraphQLTokenizer.tokens(in: query))
        return walker.marks
    }

    /// What completes the name ending at `line`:`column` (0-based, the cursor) of `query`: the fields of the type
    /// selected from there, or the arguments of the field whose parentheses it is in (those not given yet); nil where
    /// no name is expected (a value, a string, outside any selection set).
    public func completion(in query: String, line: Int, column: Int) -> GraphQLCompletion? {
        let lines = query.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(line) else { return nil }
        let before = Array(lines[line].prefix(column))
        var start = before.count
        while start > 0, before[start - 1] == "_" || (before[start - 1].isASCII && (before[start - 1].isLetter || before[start - 1].isNumber)) {
            start -= 1
        }
        let prefix = String(before[start...])
        let tokens = GraphQLTokenizer.tokens(in: query).filter { ($0.line, $0.column) < (line, start) }
        var walker = GraphQLQueryWalker(schema: self)
        walker.walk(tokens)
        let previous = tokens.last
        let names: [String]
        let what: String
        switch walker.stack.last {
        case let .selection(typeName?)?:
            guard let selected = self.type(named: typeName), previous?.isPunctuator("@") != true, previous?.isPunctuator("$") != true else {
                return nil
            }
            if previous?.text == "on", tokens.dropLast().last?.isPunctuator("...") == true {
                names = selected.possibleTypes.isEmpty ? [typeName] : selected.possibleTypes
                what = "types of \(typeName)"
            } else if previous?.isPunctuator("...") == true {
                return nil
            } else {
                names = selected.fields.map(\.name) + ["__typename"]
                what = "fields of \(typeName)"
            }
        case let .arguments(parent, field?)?:
            // After a colon comes a value, not a name.
            guard previous?.isPunctuator(":") != true, previous?.isPunctuator("$") != true else { return nil }
            let given = Set(walker.givenArguments)
            names = field.arguments.map(\.name).filter { !given.contains($0) }
            what = "arguments of \(parent).\(field.name)"
        default:
            return nil
        }
        return GraphQLCompletion(line: line, column: start, prefix: prefix, candidates: names.filter { $0.hasPrefix(prefix) }, what: what)
    }
}
