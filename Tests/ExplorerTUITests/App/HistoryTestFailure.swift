/// A precondition of a history test that did not hold.
struct HistoryTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
