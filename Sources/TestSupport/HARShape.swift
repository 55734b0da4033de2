import Foundation

/// Checks a parsed HAR document against HAR 1.2's required fields and their types (the rules har-validator's schema
/// holds), for tests of `history export --har`. Returns one line per problem; none when the archive is valid.
public enum HARShape {
    /// Everything wrong with `data` as HAR 1.2.
    public static func problems(_ data: Data) -> [String] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return ["not a JSON object"] }
        var problems: [String] = []
        func require(_ object: [String: Any], _ path: String, _ fields: [(String, HARShapeKind)]) {
            for (name, kind) in fields {
                guard let value = object[name] else { problems.append("\(path).\(name) is missing"); continue }
                if !kind.matches(value) { problems.append("\(path).\(name) is not \(kind)") }
            }
        }
        guard let log = root["log"] as? [String: Any] else { return ["log is missing"] }
        require(log, "log", [("version", .string), ("creator", .object), ("entries", .array)])
        if log["version"] as? String != "1.2" { problems.append("log.version is not 1.2") }
        if let creator = log["creator"] as? [String: Any] { require(creator, "log.creator", [("name", .string), ("version", .string)]) }
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for (index, item) in ((log["entries"] as? [Any]) ?? []).enumerated() {
            let path = "log.entries[\(index)]"
            guard let entry = item as? [String: Any] else { problems.append("\(path) is not an object"); continue }
            require(entry, path, [("startedDateTime", .string), ("time", .number), ("request", .object), ("response", .object),
                                  ("cache", .object), ("timings", .object)])
            if let started = entry["startedDateTime"] as? String, iso.date(from: started) == nil {
                problems.append("\(path).startedDateTime '\(started)' is not ISO 8601")
            }
            if let request = entry["request"] as? [String: Any] {
                require(request, path + ".request", [("method", .string), ("url", .string), ("httpVersion", .string), ("cookies", .array),
                                                     ("headers", .array), ("queryString", .array), ("headersSize", .number), ("bodySize", .number)])
                for key in ["cookies", "headers", "queryString"] {
                    for (position, pair) in ((request[key] as? [Any]) ?? []).enumerated() {
                        require(pair as? [String: Any] ?? [:], "\(path).request.\(key)[\(position)]", [("name", .string), ("value", .string)])
                    }
                }
                if let post = request["postData"] as? [String: Any] { require(post, path + ".request.postData", [("mimeType", .string)]) }
            }
            if let response = entry["response"] as? [String: Any] {
                require(response, path + ".response", [("status", .number), ("statusText", .string), ("httpVersion", .string),
                                                       ("cookies", .array), ("headers", .array), ("content", .object),
                                                       ("redirectURL", .string), ("headersSize", .number), ("bodySize", .number)])
                if let content = response["content"] as? [String: Any] {
                    require(content, path + ".response.content", [("size", .number), ("mimeType", .string)])
                }
            }
            if let timings = entry["timings"] as? [String: Any] {
                require(timings, path + ".timings", [("send", .number), ("wait", .number), ("receive", .number)])
                for key in ["send", "wait", "receive"] where ((timings[key] as? Double) ?? 0) < 0 {
                    problems.append("\(path).timings.\(key) is negative (only blocked, dns, connect and ssl may be -1)")
                }
                for key in ["blocked", "dns", "connect", "ssl"] {
                    if let value = timings[key] as? Double, value < 0, value != -1 { problems.append("\(path).timings.\(key) is below 0 but not -1") }
                }
                let sum = ["blocked", "dns", "connect", "send", "wait", "receive"].compactMap { timings[$0] as? Double }.filter { $0 >= 0 }.reduce(0, +)
                if let time = entry["time"] as? Double, abs(time - sum) > 0.01 {
                    problems.append("\(path).time \(time) is not the sum of its timings (\(sum))")
                }
            }
        }
        return problems
    }
}
