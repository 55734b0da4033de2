import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as it goes out on the wire: the URL, headers in order (injected ones, the default User-Agent and the
/// body's type included) and the encoded body.
struct SentRequest {
    var method: String
    var url: URL?
    var urlText: String
    var headers: [Header]
    var body: Data

    init(_ request: Request) {
        method = request.httpMethod.rawValue
        url = request.url
        urlText = request.url?.absoluteString ?? request.baseURLString
        var fields = request.effectiveHeaders
        for injector in request.hooks.headerInjectors { fields = fields.merging(injector(request)) }
        var seen = Set<String>()
        headers = fields.fields.filter { seen.insert($0.name.lowercased()).inserted }.map { Header($0.name, fields[$0.name] ?? $0.value) }
        body = (try? request.body?.encoded()) ?? Data()
        if let wire = try? request.makeURLRequest() {
            for (name, value) in (wire.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key })
            where !seen.contains(name.lowercased()) {
                headers.append(Header(name, value))
            }
            if let data = wire.httpBody { body = data }
        }
    }
}
