/// Why an export or comparison in the explorer failed, in words for the overlay.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
