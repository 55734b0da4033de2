import ExplorerCore
import Foundation

/// Writes kept exchanges as an HTTP Archive (HAR 1.2), for `apiexplorer history export --har`: the requests and
/// responses as history kept them (secrets masked, bodies possibly cut), with the timings the trace measured; what is
/// unknown is -1, as HAR asks. apiexplorer's own facts (id, saved request, environment) go in `_`-prefixed fields.
public enum HistoryHARWriter {
    /// The HAR text of `exchanges`, in the order given (oldest first reads best).
    public static func archive(_ exchanges: [HistoryExchange]) -> Data {
        let log: JSONValue = .object([
            "version": .string("1.2"),
            "creator": .object(["name": .string("apiexplorer"), "version": .string(ExplorerCoreInfo.version)]),
            "pages": .array([]),
            "entries": .array(exchanges.map(entry)),
        ])
        var out = ""
        write(.object(["log": log]), indent: "", into: &out)
        return Data((out + "\n").utf8)
    }

    /// One exchange as a HAR entry.
    static func entry(_ exchange: HistoryExchange) -> JSONValue {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let timings = self.timings(exchange.response)
        let total = ["blocked", "dns", "connect", "send", "wait", "receive"].compactMap { name -> Double? in
            guard case let .number(value)? = timings[name], value >= 0 else { return nil }
            return value
        }.reduce(0, +)
        let version = exchange.response?.timing?.httpVersion ?? "HTTP/1.1"
        var object: [String: JSONValue] = [
            "startedDateTime": .string(iso.string(from: exchange.sentAt)),
            "time": .number(rounded(total)),
            "request": request(exchange.request, httpVersion: version),
            "response": response(exchange.response, httpVersion: version),
            "cache": .object([:]),
            "timings": .object(timings),
        ]
        if let id = exchange.id { object["_id"] = .integer(id) }
        if let reference = exchange.reference { object["_reference"] = .string(reference) }
        if let environment = exchange.environment { object["_environment"] = .string(environment) }
        object["_source"] = .string(exchange.source)
        if let error = exchange.error { object["_error"] = .string(error) }
        return .object(object)
    }

    private static func request(_ request: HistoryRequest, httpVersion: String) -> JSONValue {
        var object: [String: JSONValue] = [
            "method": .string(request.method),
            "url": .string(request.url),
            "httpVersion": .string(httpVersion),
            "cookies": .array(cookies(request.headers, header: "cookie")),
            "headers": headers(request.headers),
            "queryString": .array(queryString(request.url)),
            "headersSize": .integer(-1),
            "bodySize": .integer(Int64(request.body.size)),
        ]
        if request.body.size > 0 {
            var post: [String: JSONValue] = ["mimeType": .string(header("Content-Type", in: request.headers) ?? "")]
            if let text = String(data: request.body.data, encoding: .utf8) {
                post["text"] = .string(text)
            } else {
                // HAR's postData has no encoding; a binary body is left out rather than written as garbled text.
                post["text"] = .string("")
                post["comment"] = .string("binary body of \(request.body.size) bytes not written")
            }
            if request.body.isTruncated { post["comment"] = .string(cutNote(request.body)) }
            object["postData"] = .object(post)
        }
        return .object(object)
    }

    private static func response(_ response: HistoryResponse?, httpVersion: String) -> JSONValue {
        guard let response else {
            // Browsers write a request that got no response this way too.
            return .object([
                "status": .integer(0), "statusText": .string(""), "httpVersion": .string(""), "cookies": .array([]), "headers": .array([]),
                "content": .object(["size": .integer(0), "mimeType": .string("")]), "redirectURL": .string(""),
                "headersSize": .integer(-1), "bodySize": .integer(-1),
            ])
        }
        var content: [String: JSONValue] = [
            "size": .integer(Int64(response.body.size)),
            "mimeType": .string(response.header("Content-Type") ?? ""),
        ]
        if let text = String(data: response.body.data, encoding: .utf8) {
            content["text"] = .string(text)
        } else {
            content["text"] = .string(response.body.data.base64EncodedString())
            content["encoding"] = .string("base64")
        }
        if let wire = response.wireSize, wire < response.body.size { content["compression"] = .integer(Int64(response.body.size - wire)) }
        if response.body.isTruncated { content["comment"] = .string(cutNote(response.body)) }
        return .object([
            "status": .integer(Int64(response.status)),
            "statusText": .string(response.reason),
            "httpVersion": .string(httpVersion),
            "cookies": .array(cookies(response.headers, header: "set-cookie")),
            "headers": headers(response.headers),
            "content": .object(content),
            "redirectURL": .string(response.header("Location") ?? ""),
            "headersSize": .integer(-1),
            "bodySize": .integer(Int64(response.wireSize ?? response.body.size)),
        ])
    }

    /// HAR's timings in milliseconds from the trace: `blocked` (waiting for the pool and the TLS context), `dns`,
    /// `connect` (TCP and TLS, as HAR counts it), `ssl`, `wait` (until the first byte) and `receive`; nothing is
    /// measured for `send`, so it is 0. An exchange kept without a trace has only its total, all of it `wait`.
    static func timings(_ response: HistoryResponse?) -> [String: JSONValue] {
        guard let response else {
            return ["blocked": .integer(-1), "dns": .integer(-1), "connect": .integer(-1), "ssl": .integer(-1),
                    "send": .integer(0), "wait": .integer(0), "receive": .integer(0)]
        }
        func ms(_ seconds: Double) -> Double { rounded(max(0, seconds) * 1000) }
        let total = ms(response.duration)
        guard let trace = response.timing else {
            return ["blocked": .integer(-1), "dns": .integer(-1), "connect": .integer(-1), "ssl": .integer(-1),
                    "send": .integer(0), "wait": .number(total), "receive": .integer(0)]
        }
        let blocked = trace.blocked.map(ms)
        let dns = trace.dns.map(ms)
        var connect: Double?
        if let tcp = trace.tcp {
            connect = ms(tcp + (trace.tls ?? 0))
        } else if let whole = trace.connect {
            connect = max(0, ms(whole) - (blocked ?? 0) - (dns ?? 0))
        }
        let ready = trace.connect.map(ms) ?? 0
        let receive = trace.download.map(ms) ?? trace.firstByte.map { max(0, total - ms($0)) } ?? 0
        let wait = trace.firstByte.map { max(0, ms($0) - ready) } ?? max(0, total - ready - receive)
        func value(_ number: Double?) -> JSONValue { number.map { .number(rounded($0)) } ?? .integer(-1) }
        return ["blocked": value(blocked), "dns": value(dns), "connect": value(connect), "ssl": value(trace.tls.map(ms)),
                "send": .integer(0), "wait": .number(rounded(wait)), "receive": .number(rounded(receive))]
    }

    private static func headers(_ headers: [Header]) -> JSONValue {
        .array(headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
    }

    private static func header(_ name: String, in headers: [Header]) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The cookies of `Cookie` headers (`a=1; b=2`) or of each `Set-Cookie` header (its first pair), as kept: masked.
    private static func cookies(_ headers: [Header], header name: String) -> [JSONValue] {
        var result: [JSONValue] = []
        for header in headers where header.name.lowercased() == name {
            let pairs = header.value.split(separator: ";")
            for pair in name == "cookie" ? pairs[...] : pairs.prefix(1) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                result.append(.object(["name": .string(pair[..<equals].trimmingCharacters(in: .whitespaces)),
                                       "value": .string(pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))]))
            }
        }
        return result
    }

    /// The URL's query as name/value pairs, decoded. Split by hand: a masked value (`••••••`) is not a URL character,
    /// and URLComponents refuses the whole URL for it.
    private static func queryString(_ url: String) -> [JSONValue] {
        var text = Substring(url)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        guard let mark = text.firstIndex(of: "?") else { return [] }
        return text[text.index(after: mark)...].split(separator: "&").map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ piece: Substring) -> String {
                let plus = piece.replacingOccurrences(of: "+", with: " ")
                return plus.removingPercentEncoding ?? plus
            }
            return .object(["name": .string(decoded(pieces[0])), "value": .string(pieces.count > 1 ? decoded(pieces[1]) : "")])
        }
    }

    private static func cutNote(_ body: HistoryBody) -> String {
        "history kept \(body.data.count) of the \(body.size) bytes"
    }

    /// Milliseconds to three decimals, so the text shows microseconds and no binary noise.
    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// Indented JSON with keys sorted, numbers without a needless `.0`.
    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        switch value {
        case let .number(number):
            out += number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case let .array(items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                write(item, indent: indent + "  ", into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case let .object(members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                out += indent + "  " + JSONValue.quoted(key) + ": "
                write(members[key] ?? .null, indent: indent + "  ", into: &out)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            out += value.compactText
        }
    }
}
