import Foundation
import TestSupport

/// One loopback demo server shared by the HTTP tests; tests that count hits use paths or keys of their own.
enum TestServer {
    private static let started = Task { try await LoopbackServer.start() }

    /// The shared server, started on first use.
    static func shared() async throws -> LoopbackServer {
        try await started.value
    }

    /// A path no other test uses, for counting hits.
    static func uniqueKey(_ prefix: String = "t") -> String {
        "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())"
    }
}
