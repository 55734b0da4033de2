/// A value of an OpenAPI description with the file it is in and its JSON pointer there, so a `$ref` inside it
/// resolves against the right file and a report item names exactly where it was.
package struct OpenAPINode: Sendable {
    /// The value.
    package var value: LocatedJSONValue
    /// The file it was read from, as the importer was given it or as a relative `$ref` led to it.
    package var file: String
    /// Its JSON pointer in `file` (`/paths/~1pets/get`); empty for the whole document.
    package var pointer: String

    /// The node holding `value`, read from `file` at `pointer`.
    package init(value: LocatedJSONValue, file: String, pointer: String) {
        self.value = value
        self.file = file
        self.pointer = pointer
    }

    /// The member `key` of an object, else nil.
    package subscript(key: String) -> OpenAPINode? {
        value[key].map { OpenAPINode(value: $0, file: file, pointer: pointer + "/" + OpenAPINode.escape(key)) }
    }

    /// The members of an object (empty for anything else), in file order.
    package var members: [(key: String, node: OpenAPINode)] {
        (value.members ?? []).map { ($0.key, OpenAPINode(value: $0.value, file: file, pointer: pointer + "/" + OpenAPINode.escape($0.key))) }
    }

    /// The items of an array (empty for anything else).
    package var items: [OpenAPINode] {
        (value.items ?? []).enumerated().map { OpenAPINode(value: $0.element, file: file, pointer: "\(pointer)/\($0.offset)") }
    }

    /// The text of a string value only.
    package var string: String? { value.stringValue }

    /// A string, number or boolean as text.
    package var text: String? { value.text }

    /// True for `true`.
    package var isTrue: Bool {
        if case .bool(true) = value.kind { return true }
        return false
    }

    /// `~` and `/` escaped as a JSON pointer needs them (RFC 6901).
    package static func escape(_ key: String) -> String {
        guard key.contains("~") || key.contains("/") else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
