@testable import ExplorerCore

extension Request {
    /// The request sent over `transport`, for tests that run over both.
    func over(_ transport: TransportKind) -> Request {
        configured { $0.transport = transport }
    }
}
