import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// What `CaptureCollector` knows of one origin: its routes and the credentials seen, as a collection.
struct CaptureOrigin {
    let baseURL: String
    let name: String
    let slug: String
    private(set) var routes: [CaptureRoute] = []
    /// Secret variables by name, with the latest value seen (a token refreshed mid-capture is the one kept).
    private(set) var secrets: [(name: String, value: String)] = []
    private(set) var written = false

    init(baseURL: String, name: String, slug: String) {
        self.baseURL = baseURL
        self.name = name
        self.slug = slug
    }

    /// Takes an exchange; true when the collection changed (a new route, a route that became a template, a new or
    /// changed credential).
    mutating func take(_ exchange: CapturedExchange, method: String, path: [String], query: [URLQueryItem]) -> Bool {
        var changed = !written
        written = true
        let credentials = CaptureCredentials.found(in: exchange, query: query)
        for credential in credentials {
            if let index = secrets.firstIndex(where: { $0.name == credential.variable }) {
                if secrets[index].value != credential.value {
                    secrets[index].value = credential.value
                    changed = true
                }
            } else {
                secrets.append((credential.variable, credential.value))
                changed = true
            }
        }
        if let index = routes.firstIndex(where: { $0.method == method && $0.merged(with: path) != nil }), let merged = routes[index].merged(with: path) {
            if merged.segments != routes[index].segments {
                routes[index] = merged
                changed = true
            }
            return changed
        }
        // Only the request makes the saved request: the answer (its body perhaps megabytes) is not kept for the run.
        var request = exchange
        request.response = nil
        request.conversation = nil
        routes.append(CaptureRoute(method: method, segments: path.map { .literal($0) }, first: request))
        return true
    }

    /// The origin as a collection: a request per route, `baseURL` and the secrets in the `captured` environment.
    var collection: CollectionSpec {
        let requests = routes.map { CaptureRequestBuilder.request(for: $0) }
        let root = FolderSpec(name: name, slug: slug, requests: requests)
        let environment = EnvironmentSpec(name: CaptureCollector.environmentName, baseURL: baseURL, isDefault: true,
                                          variables: secrets.map { Variable(name: $0.name, value: $0.value, secret: true) })
        return CollectionSpec(root: root, environments: [environment])
    }
}
