import Foundation
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a SwiftNIO response head into the `HTTPURLResponse` the core works with, for HTTP/1.1 and HTTP/2 alike.
enum NIOResponseHead {
    /// The response for `head`, received for `url`, and its fields in wire order, a repeated field kept as
    /// separate fields; a URLError when the head cannot be shown faithfully.
    static func response(from head: HTTPResponseHead, url: URL)
        -> Result<(response: HTTPURLResponse, version: String, fields: ExplorerCore.HTTPHeaders), URLError> {
        // NIO reads a byte that is not UTF-8 in the head as U+FFFD; the response is refused, as FoundationNetworking
        // does, so every transport gives the same one-line reason.
        // Checked on Unicode scalars: `String.contains(String)` goes through Foundation here, at ~7 µs a response.
        let undecodableText = { (text: String) in text.unicodeScalars.contains("\u{FFFD}") }
        let undecodable = undecodableText(head.status.reasonPhrase)
            || head.headers.contains { undecodableText($0.name) || undecodableText($0.value) }
        if undecodable {
            return .failure(URLError(.cannotParseResponse, detail: "invalid header: the server sent a status or header line that is not valid UTF-8"))
        }
        // Foundation's response holds one value per name: repeated fields are joined there under the name they first
        // came with, matched without regard to case; the ordered list keeps each as it came.
        var fields: [String: String] = [:]
        var nameFor: [String: String] = [:]
        var ordered: [Header] = []
        ordered.reserveCapacity(head.headers.count)
        for (name, carried) in head.headers {
            let value = HeadControlByteEscaper.restore(carried)
            ordered.append(Header(name, value))
            let folded = name.lowercased()
            if let existing = nameFor[folded], let joined = fields[existing] {
                fields[existing] = joined + ", " + value
            } else {
                nameFor[folded] = name
                fields[name] = value
            }
        }
        let version = head.version.major >= 2 ? "HTTP/2" : "HTTP/\(head.version.major).\(head.version.minor)"
        guard let response = HTTPURLResponse(url: url, statusCode: Int(head.status.code), httpVersion: version, headerFields: fields) else {
            return .failure(URLError(.cannotParseResponse, detail: "invalid response: status \(head.status.code)"))
        }
        return .success((response, version, ExplorerCore.HTTPHeaders(ordered)))
    }
}
