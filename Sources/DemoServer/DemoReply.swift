import ExplorerCore
import FlyingFox
import Foundation

/// Builds the demo API's responses.
enum DemoReply {
    static func statusCode(_ code: Int) -> HTTPStatusCode {
        HTTPStatusCode(code, phrase: reason(code))
    }

    static func reason(_ code: Int) -> String {
        HTTPStatus.reasonPhrase(for: code)
    }

    static func data(_ body: Data, contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: statusCode(status), headers: [HTTPHeader("Content-Type"): contentType], body: body)
    }

    static func text(_ body: String, contentType: String, status: Int = 200) -> HTTPResponse {
        data(Data(body.utf8), contentType: contentType, status: status)
    }

    static func json(_ value: DemoJSON, status: Int = 200) -> HTTPResponse {
        text(value.encoded(), contentType: "application/json", status: status)
    }

    /// A JSON error body: `{"status": 404, "error": "..."}`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(.object([("status", .number(String(status))), ("error", .string(message))]), status: status)
    }

    static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(statusCode: statusCode(302), headers: [HTTPHeader("Location"): location,
                                                             HTTPHeader("Content-Type"): "text/plain"],
                     body: Data("Redirecting to \(location)\n".utf8))
    }
}
