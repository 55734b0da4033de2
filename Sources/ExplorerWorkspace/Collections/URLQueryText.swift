import ExplorerCore
import Foundation

/// The query written in a URL as a list of parameters, so a URL typed with `?a=1&b=2` and the Params table agree.
public enum URLQueryText {
    /// The URL without its query, and the query's parameters percent-decoded (`+` stays a plus; `{{variables}}` stay).
    /// A `#fragment` is kept on the URL.
    public static func split(_ url: String) -> (url: String, query: [KeyValue]) {
        guard let mark = url.firstIndex(of: "?") else { return (url, []) }
        var rest = String(url[url.index(after: mark)...])
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[hash...])
            rest = String(rest[..<hash])
        }
        let query = rest.split(separator: "&", omittingEmptySubsequences: true).map { pair -> KeyValue in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0].removingPercentEncoding ?? parts[0]
            let value = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
            return KeyValue(name, value)
        }
        return (String(url[..<mark]) + fragment, query)
    }
}
