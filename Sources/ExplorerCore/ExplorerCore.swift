/// Facts about the library itself.
public enum ExplorerCoreInfo {
    /// The version of apiexplorer and ExplorerCore.
    public static let version = "0.1.0"
}
