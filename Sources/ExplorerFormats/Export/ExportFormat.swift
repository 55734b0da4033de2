/// What a request can be exported as.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A POSIX-shell curl command.
    case curl
    /// Swift source that sends the request with ExplorerCore.
    case swift
    /// An entry of a JetBrains / VS Code REST Client `.http` file.
    case http
    /// A Python script using requests.
    case python
    /// JavaScript using fetch, for Node 18+ and browsers.
    case javascript
    /// An HTTPie (`http`) command.
    case httpie
    /// A GNU wget command.
    case wget
    /// One Java file using java.net.http, run with `java File.java`.
    case java
    /// A Go program using net/http.
    case go

    /// A short title for menus and overlays.
    public var title: String {
        switch self {
        case .curl: return "curl"
        case .swift: return "Swift"
        case .http: return ".http"
        case .python: return "Python"
        case .javascript: return "JavaScript"
        case .httpie: return "HTTPie"
        case .wget: return "wget"
        case .java: return "Java"
        case .go: return "Go"
        }
    }

    /// The kinds `apiexplorer export` takes, for its help and errors: `curl, swift, …, go`.
    public static var kindList: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
