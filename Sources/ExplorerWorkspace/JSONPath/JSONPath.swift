import Foundation

/// A parsed JSONPath expression: the subset of RFC 9535 that the response filter and checks use.
///
/// Supported: the root `$`; child segments `.name`, `.*`, `['name']` / `["name"]` (with JSON escapes,
/// plus `\'` in single quotes), `[*]`, indexes `[0]` / `[-1]`, slices `[start:end:step]`, unions
/// `[0,2]` / `['a','b']`; descendant segments `..name`, `..*`, `..[…]`; filters `[?…]` with
/// `==`, `!=`, `<`, `<=`, `>`, `>=` between literals (numbers, strings, `true`, `false`, `null`) and
/// singular queries (`@.a[0]`, `$.b`), existence tests (`@.isbn`, `$.x`, any query), `&&`, `||`, `!`
/// and parentheses. Blanks are allowed where RFC 9535 allows them, and also around the whole path.
/// Not supported (parsing fails, naming it): function extensions (`length()`, `count()`, `match()`,
/// `search()`, `value()`), and non-RFC dialects such as script expressions `[(…)]`.
/// Results are in document order; numbers compare as Double, so integers beyond 2^53 compare approximately
/// (their text is still kept exactly in the output).
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let text: String
    /// The parsed segments after `$`.
    let segments: [JSONPathSegment]

    /// Parses `text`; throws a `JSONPathError` naming the problem and its column.
    public init(_ text: String) throws(JSONPathError) {
        var parser = JSONPathParser(text)
        self.segments = try parser.parseQuery()
        self.text = text
    }

    /// The expression as written.
    public var description: String { text }

    /// The values this path selects in a parsed document, with their normalized paths, in document order.
    /// Throws `CancellationError` once `isCancelled` returns true (it is polled every few thousand nodes).
    public func select(in document: JSONPathDocument, isCancelled: @escaping () -> Bool = { false }) throws -> [JSONPathMatch] {
        var evaluator = JSONPathEvaluator(document: document, isCancelled: isCancelled)
        let items = try evaluator.evaluate(segments, from: [JSONPathEvaluator.Item(node: 0, location: JSONPathLocations.root)],
                                           tracksLocations: true)
        var output: [UInt8] = []
        var matches: [JSONPathMatch] = []
        matches.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            if position % JSONPathDocument.cancellationInterval == 0, isCancelled() { throw CancellationError() }
            output.removeAll(keepingCapacity: true)
            document.appendCompactJSON(of: item.node, to: &output)
            matches.append(JSONPathMatch(path: evaluator.locations.normalizedPath(item.location, in: document),
                                         value: String(decoding: output, as: UTF8.self)))
        }
        return matches
    }

    /// Parses `data` as JSON and returns the values this path selects; throws `JSONSyntaxError` (with line and
    /// column) when the body is not JSON, `CancellationError` once `isCancelled` returns true.
    public func select(in data: Data, isCancelled: @escaping () -> Bool = { false }) throws -> [JSONPathMatch] {
        try select(in: JSONPathDocument(data, isCancelled: isCancelled), isCancelled: isCancelled)
    }

    /// The selected values as one compact JSON array, the text `JSONFormatter.prettyPrinted` formats for the filter view.
    public func filteredDocument(in document: JSONPathDocument, isCancelled: @escaping () -> Bool = { false }) throws -> Data {
        var output: [UInt8] = [0x5B]
        var evaluator = JSONPathEvaluator(document: document, isCancelled: isCancelled)
        // The filtered document needs no paths, so none are recorded.
        let items = try evaluator.evaluate(segments, from: [JSONPathEvaluator.Item(node: 0, location: JSONPathLocations.root)],
                                           tracksLocations: false)
        for (position, item) in items.enumerated() {
            if position > 0 { output.append(0x2C) }
            document.appendCompactJSON(of: item.node, to: &output)
            if position % JSONPathDocument.cancellationInterval == 0, isCancelled() { throw CancellationError() }
        }
        output.append(0x5D)
        return Data(output)
    }

    /// Parses `data` and returns the selected values as one compact JSON array; errors as `select(in:isCancelled:)`.
    public func filteredDocument(in data: Data, isCancelled: @escaping () -> Bool = { false }) throws -> Data {
        try filteredDocument(in: JSONPathDocument(data, isCancelled: isCancelled), isCancelled: isCancelled)
    }
}
