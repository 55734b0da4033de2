import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError {
    /// The user-info key holding a detail the core adds to a transport error, such as how much of the body arrived.
    static let detailKey = "ExplorerCoreDetail"

    /// A detail the core attached (libcurl's reason, a size limit), shown after the error's phrase.
    var transportDetail: String? { userInfo[URLError.detailKey] as? String }

    /// A connection failure as HTTP requests word it: what happened, then what to try (for protocols that report
    /// failures as text: WebSocket, gRPC).
    package var connectionFailureText: String {
        let failure = TransportFailure(self)
        let what = transportDetail ?? "could not connect (\(failure.rawValue))"
        return what.prefix(1).uppercased() + what.dropFirst() + ". " + (transportAdvice ?? failure.suggestion)
    }

    /// The user-info key holding what to do about this very error, shown instead of its kind's general suggestion.
    static let adviceKey = "ExplorerCoreAdvice"

    /// What to do about this error when the core knows better than the kind's `TransportFailure.suggestion`.
    var transportAdvice: String? { userInfo[URLError.adviceKey] as? String }

    /// Copies `error` with its code and user info, adding `detail` and, when given, `advice`.
    init(_ code: URLError.Code, detail: String, advice: String? = nil, from error: URLError? = nil) {
        var info = error?.userInfo ?? [:]
        info[URLError.detailKey] = detail
        if let advice { info[URLError.adviceKey] = advice }
        self.init(code, userInfo: info)
    }

    /// The error with a meaningful code: FoundationNetworking reports many libcurl failures (a connection closed
    /// mid-body, broken chunked encoding, a bad gzip stream) as `.unknown` with only libcurl's message left.
    /// `url` is the request's: an http(s) URL reported as unsupported means the reply was not HTTP.
    func classifiedFromLibcurl(url: URL? = nil) -> URLError {
        // libcurl's "Received HTTP/0.9 when not allowed" (CURLE_UNSUPPORTED_PROTOCOL) arrives as an unsupported URL.
        if code == .unsupportedURL, let scheme = url?.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return URLError(.cannotParseResponse, detail: "not HTTP: the server's reply has no HTTP status line, as from HTTP/0.9 or another protocol", from: self)
        }
        guard code == .unknown, let message = userInfo[NSLocalizedDescriptionKey] as? String, !message.isEmpty else { return self }
        let lower = message.lowercased()
        let code: URLError.Code
        if lower.contains("failed writing header") {
            // FoundationNetworking refuses a header line it cannot decode as UTF-8 (a raw 0x9B, say), and with it the
            // whole response: there is no response to show, only the reason.
            return URLError(.cannotParseResponse, detail: "invalid header: the server sent a status or header line that is not valid UTF-8", from: self)
        }
        if lower.contains("transfer closed") || lower.contains("connection reset") || lower.contains("recv failure") {
            code = .networkConnectionLost
        } else if lower.contains("chunk") || lower.contains("weird server reply") || lower.contains("invalid http header")
                    || lower.contains("unsupported http version") || lower.contains("header") {
            code = .cannotParseResponse
        } else if lower.contains("content encoding") || lower.contains("decoding") || lower.contains("inflate") || lower.contains("zlib") {
            code = .cannotDecodeContentData
        } else {
            return URLError(.unknown, detail: message, from: self)
        }
        return URLError(code, detail: message, from: self)
    }
}
