import Foundation

/// A request body after variable substitution, as the collection described it: what exporters need to write the
/// body the way other tools express it (form fields, file uploads), rather than as encoded bytes.
public enum ResolvedBody: Sendable, Equatable {
    /// No body.
    case none
    /// JSON text.
    case json(String)
    /// Text with its content type.
    case text(String, contentType: String)
    /// `application/x-www-form-urlencoded` fields (enabled ones only).
    case form([URLQueryItem])
    /// `multipart/form-data` parts (enabled ones only); file parts carry an absolute `file` path.
    case multipart([MultipartField])
    /// The bytes of the file at an absolute path.
    case file(path: String, contentType: String)
}
