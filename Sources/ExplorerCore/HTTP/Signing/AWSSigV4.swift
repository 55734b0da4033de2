import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// AWS Signature Version 4: the canonical request, the string to sign and the signature, and signing a request
/// that is about to go out (every other header final, so each redirect hop and each retry is signed afresh).
public enum AWSSigV4 {
    /// The algorithm name in the string to sign and the Authorization header.
    public static let algorithm = "AWS4-HMAC-SHA256"
    /// What `X-Amz-Content-Sha256` says when the payload is deliberately left unsigned (S3).
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// Headers never signed: the signature's own, and those a proxy or the transport may add, drop or change on the
    /// way, which would break a signature made over them.
    static let unsignedHeaders: Set<String> = [
        "authorization", "user-agent", "expect", "connection", "keep-alive", "proxy-authorization", "proxy-connection",
        "te", "trailer", "transfer-encoding", "upgrade", "content-length", "x-amzn-trace-id",
    ]

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC, the `X-Amz-Date` form.
    public static func amzDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T" + two(parts.hour)
            + two(parts.minute) + two(parts.second) + "Z"
    }

    /// The lower-case hex SHA-256 of a payload (of nothing when `nil`).
    public static func payloadHash(_ body: Data?) -> String {
        HexText.encode(SHA256Hash.hash(body ?? Data()))
    }

    /// The canonical URI of a path as it goes on the wire (percent-encoded): S3 signs it encoded once, every other
    /// service encodes the already-encoded segments a second time.
    public static func canonicalURI(_ percentEncodedPath: String, service: String) -> String {
        guard !percentEncodedPath.isEmpty else { return "/" }
        let segments = percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            let text = String(segment)
            if service == "s3" { return QueryEncoding.encode(text.removingPercentEncoding ?? text) }
            return QueryEncoding.encode(text)
        }
        return segments.joined(separator: "/")
    }

    /// The canonical query: each name and value decoded and strictly re-encoded, sorted by name then value.
    public static func canonicalQuery(_ percentEncodedQuery: String?) -> String {
        guard let query = percentEncodedQuery, !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func encoded(_ part: Substring?) -> String {
                let text = String(part ?? "")
                return QueryEncoding.encode(text.removingPercentEncoding ?? text)
            }
            return (encoded(parts.first), encoded(parts.count > 1 ? parts[1] : nil))
        }
        return pairs.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// The canonical headers block (`name:value\n` each, names lower-cased and sorted, values trimmed with inner runs
    /// of spaces made one, repeated names joined with commas) and the signed-headers list (`host;x-amz-date`).
    public static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (block: String, signed: String) {
        var values: [String: [String]] = [:]
        for header in headers {
            let value = header.value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            values[header.name.lowercased(), default: []].append(value)
        }
        let names = values.keys.sorted()
        let block = names.map { "\($0):\(values[$0, default: []].joined(separator: ","))\n" }.joined()
        return (block, names.joined(separator: ";"))
    }

    /// The canonical request: method, canonical URI, canonical query, canonical headers, signed headers and payload hash.
    public static func canonicalRequest(method: String, percentEncodedPath: String, percentEncodedQuery: String?,
                                        headers: [(name: String, value: String)], payloadHash: String, service: String) -> String {
        let canonical = canonicalHeaders(headers)
        return [method.uppercased(), canonicalURI(percentEncodedPath, service: service), canonicalQuery(percentEncodedQuery),
                canonical.block, canonical.signed, payloadHash].joined(separator: "\n")
    }

    /// `date/region/service/aws4_request`, where date is the `X-Amz-Date`'s day.
    public static func scope(amzDate: String, region: String, service: String) -> String {
        "\(amzDate.prefix(8))/\(region)/\(service)/aws4_request"
    }

    /// The string to sign: the algorithm, the time, the scope and the canonical request's hash.
    public static func stringToSign(canonicalRequest: String, amzDate: String, scope: String) -> String {
        [algorithm, amzDate, scope, HexText.encode(SHA256Hash.hash(Array(canonicalRequest.utf8)))].joined(separator: "\n")
    }

    /// The hex signature: HMAC of the string to sign with the key derived from the secret, day, region and service.
    public static func signature(secretKey: String, amzDate: String, region: String, service: String, stringToSign: String) -> String {
        var key = HMACSHA256.mac(key: Array("AWS4\(secretKey)".utf8), message: Array(amzDate.prefix(8).utf8))
        for part in [region, service, "aws4_request"] { key = HMACSHA256.mac(key: key, message: Array(part.utf8)) }
        return HexText.encode(HMACSHA256.mac(key: key, message: Array(stringToSign.utf8)))
    }

    /// The `Authorization` value for a request whose signed headers (with `host` and `x-amz-date`) are `headers`.
    public static func authorization(_ credentials: AWSCredentials, method: String, percentEncodedPath: String,
                                     percentEncodedQuery: String?, headers: [(name: String, value: String)],
                                     payloadHash: String, amzDate: String) -> String {
        let canonical = canonicalRequest(method: method, percentEncodedPath: percentEncodedPath, percentEncodedQuery: percentEncodedQuery,
                                         headers: headers, payloadHash: payloadHash, service: credentials.service)
        let scope = scope(amzDate: amzDate, region: credentials.region, service: credentials.service)
        let toSign = stringToSign(canonicalRequest: canonical, amzDate: amzDate, scope: scope)
        let signature = signature(secretKey: credentials.secretKey, amzDate: amzDate, region: credentials.region,
                                  service: credentials.service, stringToSign: toSign)
        return "\(algorithm) Credential=\(credentials.accessKey)/\(scope), SignedHeaders=\(canonicalHeaders(headers).signed), Signature=\(signature)"
    }

    /// The Host header a transport sends for `url`: the host, with the port unless it is the scheme's default.
    static func hostField(_ url: URL) -> String? {
        guard let host = url.host(percentEncoded: false), !host.isEmpty else { return nil }
        let isTLS = url.scheme?.lowercased() == "https"
        let bracketed = host.contains(":") ? "[\(host)]" : host
        guard let port = url.port, port != (isTLS ? 443 : 80) else { return bracketed }
        return "\(bracketed):\(port)"
    }

    /// Signs `request` as it is about to be sent at `date`: sets `X-Amz-Date`, `X-Amz-Security-Token` (with a
    /// session token), `X-Amz-Content-Sha256` (for S3) and `Authorization`, over every header it carries but those
    /// in `unsignedHeaders`. What an earlier hop or attempt signed is replaced.
    static func sign(_ request: inout URLRequest, with credentials: AWSCredentials, at date: Date) {
        guard let url = request.url, let host = request.value(forHTTPHeaderField: "Host") ?? hostField(url) else { return }
        let amzDate = amzDate(date)
        let unsigned = request.value(forHTTPHeaderField: "X-Amz-Content-Sha256") == unsignedPayload
        for name in ["Authorization", "X-Amz-Date", "X-Amz-Security-Token", "X-Amz-Content-Sha256"] {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        let payload = unsigned ? unsignedPayload : payloadHash(request.httpBody)
        request.setValue(amzDate, forHTTPHeaderField: "X-Amz-Date")
        if let token = credentials.sessionToken, !token.isEmpty { request.setValue(token, forHTTPHeaderField: "X-Amz-Security-Token") }
        if credentials.service == "s3" || unsigned { request.setValue(payload, forHTTPHeaderField: "X-Amz-Content-Sha256") }
        var headers: [(name: String, value: String)] = [("host", host)]
        for (name, value) in request.allHTTPHeaderFields ?? [:] where name.lowercased() != "host" && !unsignedHeaders.contains(name.lowercased()) {
            headers.append((name, value))
        }
        let path = url.path(percentEncoded: true)
        let value = authorization(credentials, method: request.httpMethod ?? "GET", percentEncodedPath: path.isEmpty ? "/" : path,
                                  percentEncodedQuery: url.query(percentEncoded: true), headers: headers, payloadHash: payload,
                                  amzDate: amzDate)
        request.setValue(value, forHTTPHeaderField: "Authorization")
    }
}
