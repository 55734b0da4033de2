/// Parses a JSONPath expression into segments, reporting the first problem with its column.
///
/// Recursive descent over Unicode scalars, so columns count what a person sees, not UTF-8 bytes.
/// Nesting (brackets inside filters) is limited, so a hostile expression cannot overflow the stack.
struct JSONPathParser {
    /// Deepest nesting of filters and parentheses accepted.
    static let maximumNesting = 64
    /// Largest index magnitude RFC 9535 allows (the I-JSON exact integer range).
    static let maximumIndex = 9_007_199_254_740_991

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nesting = 0

    /// Creates a parser over `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses a whole query: `$` followed by segments, blanks allowed around it.
    mutating func parseQuery() throws(JSONPathError) -> [JSONPathSegment] {
        skipBlanks()
        guard peek == "$" else {
            if peek == "@" { throw error("a path starts with '$'; '@' is only for the current item inside a filter") }
            throw error(position >= scalars.count ? "empty path: a path starts with '$'" : "a path starts with '$'")
        }
        position += 1
        let segments = try parseSegments()
        skipBlanks()
        guard position >= scalars.count else { throw unexpected() }
        return segments
    }

    // MARK: Segments

    private mutating func parseSegments() throws(JSONPathError) -> [JSONPathSegment] {
        var segments: [JSONPathSegment] = []
        while true {
            let saved = position
            skipBlanks()
            guard let scalar = peek, scalar == "." || scalar == "[" else {
                position = saved
                return segments
            }
            segments.append(try parseSegment())
        }
    }

    private mutating func parseSegment() throws(JSONPathError) -> JSONPathSegment {
        if peek == "[" {
            return JSONPathSegment(selectors: try parseBracket(), isDescendant: false)
        }
        position += 1 // '.'
        if peek == "." {
            position += 1
            if peek == "[" { return JSONPathSegment(selectors: try parseBracket(), isDescendant: true) }
            return JSONPathSegment(selectors: [try parseShorthand(after: "..")], isDescendant: true)
        }
        return JSONPathSegment(selectors: [try parseShorthand(after: ".")], isDescendant: false)
    }

    /// `*` or a member name directly after `.` or `..`.
    private mutating func parseShorthand(after dot: String) throws(JSONPathError) -> JSONPathSelector {
        guard let scalar = peek else { throw error("expected a name or '*' after '\(dot)'") }
        if scalar == "*" {
            position += 1
            return .wildcard
        }
        guard Self.isNameFirst(scalar) else {
            if scalar == " " || scalar == "\t" { throw error("no space allowed after '\(dot)'") }
            if scalar.properties.numericType != nil {
                throw error("a name cannot start with a digit; use [\(String(scalar))] for an index or ['…'] for such a name")
            }
            throw error("expected a name or '*' after '\(dot)', found '\(String(scalar))'; quote other names as ['…']")
        }
        let start = position
        while let next = peek, Self.isNameFirst(next) || ("0"..."9").contains(next) { position += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        if peek == "(" { throw unsupportedFunction(name, at: start) }
        return .name(name)
    }

    /// `[selector, selector, ...]`.
    private mutating func parseBracket() throws(JSONPathError) -> [JSONPathSelector] {
        let open = position
        position += 1 // '['
        var selectors: [JSONPathSelector] = []
        while true {
            skipBlanks()
            if selectors.isEmpty, peek == "]" { throw error("empty brackets: expected a selector") }
            selectors.append(try parseSelector())
            skipBlanks()
            guard let scalar = peek else {
                throw error("expected ']' (to close the '[' at column \(open + 1))")
            }
            if scalar == "]" {
                position += 1
                return selectors
            }
            guard scalar == "," else { throw error("expected ']' or ',', found '\(String(scalar))'") }
            position += 1
        }
    }

    private mutating func parseSelector() throws(JSONPathError) -> JSONPathSelector {
        guard let scalar = peek else { throw error("expected a selector") }
        switch scalar {
        case "'", "\"":
            return .name(try parseStringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            return .filter(try parseNested { (parser: inout JSONPathParser) throws(JSONPathError) in try parser.parseOr() })
        case "(":
            throw error("script expressions '(…)' are not part of RFC 9535; use a filter '[?…]'")
        case ":", "-", "0"..."9":
            return try parseIndexOrSlice()
        default:
            throw error("expected a selector (a quoted name, '*', an index, a slice or '?'), found '\(String(scalar))'")
        }
    }

    private mutating func parseIndexOrSlice() throws(JSONPathError) -> JSONPathSelector {
        let start = peek == ":" ? nil : try parseInteger()
        skipBlanks()
        guard peek == ":" else {
            guard let start else { throw error("expected an index") }
            return .index(start)
        }
        position += 1
        skipBlanks()
        let end = isIntegerStart ? try parseInteger() : nil
        skipBlanks()
        var step: Int?
        if peek == ":" {
            position += 1
            skipBlanks()
            step = isIntegerStart ? try parseInteger() : nil
        }
        return .slice(start: start, end: end, step: step)
    }

    private var isIntegerStart: Bool {
        guard let scalar = peek else { return false }
        return scalar == "-" || ("0"..."9").contains(scalar)
    }

    /// An RFC 9535 integer: no leading zeros, no `-0`, within ±(2^53 - 1).
    private mutating func parseInteger() throws(JSONPathError) -> Int {
        let start = position
        if peek == "-" { position += 1 }
        let digitsStart = position
        while let scalar = peek, ("0"..."9").contains(scalar) { position += 1 }
        let digits = String(String.UnicodeScalarView(scalars[digitsStart..<position]))
        guard !digits.isEmpty else { throw error("expected digits") }
        if digits.count > 1, digits.hasPrefix("0") {
            throw error("leading zeros are not allowed in an index", at: start)
        }
        if digits == "0", digitsStart > start { throw error("'-0' is not a valid index", at: start) }
        guard let magnitude = Int(digits), magnitude <= Self.maximumIndex else {
            throw error("index out of range (at most ±\(Self.maximumIndex))", at: start)
        }
        return digitsStart > start ? -magnitude : magnitude
    }

    /// A single- or double-quoted string with JSON-style escapes (plus `\'` in single quotes).
    private mutating func parseStringLiteral() throws(JSONPathError) -> String {
        let open = position
        guard let quote = peek else { throw error("expected a string") }
        position += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else {
                throw error("unterminated string: expected \(quote) (to close the string at column \(open + 1))")
            }
            if scalar == quote {
                position += 1
                return String(result)
            }
            if scalar.value < 0x20 {
                throw error("control characters must be escaped in a string")
            }
            if scalar != "\\" {
                result.append(scalar)
                position += 1
                continue
            }
            position += 1
            guard let escape = peek else {
                throw error("unterminated string: expected \(quote) (to close the string at column \(open + 1))")
            }
            position += 1
            switch escape {
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "/", "\\": result.append(escape)
            case "u": result.append(try parseUnicodeEscape())
            default:
                if escape == quote {
                    result.append(escape)
                } else {
                    throw error("invalid escape '\\\(String(escape))' in a string", at: position - 2)
                }
            }
        }
    }

    /// The four hex digits after `\u`, with a following `\uXXXX` low surrogate if the first was high.
    private mutating func parseUnicodeEscape() throws(JSONPathError) -> Unicode.Scalar {
        let escapeStart = position - 2
        let high = try parseHex4()
        if (0xDC00..<0xE000).contains(high) { throw error("lone low surrogate in '\\u' escape", at: escapeStart) }
        guard (0xD800..<0xDC00).contains(high) else {
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        }
        guard peek == "\\", position + 1 < scalars.count, scalars[position + 1] == "u" else {
            throw error("a high surrogate '\\u' escape must be followed by a low surrogate", at: escapeStart)
        }
        position += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else {
            throw error("a high surrogate '\\u' escape must be followed by a low surrogate", at: escapeStart)
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
    }

    private mutating func parseHex4() throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Self.hexValue(scalar) else {
                throw error("expected four hex digits after '\\u'")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    // MARK: Filters

    private mutating func parseNested<T>(
        _ body: (inout JSONPathParser) throws(JSONPathError) -> T
    ) throws(JSONPathError) -> T {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else { throw error("filter nested too deeply (at most \(Self.maximumNesting) levels)") }
        return try body(&self)
    }

    private mutating func parseOr() throws(JSONPathError) -> JSONPathFilter {
        var operands = [try parseAnd()]
        while true {
            skipBlanks()
            guard matches("||") else { break }
            position += 2
            skipBlanks()
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws(JSONPathError) -> JSONPathFilter {
        var operands = [try parseBasic()]
        while true {
            skipBlanks()
            guard matches("&&") else { break }
            position += 2
            skipBlanks()
            operands.append(try parseBasic())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// A parenthesized expression, a negation, a comparison or an existence test.
    private mutating func parseBasic() throws(JSONPathError) -> JSONPathFilter {
        guard let scalar = peek else { throw error("expected a filter expression") }
        if scalar == "!" {
            position += 1
            skipBlanks()
            if peek == "(" { return .not(try parseParenthesized()) }
            guard peek == "@" || peek == "$" else {
                throw error("'!' must be followed by '(' or a query ('@…' or '$…')")
            }
            return .not(.exists(try parseFilterQuery()))
        }
        if scalar == "(" { return try parseParenthesized() }
        let start = position
        let left = try parseOperand()
        skipBlanks()
        guard let comparison = parseComparisonOperator() else {
            if peek == "=" { throw error("expected '==' (a single '=' is not a comparison)") }
            guard case .query(let query) = left else {
                throw error("a literal must be compared with something: expected ==, !=, <, <=, > or >=")
            }
            return .exists(query)
        }
        try requireSingular(left, at: start)
        skipBlanks()
        let rightStart = position
        let right = try parseOperand()
        try requireSingular(right, at: rightStart)
        return .comparison(left, comparison, right)
    }

    private mutating func parseParenthesized() throws(JSONPathError) -> JSONPathFilter {
        let open = position
        position += 1
        skipBlanks()
        let inner = try parseNested { (parser: inout JSONPathParser) throws(JSONPathError) in try parser.parseOr() }
        skipBlanks()
        guard peek == ")" else { throw error("expected ')' (to close the '(' at column \(open + 1))") }
        position += 1
        return inner
    }

    private func requireSingular(_ operand: JSONPathOperand, at start: Int) throws(JSONPathError) {
        if case .query(let query) = operand, !query.isSingular {
            throw error("a comparison needs a singular query (only names and indexes, no '*', '..', slices or filters)", at: start)
        }
    }

    private mutating func parseComparisonOperator() -> JSONPathComparisonOperator? {
        for candidate in ["==", "!=", "<=", ">=", "<", ">"] where matches(candidate) {
            position += candidate.unicodeScalars.count
            return JSONPathComparisonOperator(rawValue: candidate)
        }
        return nil
    }

    private mutating func parseOperand() throws(JSONPathError) -> JSONPathOperand {
        guard let scalar = peek else { throw error("expected a filter expression") }
        switch scalar {
        case "@", "$":
            return .query(try parseFilterQuery())
        case "'", "\"":
            return .literal(.string(try parseStringLiteral()))
        case "-", "0"..."9":
            return .literal(.number(try parseNumberLiteral()))
        case "a"..."z", "A"..."Z", "_":
            let start = position
            while let next = peek, Self.isNameFirst(next) || ("0"..."9").contains(next) { position += 1 }
            let word = String(String.UnicodeScalarView(scalars[start..<position]))
            let afterWord = position
            skipBlanks()
            if peek == "(" { throw unsupportedFunction(word, at: start) }
            position = afterWord
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default:
                throw error("unexpected '\(word)': expected '@', '$', a number, a string, true, false or null; names in a filter start with '@.'", at: start)
            }
        default:
            throw error("expected a filter expression ('@…', '$…', a literal, '!' or '('), found '\(String(scalar))'")
        }
    }

    /// `@` or `$` followed by segments.
    private mutating func parseFilterQuery() throws(JSONPathError) -> JSONPathQuery {
        let isRelative = peek == "@"
        position += 1
        let segments = try parseNested { (parser: inout JSONPathParser) throws(JSONPathError) in try parser.parseSegments() }
        return JSONPathQuery(isRelative: isRelative, segments: segments)
    }

    /// A JSON number: optional '-', integer without leading zeros, optional fraction and exponent.
    private mutating func parseNumberLiteral() throws(JSONPathError) -> Double {
        let start = position
        if peek == "-" { position += 1 }
        let integerStart = position
        while let scalar = peek, ("0"..."9").contains(scalar) { position += 1 }
        guard position > integerStart else { throw error("expected digits after '-'") }
        if position - integerStart > 1, scalars[integerStart] == "0" {
            throw error("leading zeros are not allowed in a number", at: start)
        }
        if peek == "." {
            position += 1
            let fractionStart = position
            while let scalar = peek, ("0"..."9").contains(scalar) { position += 1 }
            guard position > fractionStart else { throw error("expected digits after '.' in a number") }
        }
        if peek == "e" || peek == "E" {
            position += 1
            if peek == "+" || peek == "-" { position += 1 }
            let exponentStart = position
            while let scalar = peek, ("0"..."9").contains(scalar) { position += 1 }
            guard position > exponentStart else { throw error("expected digits in the exponent of a number") }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Double(text) else { throw error("invalid number '\(text)'", at: start) }
        return value
    }

    // MARK: Helpers

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func matches(_ text: String) -> Bool {
        var index = position
        for scalar in text.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private mutating func skipBlanks() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { position += 1 }
    }

    /// RFC 9535 name-first: ALPHA, '_', or any non-ASCII scalar.
    private static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "_": return true
        default: return scalar.value >= 0x80
        }
    }

    private func error(_ message: String, at index: Int? = nil) -> JSONPathError {
        JSONPathError(message: message, column: (index ?? position) + 1)
    }

    private func unexpected() -> JSONPathError {
        guard let scalar = peek else { return error("unexpected end of path") }
        return error("unexpected '\(String(scalar))': expected '.', '..' or '[' to start a segment")
    }

    private func unsupportedFunction(_ name: String, at start: Int) -> JSONPathError {
        error("function '\(name)()' is not supported: filters take comparisons, '&&', '||', '!' and existence tests only", at: start)
    }
}
