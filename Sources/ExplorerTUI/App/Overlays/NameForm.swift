import ExplorerCore
import ExplorerWorkspace

/// A small form of labelled one-line fields, such as a new request's name and file name.
public struct NameForm: Sendable, Equatable {
    /// What the form creates or changes.
    public enum Purpose: Sendable, Equatable {
        /// A new request in the folder at `folder` (tree key of the folder or collection).
        case newRequest(folder: RequestKey)
        /// A new folder inside `folder` (tree key).
        case newFolder(folder: RequestKey)
        /// A new name for the request `key`; the second field says whether its file is renamed too.
        case rename(key: RequestKey)
        /// A copy of the request `key`.
        case duplicate(key: RequestKey)
        /// The response body saved to the file named in the first field.
        case saveBody
        /// A request imported from a curl command, to be written into `folder` (tree key) under the name asked.
        case importCurl(folder: RequestKey, request: RequestSpec)
        /// A new collection in the collections directory: its name, first environment and that environment's base URL.
        case newCollection(directory: String)
        /// The WebSocket conversation `id` closed with the code and reason in the fields.
        case closeWebSocket(id: Int)
        /// The Body tab's text saved into the WebSocket request `key`'s `messages:` under the name in the field.
        case saveMessage(key: RequestKey)
        /// A Postman collection or `.http` file, named in the first field, imported as a collection into `directory`.
        case importFile(directory: String)
    }

    /// One labelled field.
    public struct Field: Sendable, Equatable {
        /// The label before it.
        public var label: String
        /// The text.
        public var field: TextField
    }

    /// The title.
    public var title: String
    /// The fields, top to bottom.
    public var fields: [Field]
    /// The field with the cursor.
    public var focused = 0
    /// What Enter on the last field does.
    public var purpose: Purpose
    /// A line of help under the fields.
    public var note: String

    /// Creates a form.
    public init(title: String, fields: [(String, String)], purpose: Purpose, note: String = "") {
        self.title = title
        // A value offered is selected: the first character typed replaces it rather than being appended to it.
        self.fields = fields.map { label, value in
            var field = TextField(text: value)
            field.isSelected = !value.isEmpty
            return Field(label: label, field: field)
        }
        self.purpose = purpose
        self.note = note
    }

    /// The text of field `index`, trimmed.
    public func value(_ index: Int) -> String {
        fields.indices.contains(index) ? fields[index].field.text.trimmingCharacters(in: .whitespaces) : ""
    }
}
