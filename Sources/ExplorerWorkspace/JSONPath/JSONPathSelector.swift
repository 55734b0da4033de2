/// One selector of a segment, as RFC 9535 section 2.3 defines it.
indirect enum JSONPathSelector: Sendable, Hashable {
    /// A member by name: `.name`, `['name']`.
    case name(String)
    /// Every child: `*`.
    case wildcard
    /// An element by index, negative counting from the end: `[0]`, `[-1]`.
    case index(Int)
    /// Elements by `start:end:step`, any part omitted.
    case slice(start: Int?, end: Int?, step: Int?)
    /// Children for which the expression is true: `[?@.price < 10]`.
    case filter(JSONPathFilter)
}
