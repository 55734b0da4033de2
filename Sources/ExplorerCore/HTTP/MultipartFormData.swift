import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `multipart/form-data` body made of text fields and files, encoded with a boundary that cannot occur in the parts.
public struct MultipartFormData: Sendable, Hashable {
    /// One part of the form.
    public typealias Part = MultipartPart

    /// The parts in order.
    public private(set) var parts: [Part] = []
    /// The boundary string written between parts.
    public let boundary: String

    /// Creates an empty form with a random boundary.
    public init(boundary: String = "ExplorerCore-\(UUID().uuidString)") {
        self.boundary = boundary
    }

    /// Adds a text field.
    public mutating func add(name: String, value: String) {
        parts.append(MultipartPart(name: name, filename: nil, contentType: nil, data: Data(value.utf8)))
    }

    /// Adds a file from bytes.
    public mutating func add(name: String, filename: String, contentType: String = "application/octet-stream", data: Data) {
        parts.append(MultipartPart(name: name, filename: filename, contentType: contentType, data: data))
    }

    /// Adds a file read from disk; the content type is guessed from the extension when not given.
    public mutating func add(name: String, fileURL: URL, contentType: String? = nil) throws {
        let data = try Data(contentsOf: fileURL)
        add(name: name, filename: fileURL.lastPathComponent,
            contentType: contentType ?? MultipartFormData.guessContentType(for: fileURL), data: data)
    }

    /// The `Content-Type` header value, boundary included.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The encoded body.
    public func encoded() -> Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(MultipartFormData.quote(part.name))\""
            if let filename = part.filename {
                disposition += "; filename=\"\(MultipartFormData.quote(filename))\""
            }
            body.append(Data("\(disposition)\r\n".utf8))
            if let type = part.contentType {
                body.append(Data("Content-Type: \(type)\r\n".utf8))
            }
            body.append(Data("\r\n".utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    // Quotes and line breaks would end the quoted parameter early; browsers percent-encode them the same way.
    private static func quote(_ value: String) -> String {
        value.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A content type for common file extensions, `application/octet-stream` otherwise.
    public static func guessContentType(for url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "json": return "application/json"
        case "txt", "text": return "text/plain"
        case "html", "htm": return "text/html"
        case "xml": return "application/xml"
        case "csv": return "text/csv"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "pdf": return "application/pdf"
        case "yaml", "yml": return "application/yaml"
        default: return "application/octet-stream"
        }
    }
}
