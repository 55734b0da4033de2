import Foundation

extension SecretMasker {
    /// `value` as it travels in a URL or a form body: percent-encoded, and form-encoded (`+` for a space).
    static func urlEncodedForms(of value: String) -> [String] {
        [QueryEncoding.encode(value), String(QueryEncoding.formEncode([URLQueryItem(name: "", value: value)]).dropFirst())]
    }
}
