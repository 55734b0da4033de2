import ExplorerWorkspace
import Foundation

/// Takes the values a request's captures name from its response.
public enum CaptureExtractor {
    /// The value of `capture` in `response`, or why there is none (it found nothing, the body is not JSON…).
    /// `document` is the body already parsed for JSONPath, if the caller has it.
    public static func value(of capture: CaptureSpec, in response: CheckedResponse,
                             document: Result<JSONPathDocument, JSONBodyError>? = nil) -> Result<String, JSONBodyError> {
        switch capture.source {
        case let .jsonPath(path):
            switch CheckEvaluator.matches(path, in: document ?? CheckEvaluator.parse(response.body), of: response) {
            case let .failure(error): return .failure(error)
            case let .success(matches):
                guard let first = matches.first else { return .failure(JSONBodyError(message: "\(path) selected nothing")) }
                if first.value.hasPrefix("\""), case let .string(text)? = JSONValue.parse(Data(first.value.utf8)) { return .success(text) }
                // The literal the response wrote, not a parsed value written out again: an id above 2^63 or a price
                // of 1.10 must reach the next request as the server sent it.
                return .success(first.value)
            }
        case let .header(name):
            guard let value = response.values(of: name).first else { return .failure(JSONBodyError(message: "header \(name) is absent")) }
            return .success(value)
        case .status:
            return .success(String(response.status))
        case let .regex(pattern):
            let body = String(decoding: response.body.prefix(RegexCache.textLimit), as: UTF8.self)
            guard let regex = RegexCache.regex(pattern) else {
                return .failure(JSONBodyError(message: "'\(pattern)' is not a valid regular expression"))
            }
            guard let match = regex.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)) else {
                return .failure(JSONBodyError(message: "regex \(pattern) matched nothing in the body"))
            }
            let group = match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range
            guard let range = Range(group, in: body) else { return .failure(JSONBodyError(message: "regex \(pattern) matched nothing")) }
            return .success(String(body[range]))
        case let .cookie(name):
            for header in response.values(of: "Set-Cookie") {
                // Several Set-Cookie headers may arrive joined by ", "; each cookie starts a header or follows a comma.
                for piece in header.components(separatedBy: ",") {
                    let pair = piece.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
                    let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    if halves.count == 2, halves[0].trimmingCharacters(in: .whitespaces) == name {
                        return .success(String(halves[1]).trimmingCharacters(in: .whitespaces))
                    }
                }
            }
            return .failure(JSONBodyError(message: "no cookie \(name) was set"))
        }
    }

    /// Every capture of `request` from `response`: the values found, and a message for each that found nothing.
    /// `document` is the body already parsed for JSONPath; without it the body is parsed once, if a capture needs it.
    public static func extract(_ captures: [CaptureSpec], from response: CheckedResponse, reference: String,
                               document: Result<JSONPathDocument, JSONBodyError>? = nil) -> (values: [CapturedValue], failures: [String]) {
        var values: [CapturedValue] = []
        var failures: [String] = []
        let document = document ?? (CheckEvaluator.readsJSON([], captures) ? CheckEvaluator.parse(response.body) : nil)
        for capture in captures {
            switch value(of: capture, in: response, document: document) {
            case let .success(value):
                values.append(CapturedValue(name: capture.name, value: value, secret: capture.secret,
                                            origin: "\(reference) \(capture.source.description)"))
            case let .failure(error):
                failures.append("\(capture.location): capture '\(capture.name)' found no value: \(error.message)")
            }
        }
        return (values, failures)
    }
}
