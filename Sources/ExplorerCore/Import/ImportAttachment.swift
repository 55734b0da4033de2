/// A file a request body reads (`< ./body.json` in a `.http` file), to be copied into the collection's `_files/`.
public struct ImportAttachment: Sendable, Equatable {
    /// The path as written in the source, relative to the source file's directory or absolute.
    public var sourcePath: String
    /// Where it goes, relative to the collection directory (`_files/body.json`).
    public var destination: String

    /// Creates an attachment.
    public init(sourcePath: String, destination: String) {
        self.sourcePath = sourcePath
        self.destination = destination
    }
}
