import Foundation

extension SecretMasker {
    /// `value` as it travels or is echoed back: percent-encoded and form-encoded (`+` for a space) in a URL or form
    /// body, and escaped inside a JSON string (with and without `\/`, and with every non-ASCII character as `\u`).
    static func encodedForms(of value: String) -> [String] {
        var forms = [QueryEncoding.encode(value), String(QueryEncoding.formEncode([URLQueryItem(name: "", value: value)]).dropFirst())]
        if let json = try? JSONSerialization.data(withJSONObject: [value]), let text = String(data: json, encoding: .utf8) {
            let escaped = String(text.dropFirst(2).dropLast(2))
            forms += [escaped, escaped.replacingOccurrences(of: "\\/", with: "/")]
        }
        if let ascii = try? JSONEncoder().encode(value), let text = String(data: ascii, encoding: .utf8) {
            forms.append(String(text.dropFirst().dropLast()))
        }
        return forms.filter { $0 != value }
    }

    /// The mask as a URL shows it once percent-encoded (`%E2%80%A2…`), turned back into the mask when text is shown.
    static let percentEncodedMask = QueryEncoding.encode(mask)
}
