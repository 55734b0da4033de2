import Foundation

/// What the environment editor is asking while its fields are typed in: a new environment's name and base URL, a new
/// name, one value, or a variable's name and value (and whether it is secret).
public struct EnvironmentPrompt: Sendable, Equatable {
    /// What Enter on the last field does.
    public enum Purpose: Sendable, Equatable {
        /// Adds an environment (fields: name, base URL).
        case newEnvironment
        /// Renames the environment shown (field: name).
        case rename
        /// Sets the key `key` of the environment shown (field: its value).
        case field(key: String)
        /// Adds a variable (`replacing` nil) or changes the variable `replacing` (fields: name, value).
        case variable(replacing: String?)
    }

    /// What Enter on the last field does.
    public var purpose: Purpose
    /// The fields with their labels, top to bottom.
    public var fields: [NameForm.Field]
    /// The field with the cursor.
    public var focused = 0
    /// For a variable: its value is kept in `secrets.local.yaml` and masked on screen.
    public var secret = false
    /// Why the last Enter was refused (the text stays for fixing).
    public var error: String?

    /// Creates a prompt.
    public init(_ purpose: Purpose, fields: [(String, String)], secret: Bool = false) {
        self.purpose = purpose
        self.fields = fields.map { NameForm.Field(label: $0.0, field: TextField(text: $0.1)) }
        self.secret = secret
    }

    /// The text of field `index` with surrounding spaces removed.
    public func value(_ index: Int) -> String {
        fields.indices.contains(index) ? fields[index].field.text.trimmingCharacters(in: .whitespaces) : ""
    }
}
