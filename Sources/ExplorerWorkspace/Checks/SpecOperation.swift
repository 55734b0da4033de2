/// The operation of an OpenAPI description a request is checked against: the collection's `spec:` file, and the
/// request's method and URL as written (`/pets/{{petId}}`), which name its path template.
public struct SpecOperation: Sendable, Equatable {
    /// The description's absolute path; empty when the collection has no `spec:` key.
    public var spec: String
    /// The request's method.
    public var method: String
    /// The request's URL as written, variables unresolved.
    public var url: String

    /// Creates an operation reference.
    public init(spec: String, method: String, url: String) {
        self.spec = spec
        self.method = method
        self.url = url
    }
}
