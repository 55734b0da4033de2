/// How a response body was interpreted for display.
public enum BodyKind: Sendable, Hashable {
    /// JSON, pretty-printed.
    case json
    /// JSON content type but the body is not valid JSON; shown as raw text with a note.
    case invalidJSON
    /// XML, re-indented.
    case xml
    /// HTML, shown line by line with tags highlighted.
    case html
    /// Plain text.
    case text
    /// `application/x-www-form-urlencoded`, shown as a name/value table.
    case form
    /// Anything else: a size summary and a hex preview.
    case binary
    /// No body at all.
    case empty
}
