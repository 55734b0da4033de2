/// One part of a multipart body: a text value or a file read at send time.
public struct MultipartField: Sendable, Equatable {
    /// The form field name.
    public var name: String
    /// The text value, when this is not a file part.
    public var value: String?
    /// A file path, relative to the request file, when this is a file part.
    public var file: String?
    /// The part's content type, when it should not be guessed.
    public var contentType: String?
    /// False when the part is kept but not sent.
    public var enabled: Bool

    /// Creates a part.
    public init(name: String, value: String? = nil, file: String? = nil, contentType: String? = nil, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.file = file
        self.contentType = contentType
        self.enabled = enabled
    }
}
