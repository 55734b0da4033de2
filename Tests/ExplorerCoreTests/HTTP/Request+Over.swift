@testable import ExplorerCore

extension Request {
    /// The request sent over `transport`, for tests that run over every transport.
    func over(_ transport: TransportKind) -> Request {
        configured { $0.transport = transport }
    }
}

extension TransportKind {
    /// The transports over SwiftNIO, which alone have TLS options, proxies and connection details.
    static let overSwiftNIO: [TransportKind] = [.swiftNIO]
}
