import ExplorerWorkspace
import Foundation

/// Chooses an environment's `baseURL` for formats that have none (Postman, `.http` environments): the format
/// requires one, but imported requests carry full URLs, so it is only used for requests written as paths.
enum ImportBaseURL {
    /// Variable names that usually hold the server's address.
    static let likelyNames = ["baseurl", "base_url", "base-url", "baseuri", "apiurl", "api_url", "url", "host", "server", "endpoint"]

    /// `{{name}}` of a variable holding an http(s) URL (a likely name first), else the scheme and host of the first
    /// request with a literal URL, else `http://localhost`.
    static func guess(_ variables: [Variable], requests: [RequestSpec]) -> String {
        let urls = variables.filter { $0.value.hasPrefix("http://") || $0.value.hasPrefix("https://") }
        if let named = urls.first(where: { likelyNames.contains($0.name.lowercased()) }) ?? urls.first(where: { $0.name.lowercased().contains("url") })
            ?? urls.first {
            return "{{\(named.name)}}"
        }
        for request in requests {
            // The host as written (`host` would decode `%20` to a space), and only when the loader reads the result as
            // an http(s) URL with a host, as it checks every baseURL.
            if let components = URLComponents(string: request.url), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
               let host = components.percentEncodedHost, !host.isEmpty, !host.contains("{") {
                let candidate = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
                if let url = URL(string: candidate), url.host != nil { return candidate }
            }
        }
        return "http://localhost"
    }
}
