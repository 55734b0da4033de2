import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// Why the request cannot be sent over SwiftNIO: a header value with a control character, which HTTP does not
    /// allow (RFC 9110) and SwiftNIO will not put on the wire; `nil` when there is none.
    var controlCharacterRefusal: URLError? {
        for (name, value) in (allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let byte = value.utf8.first(where: { ($0 < 0x20 && $0 != 9) || $0 == 0x7F }) {
                return URLError(.badURL, detail: "the header \(name) holds the control character 0x\(String(format: "%02X", byte)), which HTTP does not allow in a header value")
            }
        }
        return nil
    }
}
