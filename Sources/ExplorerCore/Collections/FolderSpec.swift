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
    /// Sub-folders, in name order.
    public var folders: [FolderSpec]
    /// Requests, in name order.
    public var requests: [RequestSpec]
    /// The directory.
    public var directory: String

    /// Creates a folder.
    public init(name: String, slug: String, description: String? = nil, headers: [KeyValue] = [], auth: AuthSpec = .inherit,
                variables: [Variable] = [], folders: [FolderSpec] = [], requests: [RequestSpec] = [], directory: String = "") {
        self.name = name
        self.slug = slug
        self.description = description
        self.headers = headers
        self.auth = auth
        self.variables = variables
        self.folders = folders
        self.requests = requests
        self.directory = directory
    }
}
