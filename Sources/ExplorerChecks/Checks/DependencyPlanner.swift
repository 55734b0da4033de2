import ExplorerWorkspace

/// Orders requests so that each comes after the requests it `needs:`, keeping collection order otherwise, and
/// reports a cycle or an unknown reference (located at the `needs` item) before anything is sent.
public struct DependencyPlanner: Sendable {
    /// The collection the requests belong to.
    public let collection: CollectionSpec

    /// Creates a planner for `collection`.
    public init(collection: CollectionSpec) { self.collection = collection }

    /// The request `need` names: `folder/request` below this collection, or `Collection/folder/request`.
    public func locate(_ need: RequestNeed) throws(CollectionProblem) -> CollectionSpec.Located {
        let parts = need.reference.split(separator: "/").map(String.init)
        if parts.count > 1, parts[0].caseInsensitiveCompare(collection.slug) == .orderedSame
            || parts[0].caseInsensitiveCompare(collection.name) == .orderedSame, let found = collection.locate(Array(parts.dropFirst())) {
            return found
        }
        if let found = collection.locate(parts) { return found }
        throw CollectionProblem(need.location, "'needs' names '\(need.reference)', which is not a request of collection \(collection.name)")
    }

    /// `targets` with everything they need, dependencies first; `targets` keep their order otherwise.
    public func plan(_ targets: [CollectionSpec.Located]) throws(CollectionProblem) -> [PlannedRequest] {
        var planned: [PlannedRequest] = []
        var done: Set<String> = []
        let wanted = Set(targets.map { collection.reference(of: $0) })
        func visit(_ located: CollectionSpec.Located, stack: [(reference: String, need: RequestNeed?)]) throws(CollectionProblem) {
            let reference = collection.reference(of: located)
            if done.contains(reference) { return }
            if let start = stack.firstIndex(where: { $0.reference == reference }) {
                let loop = stack[start...].map(\.reference) + [reference]
                let location = stack[(start + 1)...].first?.need?.location ?? stack.last?.need?.location ?? SourceLocation(file: located.request.file)
                throw CollectionProblem(location, "dependency cycle: \(loop.joined(separator: " → ")); nothing was sent")
            }
            var dependencies: [String] = []
            for need in located.request.needs {
                let target = try locate(need)
                try visit(target, stack: stack + [(reference, need)])
                dependencies.append(collection.reference(of: target))
            }
            done.insert(reference)
            planned.append(PlannedRequest(located: located, reference: reference, dependencies: dependencies,
                                          isDependency: !wanted.contains(reference)))
        }
        for target in targets { try visit(target, stack: []) }
        return planned
    }
}
