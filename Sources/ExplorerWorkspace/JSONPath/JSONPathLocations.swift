/// Where selected nodes sit: an arena of steps, each pointing back to its parent's entry, so paths
/// share their prefixes, cost no allocation per node, and a normalized path is only spelled out
/// for the matches shown. An arena rather than linked objects, so freeing a path ten thousand
/// levels deep cannot recurse.
struct JSONPathLocations {
    /// One step from a parent to a child.
    enum Step {
        /// An object member, named by the index of its key node (decoded only when printed).
        case member(key: Int)
        /// An array element.
        case index(Int)
    }

    /// The location of the root itself.
    static let root = -1

    private var parents: [Int] = []
    private var steps: [Step] = []

    /// Records the location one `step` below `parent` and returns it.
    mutating func append(_ step: Step, below parent: Int) -> Int {
        parents.append(parent)
        steps.append(step)
        return steps.count - 1
    }

    /// The RFC 9535 normalized path of `location`, e.g. `$['a'][0]`, with names read from `document`.
    func normalizedPath(_ location: Int, in document: JSONPathDocument) -> String {
        var chain: [Step] = []
        var current = location
        while current >= 0 {
            chain.append(steps[current])
            current = parents[current]
        }
        var path = "$"
        for step in chain.reversed() {
            switch step {
            case .index(let index): path += "[\(index)]"
            case .member(let key): path += "['" + JSONPathDocument.escapedName(document.decodedString(key)) + "']"
            }
        }
        return path
    }
}
