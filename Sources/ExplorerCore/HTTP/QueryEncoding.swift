import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Percent-encodes query names and values the way servers decode them: only RFC 3986 unreserved characters stay as they are.
///
/// `URLComponents` leaves `+` alone, which form-decoding servers read as a space, so the core does its own encoding.
public enum QueryEncoding {
    private static let unreserved: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// Encodes one name or value: space becomes `%20`, `+` becomes `%2B`, non-ASCII is UTF-8 percent-encoded.
    public static func encode(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: unreserved) ?? string
    }

    /// Encodes items as `name=value&...`; an item with a `nil` value is written as a bare name.
    public static func encode(_ items: [URLQueryItem]) -> String {
        items.map { item in
            guard let value = item.value else { return encode(item.name) }
            return "\(encode(item.name))=\(encode(value))"
        }.joined(separator: "&")
    }

    /// Encodes items as an `application/x-www-form-urlencoded` body, where a space is written `+`.
    public static func formEncode(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = encode(item.name).replacingOccurrences(of: "%20", with: "+")
            let value = encode(item.value ?? "").replacingOccurrences(of: "%20", with: "+")
            return "\(name)=\(value)"
        }.joined(separator: "&")
    }

    /// Splits a raw query string into items, reading `+` as a space and decoding percent escapes: what a server sees.
    /// A name without `=` gets a `nil` value.
    public static func decode(_ query: String) -> [URLQueryItem] {
        query.split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let unescape = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            return URLQueryItem(name: unescape(halves[0]), value: halves.count > 1 ? unescape(halves[1]) : nil)
        }
    }
}
