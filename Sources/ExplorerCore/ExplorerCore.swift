/// Facts about the library itself.
public enum ExplorerCoreInfo {
    /// The version of apiexplorer and ExplorerCore.
    public static let version = "0.1.0"
    /// The `User-Agent` sent unless a request sets its own: `apiexplorer/VERSION`, the same version `--version` prints.
    public static let userAgent = "apiexplorer/\(version)"
}
