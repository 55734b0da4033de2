import ExplorerCore
import ExplorerWorkspace
import Foundation
import GRDB

/// Turns exchanges into rows of the `exchange` table and back.
enum HistoryRows {
    static func insert(_ exchange: HistoryExchange, into db: Database) throws -> Int64 {
        let request = exchange.request
        let response = exchange.response
        let requestHeaders = encode(request.headers)
        let responseHeaders = response.map { encode($0.headers) }
        let events = response?.events.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        let timing = response?.timing.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        let storedBytes = request.body.data.count + (response?.body.data.count ?? 0) + requestHeaders.utf8.count
            + (responseHeaders?.utf8.count ?? 0) + request.url.utf8.count + (events?.utf8.count ?? 0) + 100
        try db.execute(sql: """
            INSERT INTO exchange (sent_at, reference, environment, source, method, url, request_headers, request_body,
                request_body_size, request_body_truncated, status, reason, response_headers, response_body, response_body_size,
                response_body_truncated, duration, final_url, error, stored_bytes, response_wire_size, response_events, response_timing)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                exchange.sentAt.timeIntervalSince1970, exchange.reference, exchange.environment, exchange.source,
                request.method, request.url, requestHeaders, request.body.data, request.body.size, request.body.isTruncated,
                response?.status, response?.reason, responseHeaders, response?.body.data, response?.body.size,
                response?.body.isTruncated, response?.duration, response?.finalURL, exchange.error, storedBytes,
                response?.wireSize, events, timing,
            ])
        return db.lastInsertedRowID
    }

    static func entries(matching query: HistoryQuery, in db: Database) throws -> [HistoryEntry] {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let reference = query.reference {
            conditions.append("reference = ?")
            arguments += [reference]
        }
        if let environment = query.environment {
            conditions.append("environment = ?")
            arguments += [environment]
        }
        if let source = query.source {
            conditions.append("source = ?")
            arguments += [source]
        }
        if let range = query.status.range {
            conditions.append("status BETWEEN ? AND ?")
            arguments += [range.lowerBound, range.upperBound]
        } else if query.status == .failed {
            conditions.append("status IS NULL")
        }
        let text = query.text.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
            let pattern = "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%"
            conditions.append("(url LIKE ? ESCAPE '\\' OR method LIKE ? ESCAPE '\\' OR IFNULL(reference, '') LIKE ? ESCAPE '\\')")
            arguments += [pattern, pattern, pattern]
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        arguments += [max(0, query.limit)]
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, sent_at, reference, environment, method, url, status, duration, response_body_size, error
            FROM exchange\(filter) ORDER BY id DESC LIMIT ?
            """, arguments: arguments)
        return rows.map { row in
            HistoryEntry(id: row["id"], sentAt: Date(timeIntervalSince1970: row["sent_at"]), reference: row["reference"],
                         environment: row["environment"], method: row["method"], url: row["url"], status: row["status"],
                         duration: row["duration"], size: row["response_body_size"], error: row["error"])
        }
    }

    static func exchange(id: Int64, in db: Database) throws -> HistoryExchange? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM exchange WHERE id = ?", arguments: [id]) else { return nil }
        let request = HistoryRequest(method: row["method"], url: row["url"], headers: decode(row["request_headers"]),
                                     body: HistoryBody(data: row["request_body"] ?? Data(), size: row["request_body_size"],
                                                       isTruncated: row["request_body_truncated"]))
        var response: HistoryResponse?
        if let status: Int = row["status"] {
            response = HistoryResponse(status: status, reason: row["reason"] ?? "", headers: decode(row["response_headers"]),
                                       body: HistoryBody(data: row["response_body"] ?? Data(), size: row["response_body_size"] ?? 0,
                                                         isTruncated: row["response_body_truncated"] ?? false),
                                       duration: row["duration"] ?? 0, finalURL: row["final_url"], wireSize: row["response_wire_size"])
            let events: String? = row["response_events"]
            response?.events = events.flatMap { try? JSONDecoder().decode([StreamEvent].self, from: Data($0.utf8)) }
            let timing: String? = row["response_timing"]
            response?.timing = timing.flatMap { try? JSONDecoder().decode(HistoryTiming.self, from: Data($0.utf8)) }
        }
        return HistoryExchange(id: row["id"], sentAt: Date(timeIntervalSince1970: row["sent_at"]), reference: row["reference"],
                               environment: row["environment"], source: row["source"], request: request, response: response,
                               error: row["error"])
    }

    /// Headers as a JSON array of `[name, value]` pairs, so order and repeats survive.
    private static func encode(_ headers: [Header]) -> String {
        let pairs = headers.map { [$0.name, $0.value] }
        guard let data = try? JSONEncoder().encode(pairs) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func decode(_ text: String?) -> [Header] {
        guard let text, let pairs = try? JSONDecoder().decode([[String]].self, from: Data(text.utf8)) else { return [] }
        return pairs.compactMap { $0.count == 2 ? Header($0[0], $0[1]) : nil }
    }
}
