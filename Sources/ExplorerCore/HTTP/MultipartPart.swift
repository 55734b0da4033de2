import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One part of a multipart form: a text field or a file.
public struct MultipartPart: Sendable, Hashable {
    /// The form field name.
    public var name: String
    /// The file name for a file part; `nil` for a text field.
    public var filename: String?
    /// The part's content type; `nil` for a text field.
    public var contentType: String?
    /// The part's bytes.
    public var data: Data

    /// Creates a part.
    public init(name: String, filename: String?, contentType: String?, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
