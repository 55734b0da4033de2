import ExplorerWorkspace

/// Why an import could not be done at all: the input is malformed. Says where (file, line, JSON path) and what was expected.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or `curl`, `stdin`) and, where known, the line and column.
    public var location: SourceLocation
    /// The JSON path of the offending value (`item[2].request.url`), for JSON sources.
    public var path: String?
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(_ location: SourceLocation, path: String? = nil, _ message: String) {
        self.location = location
        self.path = path
        self.message = message
    }

    /// `file:line:column: error: path: message`, leaving out what is unknown.
    public var description: String {
        var place = location.file
        if location.line > 0 { place += ":\(location.line)" }
        if location.line > 0, location.column > 0 { place += ":\(location.column)" }
        return "\(place): error: " + (path.map { "\($0): " } ?? "") + message
    }
}
