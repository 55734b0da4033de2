import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// A captured route as a saved request: `{{baseURL}}` and its path template, the first exchange's query, headers
/// and body as `CapturedRequest` keeps them.
enum CaptureRequestBuilder {
    static func request(for route: CaptureRoute) -> RequestSpec {
        let exchange = route.first
        let components = exchange.request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        var headers = CapturedRequest.headers(exchange.request.headers.fields)
        let body = CapturedRequest.body(exchange.requestBody, headers: &headers)
        let name = "\(route.method) \(route.template)"
        return RequestSpec(name: name, slug: ImportSlug.make(name), method: route.method, url: "{{baseURL}}" + route.template,
                           query: CapturedRequest.query(components?.percentEncodedQueryItems ?? []), headers: headers, body: body,
                           variables: route.variables)
    }
}
