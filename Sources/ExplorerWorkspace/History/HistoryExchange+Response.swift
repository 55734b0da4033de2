import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ExplorerCore

extension HistoryExchange {
    /// The stored request as an ExplorerCore request, for printing (masked values stay masked).
    public var storedRequest: Request {
        Request(HTTPMethod(rawValue: request.method), urlString: request.url, headers: HTTPHeaders(request.headers),
                body: request.body.data.isEmpty ? nil : .data(request.body.data, contentType: nil))
    }

    /// The stored response as an ExplorerCore response, for printing and comparing, or nil when none arrived.
    public var storedResponse: Request.Response? {
        guard let response else { return nil }
        let url = URL(string: response.finalURL ?? request.url) ?? URL(fileURLWithPath: "/")
        // Foundation's response holds one joined value per name; the stored fields keep order and repeats.
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name] = fields[header.name].map { $0 + ", " + header.value } ?? header.value }
        guard let head = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields) else { return nil }
        var stored = Request.Response(request: storedRequest, urlResponse: head, data: response.body.data, duration: response.duration,
                                      headers: HTTPHeaders(response.headers))
        // The body kept is masked (a secret's mask is longer or shorter than the secret) and may be cut at the limit.
        stored.byteCount = response.body.size
        stored.wireByteCount = response.wireSize
        stored.events = response.events
        stored.eventCount = response.events?.count ?? 0
        return stored
    }
}
