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
        for index in routes.indices where routes[index].method == method {
            guard var merged = routes[index].merged(with: path) else { continue }
            let kept = merged.keepExample(of: exchange)
            if kept || merged.segments != routes[index].segments {
                routes[index] = merged
                changed = true
            }
            return changed
        }
        // The request and the example make the saved request: the answer itself (its body perhaps megabytes) is not
        // kept for the run.
        var request = exchange
        request.response = nil
        request.conversation = nil
        var route = CaptureRoute(method: method, segments: path.map { .literal($0) }, first: request)
        _ = route.keepExample(of: exchange)
        routes.append(route)
        return true
    }

    /// The origin as a collection: a request per route, `baseURL` and the secrets in the `captured` environment.
    var collection: CollectionSpec {
        // A credential seen in a later request (a token a login answered with) is masked in every example, also those
        // written before it was known to be one.
        let masker = SecretMasker(secrets: secrets.map(\.value))
        let requests = routes.map { route -> RequestSpec in
            var request = CaptureRequestBuilder.request(for: route)
            request.examples = route.examples.map { example in
                var masked = example
                masked.body = masker.mask(example.body)
                masked.headers = example.headers.map { KeyValue($0.name, masker.mask($0.value)) }
                return masked
            }
            return request
        }
        let root = FolderSpec(name: name, slug: slug, requests: requests)
        let environment = EnvironmentSpec(name: CaptureCollector.environmentName, baseURL: baseURL, isDefault: true,
                                          variables: secrets.map { Variable(name: $0.name, value: $0.value, secret: true) })
        return CollectionSpec(root: root, environments: [environment])
    }
}
