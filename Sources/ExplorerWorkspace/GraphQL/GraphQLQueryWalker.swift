/// Reads a query's tokens against a schema, keeping track of what is expected at each point: the fields of some type
/// inside a selection set, the arguments of a field inside its parentheses, or a value. It reports the names the
/// schema does not have as it goes. Tolerant by design: the query is read while it is typed.
struct GraphQLQueryWalker {
    /// What the tokens read so far are inside of.
    enum Frame: Equatable {
        /// A selection set of the type named (nil: a type not known, so nothing inside is checked).
        case selection(String?)
        /// The arguments of `field` of the type `parent` (nil field: not known, so nothing is checked).
        case arguments(parent: String, field: GraphQLSchemaField?)
        /// Inside an object or list value.
        case value
        /// Parentheses whose contents are not checked: variable definitions and directive arguments.
        case skipped
    }

    let schema: GraphQLSchema
    private(set) var stack: [Frame] = []
    /// The type the next `{` selects from, once a field, operation or fragment names it.
    private var pending: String?
    private var lastField: (parent: String, field: GraphQLSchemaField?)?
    private(set) var marks: [GraphQLQueryMark] = []
    /// The argument names given so far in the innermost parentheses of a field.
    private(set) var givenArguments: [String] = []

    init(schema: GraphQLSchema) {
        self.schema = schema
    }

    /// Reads `tokens` in order.
    mutating func walk(_ tokens: [GraphQLToken]) {
        var index = 0
        while index < tokens.count { index = step(tokens, index) }
    }

    /// Reads the token at `index` (and any it belongs with) and returns the index of the next one to read.
    private mutating func step(_ tokens: [GraphQLToken], _ index: Int) -> Int {
        let token = tokens[index]
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        if token.isPunctuator("@") {
            // A directive: its name and arguments are not the schema's types' and are not checked.
            var after = index + 1
            if after < tokens.count, tokens[after].kind == .name { after += 1 }
            if after < tokens.count, tokens[after].isPunctuator("(") {
                stack.append(.skipped)
                after += 1
            }
            return after
        }
        switch stack.last {
        case nil:
            if token.kind == .name, ["query", "mutation", "subscription"].contains(token.text) {
                pending = schema.rootType(of: token.text)
            } else if token.kind == .name, token.text == "fragment", index + 3 < tokens.count, tokens[index + 2].text == "on" {
                return typeCondition(tokens[index + 3], index + 4)
            } else if token.isPunctuator("(") {
                stack.append(.skipped)
            } else if token.isPunctuator("{") {
                stack.append(.selection(pending ?? schema.queryType))
                pending = nil
            }
        case .skipped:
            if token.isPunctuator("(") { stack.append(.skipped) } else if token.isPunctuator(")") { stack.removeLast() }
        case .value:
            if token.isPunctuator("{") || token.isPunctuator("[") { stack.append(.value) }
            if token.isPunctuator("}") || token.isPunctuator("]") { stack.removeLast() }
        case let .arguments(parent, field)?:
            if token.kind == .name, next?.isPunctuator(":") == true {
                givenArguments.append(token.text)
                if let field, !field.arguments.contains(where: { $0.name == token.text }) {
                    marks.append(GraphQLQueryMark(line: token.line, column: token.column,
                                                  message: "unknown argument \"\(token.text)\" of \(parent).\(field.name)"))
                }
                return index + 2
            }
            if token.isPunctuator("$"), next?.kind == .name { return index + 2 }
            if token.isPunctuator("{") || token.isPunctuator("[") { stack.append(.value) }
            if token.isPunctuator(")") { stack.removeLast() }
        case let .selection(type)?:
            return selection(type, tokens, index)
        }
        return index + 1
    }

    /// A token inside a selection set of `type`.
    private mutating func selection(_ type: String?, _ tokens: [GraphQLToken], _ index: Int) -> Int {
        let token = tokens[index]
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        if token.isPunctuator("}") {
            stack.removeLast()
            pending = nil
        } else if token.isPunctuator("{") {
            stack.append(.selection(pending))
            pending = nil
        } else if token.isPunctuator("("), let lastField {
            stack.append(.arguments(parent: lastField.parent, field: lastField.field))
            givenArguments = []
        } else if token.isPunctuator("(") {
            stack.append(.skipped)
        } else if token.isPunctuator("...") {
            if next?.kind == .name, next?.text == "on", index + 2 < tokens.count { return typeCondition(tokens[index + 2], index + 3) }
            // A fragment spread selects nothing here; an inline fragment without a type selects from this type.
            pending = next?.kind == .name ? nil : type
            lastField = nil
            return next?.kind == .name ? index + 2 : index + 1
        } else if token.kind == .name {
            // `alias: field` — the field is the name after the colon.
            let nameIndex = next?.isPunctuator(":") == true && index + 2 < tokens.count && tokens[index + 2].kind == .name ? index + 2 : index
            let name = tokens[nameIndex]
            guard let type, schema.type(named: type) != nil else {
                pending = nil
                lastField = nil
                return nameIndex + 1
            }
            let field = schema.field(name.text, of: type)
            if field == nil {
                marks.append(GraphQLQueryMark(line: name.line, column: name.column, message: "unknown field \"\(name.text)\" on \(type)"))
            }
            lastField = (type, field)
            pending = field?.type.name
            return nameIndex + 1
        }
        return index + 1
    }

    /// `on Type` of a fragment: the next `{` selects from it; a type the schema lacks is marked.
    private mutating func typeCondition(_ token: GraphQLToken, _ after: Int) -> Int {
        guard token.kind == .name else { return after - 1 }
        if schema.type(named: token.text) == nil {
            marks.append(GraphQLQueryMark(line: token.line, column: token.column, message: "unknown type \"\(token.text)\""))
        }
        // An unknown type is kept too: its selection set is then not checked (the query root is not assumed).
        pending = token.text
        lastField = nil
        return after
    }
}
