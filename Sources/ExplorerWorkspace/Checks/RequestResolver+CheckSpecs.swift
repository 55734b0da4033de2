extension RequestResolver {
    /// The checks that apply to this request: the collection's, each folder's from the top down, then its own; a
    /// `conformsToSpec` check is bound to the collection's spec and this request's operation.
    public var checks: [CheckSpec] {
        let operation = SpecOperation(spec: collection.spec ?? "", method: request.method, url: request.url)
        return (collection.root.checks + folders.flatMap(\.checks) + request.checks).map { check in
            guard case .conformsToSpec = check.kind else { return check }
            var bound = check
            bound.kind = .conformsToSpec(operation)
            return bound
        }
    }
}
