import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Small exchanges for store tests.
enum HistoryFixtures {
    static func exchange(_ path: String = "/users/1", reference: String? = "Demo/users/get-user", environment: String? = "local",
                         status: Int? = 200, body: String = "{\"id\":1}", sentAt: Date = Date()) -> HistoryExchange {
        let request = HistoryRequest(method: "GET", url: "http://127.0.0.1:9/" + path.drop { $0 == "/" },
                                     headers: [Header("Accept", "application/json"), Header("X-Trace", "a"), Header("X-Trace", "b")],
                                     body: .empty)
        let response = status.map {
            HistoryResponse(status: $0, reason: HTTPStatus.reasonPhrase(for: $0), headers: [Header("Content-Type", "application/json")],
                            body: HistoryBody(data: Data(body.utf8), size: body.utf8.count), duration: 0.012, finalURL: nil)
        }
        return HistoryExchange(sentAt: sentAt, reference: reference, environment: environment, source: "send", request: request,
                               response: response, error: status == nil ? "Could not connect" : nil)
    }
}
