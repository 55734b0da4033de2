import Foundation

/// What the demo server's `/echo` route sends back.
struct EchoReply: Decodable, Sendable {
    struct Pair: Decodable, Sendable, Equatable {
        let name: String
        let value: String
    }

    let method: String
    let path: String
    let query: [Pair]
    let headers: [Pair]
    let body: String
    let bodyBase64: Bool
    let bodyLength: Int

    /// The first header with this name, case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every query value for a name.
    func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}
