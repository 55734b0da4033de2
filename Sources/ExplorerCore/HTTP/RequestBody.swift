import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request body and the `Content-Type` it implies; encodable bodies are encoded when the request is sent.
public struct RequestBody: Sendable {
    /// What kind of body this is, for display and logging.
    public enum Kind: String, Sendable {
        /// Bytes given as they are.
        case data
        /// Text.
        case text
        /// JSON, from an `Encodable` value or a dictionary.
        case json
        /// `application/x-www-form-urlencoded` fields.
        case form
        /// `multipart/form-data` parts.
        case multipart
    }

    /// The type sent for a body that names none (FoundationNetworking would otherwise send a form type).
    public static let untypedContentType = "application/octet-stream"

    /// What kind of body this is.
    public let kind: Kind
    /// The content type set on the request unless the caller set one.
    public let contentType: String?
    private let encoder: @Sendable () throws -> Data

    /// Creates a body from an encoding closure, run once per attempt.
    public init(kind: Kind, contentType: String?, encode: @escaping @Sendable () throws -> Data) {
        self.kind = kind
        self.contentType = contentType
        self.encoder = encode
    }

    /// Produces the bytes to send.
    public func encoded() throws -> Data { try encoder() }

    /// Raw bytes with an optional content type; without one they are sent as `application/octet-stream`.
    public static func data(_ data: Data, contentType: String? = nil) -> RequestBody {
        RequestBody(kind: .data, contentType: contentType) { data }
    }

    /// UTF-8 text, `text/plain; charset=utf-8` unless told otherwise.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> RequestBody {
        RequestBody(kind: .text, contentType: contentType) { Data(text.utf8) }
    }

    /// Any `Encodable` value as JSON, encoded with the given encoder (a new `JSONEncoder` by default).
    public static func json<Value: Encodable & Sendable>(
        _ value: Value,
        encoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() }
    ) -> RequestBody {
        RequestBody(kind: .json, contentType: "application/json") { try encoder().encode(value) }
    }

    /// A JSON object or array made of Foundation property-list values (dictionaries, arrays, strings, numbers, booleans, `NSNull`).
    public static func jsonObject(_ object: Any) -> RequestBody {
        // Serialise now: the dictionary is not Sendable, its bytes are. Failure is kept and reported at send time.
        let result: Result<Data, EncodingFailure>
        if JSONSerialization.isValidJSONObject(object),
           let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
            result = .success(data)
        } else {
            result = .failure(EncodingFailure(message: "the value is not a valid JSON object"))
        }
        return RequestBody(kind: .json, contentType: "application/json") { try result.get() }
    }

    /// JSON text given as it should be sent.
    public static func rawJSON(_ text: String) -> RequestBody {
        RequestBody(kind: .json, contentType: "application/json") { Data(text.utf8) }
    }

    /// Form fields as `application/x-www-form-urlencoded`.
    public static func form(_ fields: [URLQueryItem]) -> RequestBody {
        RequestBody(kind: .form, contentType: "application/x-www-form-urlencoded") {
            Data(QueryEncoding.formEncode(fields).utf8)
        }
    }

    /// Form fields from ordered name/value pairs.
    public static func form(_ fields: KeyValuePairs<String, String>) -> RequestBody {
        form(fields.map { URLQueryItem(name: $0.key, value: $0.value) })
    }

    /// A multipart form with its boundary in the content type.
    public static func multipart(_ form: MultipartFormData) -> RequestBody {
        RequestBody(kind: .multipart, contentType: form.contentType) { form.encoded() }
    }
}
