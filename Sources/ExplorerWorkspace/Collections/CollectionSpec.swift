/// A collection: a service with environments, shared headers, credentials and variables, and a tree of requests.
public struct CollectionSpec: Sendable, Equatable {
    /// The top of the tree; its headers, auth and variables are the collection's own.
    public var root: FolderSpec
    /// The environments, in file order.
    public var environments: [EnvironmentSpec]
    /// The OpenAPI description the collection was imported from (the `spec` key): an absolute path once loaded, written
    /// relative to the collection's directory. `conformsToSpec` checks validate responses against it.
    public var spec: String?
    /// `keepSessionCookies: true`: session cookies (no Expires or Max-Age) are kept on disk with the others instead of
    /// being dropped when the process ends; an environment's own key wins.
    public var keepSessionCookies: Bool?
    /// The gRPC schema's files (`protoset:` or `proto:`), absolute once loaded; empty when schemas come from reflection.
    public var grpcSchema = GRPCSchemaFiles()
    /// What the collection reads or runs outside its directory, found when it was loaded; trust is given to this list.
    public var trustList: TrustList

    /// Creates a collection.
    public init(root: FolderSpec, environments: [EnvironmentSpec]) {
        self.root = root
        self.environments = environments
        self.trustList = TrustList(directory: root.directory)
    }

    /// Equal by what the collection holds; its trust list is derived from its files, so it does not count.
    public static func == (lhs: CollectionSpec, rhs: CollectionSpec) -> Bool {
        lhs.root == rhs.root && lhs.environments == rhs.environments && lhs.spec == rhs.spec && lhs.keepSessionCookies == rhs.keepSessionCookies
            && lhs.grpcSchema == rhs.grpcSchema
    }

    /// The display name.
    public var name: String { root.name }
    /// The reference segment: the directory name.
    public var slug: String { root.slug }
    /// The directory holding `collection.yaml`.
    public var directory: String { root.directory }

    /// The environment marked default, else the first.
    public var defaultEnvironment: EnvironmentSpec? {
        environments.first(where: \.isDefault) ?? environments.first
    }

    /// True when `file` is the collection's directory or lies inside it (for telling which collection a problem is in).
    public func holds(file: String) -> Bool {
        let directory = self.directory
        return !directory.isEmpty && (file + "/").hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// An environment by name, case-insensitively.
    public func environment(named name: String) -> EnvironmentSpec? {
        environments.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
