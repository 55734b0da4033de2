/// What an import could not convert: scripts, unsupported auth, unknown flags. The import still succeeds.
public struct ImportReport: Sendable, Equatable {
    /// The items, in source order.
    public var items: [ImportReportItem]

    /// Creates a report.
    public init(items: [ImportReportItem] = []) {
        self.items = items
    }

    /// True when everything was converted.
    public var isEmpty: Bool { items.isEmpty }

    /// Adds an item.
    public mutating func add(_ path: String, _ message: String) {
        items.append(ImportReportItem(path: path, message: message))
    }
}
