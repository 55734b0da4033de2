/// Why the demo could not be started for the README tests.
struct DemoProcessError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
