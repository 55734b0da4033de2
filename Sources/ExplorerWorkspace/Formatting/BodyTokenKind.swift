/// What a piece of a formatted response body is, so a CLI or TUI can colour it.
public enum BodyTokenKind: Sendable, Hashable {
    /// A piece of pretty-printed JSON.
    case json(JSONTokenKind)
    /// Markup punctuation and element names: `<`, `</item`, `/>`.
    case tag
    /// An attribute name inside a tag.
    case attributeName
    /// A quoted attribute value inside a tag.
    case attributeValue
    /// A markup comment, processing instruction, doctype or CDATA section.
    case comment
    /// Ordinary text: text bodies and text between tags.
    case text
    /// A field name of a form-urlencoded body.
    case formName
    /// A field value of a form-urlencoded body.
    case formValue
    /// Spacing the formatter inserted for alignment.
    case whitespace
    /// A remark by apiexplorer itself, such as a fallback notice or a size summary.
    case note
    /// The offset column of a hex preview.
    case hexOffset
    /// The byte columns of a hex preview.
    case hexBytes
    /// The printable-character column of a hex preview.
    case hexASCII
}
