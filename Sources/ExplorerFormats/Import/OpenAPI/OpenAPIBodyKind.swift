/// The kinds of request body an OpenAPI media type is imported as, in the order they are preferred when an operation
/// accepts several.
package enum OpenAPIBodyKind: Int, CaseIterable, Sendable {
    case json, form, multipart, text
}
