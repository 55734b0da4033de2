import ExplorerWorkspace
import Foundation
import NIOHTTP1

/// What the mock answers a request with, decided without I/O: the matched route's example (prepared once), 501 for a
/// route without one, 404 with the routes for an unknown one, and 500 for the share `--fail-rate` asks for.
public struct MockResponder: Sendable {
    /// The routes.
    public let table: MockRouteTable
    /// The latency and failure rate.
    public let settings: MockSettings
    /// Each route's examples as answers, parallel to `table.routes`.
    private let prepared: [[MockAnswer]]

    /// Prepares the answers of every route of `table`.
    public init(table: MockRouteTable, settings: MockSettings = MockSettings()) {
        self.table = table
        self.settings = settings
        prepared = table.routes.map { route in
            route.examples.map { MockResponder.answer(for: $0, matched: "\(route.method) \(route.path) (\(route.reference))") }
        }
    }

    /// The answer to `method` on `target` (the request line's target, query included). `prefer` is the `Prefer`
    /// header (`example=NAME` picks an example); `roll`, in 0..<1, fails the request when below the failure rate.
    public func answer(method: String, target: String, prefer: String? = nil, roll: Double = 1) -> MockAnswer {
        if roll < settings.failRate {
            return MockAnswer(status: 500, headers: [("Content-Type", "application/json")],
                              body: MockResponder.json(["error": "failure injected by --fail-rate \(settings.failRate)"]), matched: "--fail-rate")
        }
        let path = MockResponder.path(of: target)
        guard let index = table.index(method: method, path: path) else {
            return notFound(method: method, path: path)
        }
        let route = table.routes[index]
        guard let chosen = route.example(preferred: prefer.flatMap(MockResponder.preferredExample)) else {
            return MockAnswer(status: 501, headers: [("Content-Type", "application/json")], body: MockResponder.json([
                "error": "\(route.method) \(route.path) (\(route.reference)) has no saved example",
                "hint": "add one under examples: in \(route.file) (status, headers, body), or send the request in the explorer and press x in the response pane",
            ]), matched: "\(route.method) \(route.path) (\(route.reference)), no example")
        }
        var answer = prepared[index][chosen.index]
        if chosen.applied {
            let example = route.examples[chosen.index]
            answer.headers.add(name: "Preference-Applied", value: "example=\(example.name ?? String(example.status))")
        }
        return answer
    }

    /// 404 with the routes there are, so a client (or a person with curl) sees what it could have asked for.
    private func notFound(method: String, path: Substring) -> MockAnswer {
        let routes = table.routes.map { route in
            "    {\"method\": \(JSONValue.quoted(route.method)), \"path\": \(JSONValue.quoted(route.path)), \"request\": \(JSONValue.quoted(route.reference))}"
        }
        let body = "{\n  \"error\": \(JSONValue.quoted("no route for \(method) \(path)")),\n  \"routes\": ["
            + (routes.isEmpty ? "]" : "\n" + routes.joined(separator: ",\n") + "\n  ]") + "\n}\n"
        return MockAnswer(status: 404, headers: [("Content-Type", "application/json")], body: body, matched: "no route")
    }

    /// The headers a saved example is answered with: its own, less those about the connection and the encoding of
    /// the body as it was received (the mock sends it plain, with its own length); a Content-Type when it has none.
    static func answer(for example: RequestExample, matched: String) -> MockAnswer {
        let dropped: Set<String> = ["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]
        var headers = example.headers.filter { !dropped.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
        if !example.body.isEmpty, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            let isJSON = (try? JSONSerialization.jsonObject(with: Data(example.body.utf8), options: [.fragmentsAllowed])) != nil
            headers.append(("Content-Type", isJSON ? "application/json" : "text/plain; charset=utf-8"))
        }
        return MockAnswer(status: example.status, headers: headers, body: example.body, matched: matched)
    }

    /// The path of a request target: an absolute-form target loses its scheme and host, every target its query.
    static func path(of target: String) -> Substring {
        var path = Substring(target)
        if let scheme = path.range(of: "://") {
            let rest = path[scheme.upperBound...]
            path = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        return path
    }

    /// The `example=NAME` preference of a `Prefer` header (RFC 7240), its quotes removed.
    static func preferredExample(_ header: String) -> String? {
        for preference in header.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let parts = preference.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == "example" else { continue }
            return parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"") && parts[1].count >= 2 ? String(parts[1].dropFirst().dropLast()) : parts[1]
        }
        return nil
    }

    /// A flat JSON object, keys in order, pretty-printed.
    static func json(_ members: KeyValuePairs<String, String>) -> String {
        let lines = members.map { "  \(JSONValue.quoted($0.key)): \(JSONValue.quoted($0.value))" }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}
