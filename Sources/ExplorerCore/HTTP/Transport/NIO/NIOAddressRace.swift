import Foundation
import NIOCore

/// Connects to the first of a host's addresses that answers, as Happy Eyeballs does (RFC 8305, simplified): the
/// addresses are tried in the resolver's order, the next one starting when the one before fails or has not answered
/// within 250 ms, so an address that drops packets (an unreachable IPv6 route) costs a quarter of a second rather than
/// the kernel's two-minute connect timeout. Connections that lose the race are closed.
final class NIOAddressRace: @unchecked Sendable {
    /// How long an attempt has before the next address is tried beside it.
    static let stagger = TimeAmount.milliseconds(250)

    private let addresses: [SocketAddress]
    private let eventLoop: any EventLoop
    private let connect: @Sendable (SocketAddress) -> EventLoopFuture<any Channel>
    private let promise: EventLoopPromise<any Channel>
    private let lock = NSLock()
    // Guarded by `lock`.
    private var next = 0
    private var pending = 0
    private var done = false
    private var lastError: any Error = ChannelError.connectPending

    init(addresses: [SocketAddress], eventLoop: any EventLoop, connect: @escaping @Sendable (SocketAddress) -> EventLoopFuture<any Channel>) {
        self.addresses = addresses
        self.eventLoop = eventLoop
        self.connect = connect
        promise = eventLoop.makePromise(of: (any Channel).self)
    }

    /// The first connection made; fails with the last address's error when none could be.
    func run() -> EventLoopFuture<any Channel> {
        launch(expected: 0)
        return promise.futureResult
    }

    /// Stops racing: the result fails, and connections made later are closed.
    func cancel() {
        let first = lock.withLock { () -> Bool in
            defer { done = true }
            return !done
        }
        if first { promise.fail(CancellationError()) }
    }

    /// Starts the attempt at `expected` unless it has started (an earlier one failed first) or the race is over.
    private func launch(expected: Int) {
        let address = lock.withLock { () -> SocketAddress? in
            guard !done, next == expected, next < addresses.count else { return nil }
            next += 1
            pending += 1
            return addresses[expected]
        }
        guard let address else { return }
        if expected + 1 < addresses.count {
            eventLoop.scheduleTask(in: Self.stagger) { [self] in launch(expected: expected + 1) }
        }
        connect(address).whenComplete { [self] result in finished(result) }
    }

    private func finished(_ result: Result<any Channel, any Error>) {
        enum Then { case win(any Channel), close(any Channel), tryNext(Int), fail(any Error), wait }
        let then = lock.withLock { () -> Then in
            pending -= 1
            switch result {
            case .success(let channel):
                if done { return .close(channel) }
                done = true
                return .win(channel)
            case .failure(let error):
                lastError = error
                if done { return .wait }
                if next < addresses.count { return .tryNext(next) }
                if pending == 0 {
                    done = true
                    return .fail(error)
                }
                return .wait
            }
        }
        switch then {
        case .win(let channel): promise.succeed(channel)
        case .close(let channel): channel.close(promise: nil)
        case .tryNext(let index): launch(expected: index)
        case .fail(let error): promise.fail(error)
        case .wait: break
        }
    }
}
