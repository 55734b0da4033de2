/// Why an export or comparison in the explorer, or writing `send --output`, failed, in words for a person.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
