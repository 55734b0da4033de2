import ExplorerCore

/// Runs parsed segments over a `JSONPathDocument`, following RFC 9535 section 2 semantics.
///
/// Nodelists are node indices; locations (for normalized paths) are only built for the top-level
/// query, since a filter's inner queries only need to know what they select.
struct JSONPathEvaluator {
    /// A node in a nodelist and, when tracked, where it is.
    struct Item {
        var node: Int
        /// Index in `locations`, or `JSONPathLocations.root` (also used when locations are not tracked).
        var location: Int
    }

    let document: JSONPathDocument
    let isCancelled: () -> Bool
    private var untilCheck = JSONPathDocument.cancellationInterval
    /// Where the tracked results are.
    private(set) var locations = JSONPathLocations()

    /// Creates an evaluator over `document` that polls `isCancelled` now and then.
    init(document: JSONPathDocument, isCancelled: @escaping () -> Bool) {
        self.document = document
        self.isCancelled = isCancelled
    }

    /// Applies `segments` to `input` in turn; `tracksLocations` builds the locations of results.
    mutating func evaluate(_ segments: [JSONPathSegment], from input: [Item], tracksLocations: Bool) throws -> [Item] {
        var current = input
        for segment in segments {
            var next: [Item] = []
            for item in current {
                if segment.isDescendant {
                    try applyToDescendants(segment.selectors, of: item, tracksLocations: tracksLocations, into: &next)
                } else {
                    try apply(segment.selectors, to: item, tracksLocations: tracksLocations, into: &next)
                }
            }
            current = next
        }
        return current
    }

    /// Polls for cancellation every `cancellationInterval` steps.
    private mutating func tick() throws {
        untilCheck -= 1
        if untilCheck <= 0 {
            untilCheck = JSONPathDocument.cancellationInterval
            if isCancelled() { throw CancellationError() }
        }
    }

    /// Applies the selectors to `item` and every container below it, in document order (a node
    /// before its descendants, arrays in order), which RFC 9535 section 2.5.2.2 allows.
    /// The node list is already in that order, so this is a linear scan with a stack of open containers.
    private mutating func applyToDescendants(
        _ selectors: [JSONPathSelector], of item: Item, tracksLocations: Bool, into output: inout [Item]
    ) throws {
        let nodes = document.nodes
        guard nodes[item.node].isContainer else { return }
        // Open containers above the scan position: where each ends, its location, and its next element index.
        var open: [(end: Int, location: Int, nextIndex: Int)] = []
        var index = item.node
        let end = Int(nodes[item.node].next)
        while index < end {
            try tick()
            let node = nodes[index]
            if node.kind == .key {
                index += 1
                continue
            }
            while let last = open.last, last.end <= index { open.removeLast() }
            let elementIndex = open.last?.nextIndex ?? 0
            if !open.isEmpty { open[open.count - 1].nextIndex += 1 }
            if node.isContainer {
                // Only containers get a location here: scalars have no children to select, and
                // recording every scalar's location made `$..name` on a large body several times slower.
                var location = item.location
                if let parent = open.last, tracksLocations {
                    if index > 0, nodes[index - 1].kind == .key {
                        location = locations.append(.member(key: index - 1), below: parent.location)
                    } else {
                        location = locations.append(.index(elementIndex), below: parent.location)
                    }
                }
                try apply(selectors, to: Item(node: index, location: location), tracksLocations: tracksLocations, into: &output)
                open.append((Int(node.next), location, 0))
            }
            index += 1
        }
    }

    /// Applies each selector to the children of `item`, concatenating the results in selector order.
    private mutating func apply(
        _ selectors: [JSONPathSelector], to item: Item, tracksLocations: Bool, into output: inout [Item]
    ) throws {
        let kind = document.nodes[item.node].kind
        guard kind == .object || kind == .array else { return }
        func child(_ node: Int, _ step: JSONPathLocations.Step) -> Item {
            Item(node: node, location: tracksLocations ? locations.append(step, below: item.location) : JSONPathLocations.root)
        }
        for selector in selectors {
            switch selector {
            case .name(let name):
                guard kind == .object else { continue }
                let bytes = Array(name.utf8)
                for member in document.members(of: item.node) where document.stringEquals(member.key, name, utf8: bytes) {
                    output.append(child(member.value, .member(key: member.key)))
                }
            case .wildcard:
                for (node, step) in children(of: item.node, kind: kind) {
                    try tick()
                    output.append(child(node, step))
                }
            case .index(let index):
                guard kind == .array else { continue }
                let elements = document.elements(of: item.node)
                let normalized = index >= 0 ? index : elements.count + index
                if normalized >= 0 && normalized < elements.count {
                    output.append(child(elements[normalized], .index(normalized)))
                }
            case .slice(let start, let end, let step):
                guard kind == .array else { continue }
                let elements = document.elements(of: item.node)
                for position in Self.sliceIndices(count: elements.count, start: start, end: end, step: step) {
                    output.append(child(elements[position], .index(position)))
                }
            case .filter(let filter):
                for (node, step) in children(of: item.node, kind: kind) {
                    try tick()
                    if try test(filter, current: node) { output.append(child(node, step)) }
                }
            }
        }
    }

    /// The children of a container with the step that reaches each.
    private func children(of node: Int, kind: JSONPathNode.Kind) -> [(Int, JSONPathLocations.Step)] {
        if kind == .array {
            return document.elements(of: node).enumerated().map { ($0.element, .index($0.offset)) }
        }
        return document.members(of: node).map { ($0.value, .member(key: $0.key)) }
    }

    /// The element indices a slice selects, per RFC 9535 section 2.3.4.2.2.
    static func sliceIndices(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
        let step = step ?? 1
        guard step != 0 else { return [] }
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
        var result: [Int] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            var index = lower
            while index < upper {
                result.append(index)
                index += step
            }
        } else {
            let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
            let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
            var index = upper
            while lower < index {
                result.append(index)
                index += step
            }
        }
        return result
    }

    // MARK: Filters

    /// A value a comparison sees: a node, a literal, or Nothing (an empty singular query).
    private enum Value {
        case nothing
        case literal(JSONPathLiteral)
        case node(Int)
    }

    private mutating func test(_ filter: JSONPathFilter, current: Int) throws -> Bool {
        switch filter {
        case .or(let operands):
            for operand in operands where try test(operand, current: current) { return true }
            return false
        case .and(let operands):
            for operand in operands where try !test(operand, current: current) { return false }
            return true
        case .not(let operand):
            return try !test(operand, current: current)
        case .exists(let query):
            return try !select(query, current: current).isEmpty
        case .comparison(let left, let comparison, let right):
            let lhs = try value(left, current: current)
            let rhs = try value(right, current: current)
            switch comparison {
            case .equal: return equal(lhs, rhs)
            case .notEqual: return !equal(lhs, rhs)
            case .less: return less(lhs, rhs)
            case .lessOrEqual: return less(lhs, rhs) || equal(lhs, rhs)
            case .greater: return less(rhs, lhs)
            case .greaterOrEqual: return less(rhs, lhs) || equal(lhs, rhs)
            }
        }
    }

    private mutating func select(_ query: JSONPathQuery, current: Int) throws -> [Item] {
        let start = Item(node: query.isRelative ? current : 0, location: JSONPathLocations.root)
        return try evaluate(query.segments, from: [start], tracksLocations: false)
    }

    private mutating func value(_ operand: JSONPathOperand, current: Int) throws -> Value {
        switch operand {
        case .literal(let literal): return .literal(literal)
        case .query(let query): return try select(query, current: current).first.map { .node($0.node) } ?? .nothing
        }
    }

    /// A node as a literal when it is a scalar, so scalars compare the same wherever they come from.
    private func scalar(_ value: Value) -> JSONPathLiteral? {
        switch value {
        case .nothing: return nil
        case .literal(let literal): return literal
        case .node(let node):
            switch document.nodes[node].kind {
            case .number: return .number(document.numberValue(node))
            case .string, .key: return .string(document.decodedString(node))
            case .trueValue: return .bool(true)
            case .falseValue: return .bool(false)
            case .null: return .null
            case .object, .array: return nil
            }
        }
    }

    private func equal(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.nothing, .nothing): return true
        case (.nothing, _), (_, .nothing): return false
        case (.node(let a), .node(let b)) where document.nodes[a].isContainer || document.nodes[b].isContainer:
            return deepEqual(a, b)
        default:
            return scalar(lhs) == scalar(rhs)
        }
    }

    /// `<` holds only between two numbers or two strings (by Unicode scalar values).
    private func less(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (scalar(lhs), scalar(rhs)) {
        case (.number(let a)?, .number(let b)?): return a < b
        case (.string(let a)?, .string(let b)?): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }

    /// Structural equality of two nodes: arrays element by element, objects by member names regardless of order.
    /// A worklist instead of recursion, so deeply nested values cannot overflow the stack.
    private func deepEqual(_ first: Int, _ second: Int) -> Bool {
        var pending = [(first, second)]
        while let (a, b) = pending.popLast() {
            let kindA = document.nodes[a].kind
            let kindB = document.nodes[b].kind
            switch (kindA, kindB) {
            case (.array, .array):
                let left = document.elements(of: a)
                let right = document.elements(of: b)
                guard left.count == right.count else { return false }
                pending.append(contentsOf: zip(left, right))
            case (.object, .object):
                let left = document.members(of: a)
                let right = document.members(of: b)
                guard left.count == right.count else { return false }
                for member in left {
                    let name = document.decodedString(member.key)
                    let bytes = Array(name.utf8)
                    guard let match = right.first(where: { document.stringEquals($0.key, name, utf8: bytes) }) else { return false }
                    pending.append((member.value, match.value))
                }
            case (.object, _), (.array, _), (_, .object), (_, .array):
                return false
            default:
                guard scalar(.node(a)) == scalar(.node(b)) else { return false }
            }
        }
        return true
    }
}
