import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// Decodes a response body; an empty body or a 204 gives the model's empty value when it has one (`Optional`, `EmptyResponse`).
    public static func decode<Model: Decodable & SendableMetatype>(_ type: Model.Type, from response: Response, decoder: JSONDecoder) -> Result<Model, RequestError> {
        if response.data.isEmpty || response.statusCode == 204,
           let empty = type as? any EmptyBodyRepresentable.Type,
           let value = empty.emptyBodyValue as? Model {
            return .success(value)
        }
        do {
            return .success(try decoder.decode(type, from: response.data))
        } catch let error as DecodingError {
            return .failure(.decoding(request: response.request, message: describe(error), response: response))
        } catch {
            return .failure(.decoding(request: response.request, message: "\(error)", response: response))
        }
    }

    /// A decoding error in words, with the path to the value that did not fit.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return keys.isEmpty ? "at the top level" : "at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case let .typeMismatch(type, context):
            return "expected \(type) \(path(context)): \(context.debugDescription)"
        case let .valueNotFound(type, context):
            return "missing \(type) value \(path(context))"
        case let .keyNotFound(key, context):
            return "missing key '\(key.stringValue)' \(path(context))"
        case let .dataCorrupted(context):
            return "invalid data \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
