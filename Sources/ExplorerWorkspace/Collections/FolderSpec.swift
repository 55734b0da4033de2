import ExplorerCore

/// A folder of requests (a directory), with headers, credentials and variables its requests inherit.
public struct FolderSpec: Sendable, Equatable {
    /// The display name (from `folder.yaml`, else the directory name).
    public var name: String
    /// The reference segment: the directory name.
    public var slug: String
    /// What the folder holds.
    public var description: String?
    /// Headers every request below gets unless it sets the same name.
    public var headers: [KeyValue]
    /// Credentials for the requests below that inherit.
    public var auth: AuthSpec
    /// Variables for the requests below.
    public var variables: [Variable]
    /// Sub-folders, in display order (`order`, then by name).
    public var folders: [FolderSpec]
    /// Requests, in display order (`order`, then by name).
    public var requests: [RequestSpec]
    /// The directory.
    public var directory: String
    /// Slugs of subfolders and requests to list first, in this order (the `order` key); the others follow by name.
    /// Folders are always shown before requests, so the list orders each of the two groups.
    public var order: [String]
    /// Checks every request below must pass (the `checks` key).
    public var checks: [CheckSpec] = []
    /// JavaScript run before and after each request below (the `scripts` key).
    public var scripts = ScriptsSpec()

    /// Creates a folder.
    public init(name: String, slug: String, description: String? = nil, headers: [KeyValue] = [], auth: AuthSpec = .inherit,
                variables: [Variable] = [], folders: [FolderSpec] = [], requests: [RequestSpec] = [], directory: String = "",
                order: [String] = []) {
        self.name = name
        self.slug = slug
        self.description = description
        self.headers = headers
        self.auth = auth
        self.variables = variables
        self.folders = folders
        self.requests = requests
        self.directory = directory
        self.order = order
    }

    /// Puts subfolders and requests in display order: those named in `order` first, as listed, then the rest in the
    /// order they already have (the loader's name order).
    public mutating func applyOrder() {
        guard !order.isEmpty else { return }
        var rank: [String: Int] = [:]
        for (index, slug) in order.enumerated() where rank[slug] == nil { rank[slug] = index }
        func ordered<Item>(_ items: [Item], slug: (Item) -> String) -> [Item] {
            items.enumerated().sorted { lhs, rhs in
                let left = rank[slug(lhs.element)] ?? order.count + lhs.offset
                let right = rank[slug(rhs.element)] ?? order.count + rhs.offset
                return left < right
            }.map(\.element)
        }
        folders = ordered(folders, slug: \.slug)
        requests = ordered(requests, slug: \.slug)
    }
}
