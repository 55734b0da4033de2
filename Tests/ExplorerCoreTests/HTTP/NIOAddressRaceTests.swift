import Foundation
import NIOCore
import NIOPosix
import Testing
import TestSupport
@testable import ExplorerCore

/// Connecting to a host with several addresses: one that never answers costs a quarter of a second, one that refuses
/// costs nothing, and when all fail the last error is reported.
@Suite("SwiftNIO transport: racing a host's addresses")
struct NIOAddressRaceTests {
    /// A race where `::1` stands for an address that behaves as `unreachable` says, and 127.0.0.1 is the real server.
    func race(to port: UInt16, unreachable: @escaping @Sendable (any EventLoop) -> EventLoopFuture<any Channel>) throws -> NIOAddressRace {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let addresses = [try SocketAddress(ipAddress: "::1", port: Int(port)), try SocketAddress(ipAddress: "127.0.0.1", port: Int(port))]
        return NIOAddressRace(addresses: addresses, eventLoop: loop) { address in
            if address.protocol == .inet6 { return unreachable(loop) }
            return ClientBootstrap(group: loop).connect(to: address)
        }
    }

    @Test func anAddressThatNeverAnswersIsPassedByAfterAQuarterOfASecond() async throws {
        let server = try await LoopbackServer.start()
        let silent = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: (any Channel).self)
        let started = Date()
        let channel = try await race(to: server.port) { _ in silent.futureResult }.run().get()
        let elapsed = Date().timeIntervalSince(started)
        #expect(channel.remoteAddress?.ipAddress == "127.0.0.1")
        #expect(elapsed >= 0.24 && elapsed < 2, "\(elapsed)")
        try await channel.close()
        silent.fail(ChannelError.connectTimeout(.seconds(0)))
        await server.stop()
    }

    @Test func anAddressThatRefusesHandsOverAtOnce() async throws {
        let server = try await LoopbackServer.start()
        let started = Date()
        let channel = try await race(to: server.port) { loop in
            loop.makeFailedFuture(IOError(errnoCode: ECONNREFUSED, reason: "connect"))
        }.run().get()
        let elapsed = Date().timeIntervalSince(started)
        #expect(channel.remoteAddress?.ipAddress == "127.0.0.1" && elapsed < 0.2, "\(elapsed)")
        try await channel.close()
        await server.stop()
    }

    @Test func whenEveryAddressFailsTheLastErrorIsReported() async throws {
        let port = ClosedPort.find()
        let error = await #expect(throws: IOError.self) {
            try await race(to: port) { loop in loop.makeFailedFuture(IOError(errnoCode: EHOSTUNREACH, reason: "connect")) }.run().get()
        }
        #expect(error?.errnoCode == ECONNREFUSED, "the 127.0.0.1 attempt came last: \(String(describing: error))")
    }
}
