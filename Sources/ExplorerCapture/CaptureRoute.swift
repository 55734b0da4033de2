import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// One method and path template of a captured origin: the first exchange seen for it, and which path segments
/// turned out to vary (an id seen with two values becomes a `{{variable}}`).
struct CaptureRoute {
    /// A path segment: the same text every time, or a variable (its name and the first value seen).
    enum Segment: Equatable {
        case literal(String)
        case variable(name: String, first: String)
    }

    let method: String
    var segments: [Segment]
    /// The first exchange of the route: its headers, query and body make the request.
    let first: CapturedExchange
    /// The first answer of each status the route gave, as examples `apiexplorer mock` serves (at most five).
    var examples: [RequestExample] = []

    /// The most examples a route keeps, and the longest body one holds.
    static let maximumExamples = 5
    static let maximumExampleBytes = 1 << 20

    /// Keeps `exchange`'s answer as an example when its status is new to the route and its body is text; true when kept.
    mutating func keepExample(of exchange: CapturedExchange) -> Bool {
        guard let response = exchange.response, examples.count < Self.maximumExamples,
              !examples.contains(where: { $0.status == response.statusCode }), !response.isBodyOnDisk,
              response.data.count <= Self.maximumExampleBytes, let body = String(data: response.data, encoding: .utf8),
              !body.contains("\0") else { return false }
        let masked = CapturedRequest.maskingSecrets(body, contentType: response.headers["Content-Type"])
        examples.append(RequestExample(name: String(response.statusCode), status: response.statusCode, wireHeaders: response.headers.fields,
                                       body: masked))
        return true
    }

    /// The route `path` (its percent-encoded segments) joins, or nil when it cannot: only segments that look like
    /// ids may differ, and at least one segment is already the same or a variable.
    func merged(with path: [String]) -> CaptureRoute? {
        guard path.count == segments.count else { return nil }
        var copy = self
        for (index, segment) in segments.enumerated() {
            switch segment {
            case let .literal(text) where text == path[index]:
                continue
            case let .literal(text):
                guard Self.looksLikeID(text), Self.looksLikeID(path[index]) else { return nil }
                copy.segments[index] = .variable(name: Self.variableName(after: index, in: segments, taken: copy.segments), first: text)
            case .variable:
                guard Self.looksLikeID(path[index]) else { return nil }
            }
        }
        return copy
    }

    /// The path with `{{name}}` for each variable segment.
    var template: String {
        "/" + segments.map { segment in
            switch segment {
            case let .literal(text): text
            case let .variable(name, _): "{{\(name)}}"
            }
        }.joined(separator: "/")
    }

    /// The variables the route's request declares, with the first values seen.
    var variables: [Variable] {
        segments.compactMap { segment in
            guard case let .variable(name, first) = segment else { return nil }
            return Variable(name: name, value: first.removingPercentEncoding ?? first)
        }
    }

    /// Numbers, UUIDs, and long runs of hex or letters mixed with digits: what servers use for ids.
    static func looksLikeID(_ segment: String) -> Bool {
        guard !segment.isEmpty else { return false }
        if segment.allSatisfy(\.isASCIIDigit) { return true }
        let hex = segment.filter { $0 != "-" }
        if segment.count == 36, hex.count == 32, hex.allSatisfy(\.isHexDigit) { return true }
        let hasDigit = segment.contains(where: \.isASCIIDigit)
        if segment.count >= 8, hasDigit, segment.allSatisfy({ $0.isHexDigit }) { return true }
        return segment.count >= 8 && hasDigit && segment.contains(where: \.isLetter)
            && segment.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }

    /// `userId` after `users`, `categoryId` after `categories`, `id` when no word comes before; made unique.
    static func variableName(after index: Int, in segments: [Segment], taken: [Segment]) -> String {
        var base = "id"
        if index > 0, case let .literal(word) = segments[index - 1], word.allSatisfy({ $0.isASCII && $0.isLetter }) {
            let lower = word.lowercased()
            let singular = lower.hasSuffix("ies") ? String(lower.dropLast(3)) + "y" : lower.hasSuffix("s") ? String(lower.dropLast()) : lower
            base = singular + "Id"
        }
        let names = Set(taken.compactMap { segment -> String? in
            if case let .variable(name, _) = segment { return name }
            return nil
        })
        var name = base
        var number = 2
        while names.contains(name) {
            name = base + String(number)
            number += 1
        }
        return name
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
