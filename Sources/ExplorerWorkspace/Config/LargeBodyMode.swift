/// What history keeps of a body over its size limit (`history.largeBodies`, `APIEXPLORER_HISTORY_LARGE_BODIES`).
public enum LargeBodyMode: String, Sendable, Equatable, CaseIterable {
    /// Its start, up to the limit, marked as cut.
    case truncate
    /// Nothing of it; only its size.
    case skip
}
