/// A palette of ANSI SGR parameters used to colour formatted bodies.
public struct ANSIStyle: Sendable, Hashable {
    /// SGR parameters for JSON keys, e.g. `"1;34"` for bold blue; nil for no styling.
    public var key: String?
    /// SGR parameters for JSON strings.
    public var string: String?
    /// SGR parameters for JSON numbers.
    public var number: String?
    /// SGR parameters for `true`, `false` and `null`.
    public var literal: String?
    /// SGR parameters for punctuation.
    public var punctuation: String?
    /// SGR parameters for markup tags.
    public var tag: String?
    /// SGR parameters for markup attribute names.
    public var attributeName: String?
    /// SGR parameters for markup attribute values.
    public var attributeValue: String?
    /// SGR parameters for comments and notes.
    public var comment: String?

    /// Creates a palette; nil leaves that kind in the terminal's default style.
    public init(
        key: String? = "1;34", string: String? = "32", number: String? = "36", literal: String? = "35",
        punctuation: String? = nil, tag: String? = "34", attributeName: String? = "36",
        attributeValue: String? = "32", comment: String? = "2"
    ) {
        self.key = key
        self.string = string
        self.number = number
        self.literal = literal
        self.punctuation = punctuation
        self.tag = tag
        self.attributeName = attributeName
        self.attributeValue = attributeValue
        self.comment = comment
    }

    /// Keys bold blue, strings green, numbers cyan, literals magenta, punctuation plain.
    public static let standard = ANSIStyle()

    /// The SGR parameters for a JSON token kind.
    public func parameters(for kind: JSONTokenKind) -> String? {
        switch kind {
        case .key: key
        case .string: string
        case .number: number
        case .literal: literal
        case .punctuation: punctuation
        case .whitespace: nil
        }
    }

    /// The SGR parameters for a body token kind.
    public func parameters(for kind: BodyTokenKind) -> String? {
        switch kind {
        case .json(let jsonKind): parameters(for: jsonKind)
        case .tag: tag
        case .attributeName, .formName, .hexOffset: attributeName
        case .attributeValue: attributeValue
        case .comment, .note, .hexASCII: comment
        case .text, .formValue, .whitespace, .hexBytes: nil
        }
    }

    /// Wraps already terminal-safe `text` in the SGR sequence for `parameters`.
    public static func wrap(_ text: String, parameters: String?) -> String {
        guard let parameters, !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }

    /// Renders formatted JSON lines as one ANSI-coloured string, lines joined by `\n`.
    public func render(_ lines: [JSONFormattedLine]) -> String {
        var output = ""
        for (index, line) in lines.enumerated() {
            if index > 0 { output += "\n" }
            output += String(repeating: " ", count: line.indentWidth)
            for span in line.tokens {
                output += Self.wrap(line.text(of: span), parameters: parameters(for: span.kind))
            }
        }
        return output
    }

    /// Renders formatted body lines as one ANSI-coloured string, lines joined by `\n`.
    public func render(_ lines: [BodyLine]) -> String {
        var output = ""
        for (index, line) in lines.enumerated() {
            if index > 0 { output += "\n" }
            output += String(repeating: " ", count: line.indent)
            for token in line.tokens {
                output += Self.wrap(token.text, parameters: parameters(for: token.kind))
            }
        }
        return output
    }
}
