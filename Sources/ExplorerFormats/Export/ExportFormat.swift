/// What a request can be exported as.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A POSIX-shell curl command.
    case curl
    /// Swift source that sends the request with ExplorerCore.
    case swift
    /// An entry of a JetBrains / VS Code REST Client `.http` file.
    case http

    /// A short title for menus and overlays.
    public var title: String {
        switch self {
        case .curl: return "curl"
        case .swift: return "Swift"
        case .http: return ".http"
        }
    }
}
