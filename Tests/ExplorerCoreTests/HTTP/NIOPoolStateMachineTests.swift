import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import Testing
@testable import ExplorerCore

/// The pool's decisions without sockets: each case feeds `NIOPoolStateMachine` events in turn, as the pool would hear
/// them, and names the actions each must call for. Every race the pool has lost so far is a case here.
@Suite("SwiftNIO transport: the connection pool's decisions")
struct NIOPoolStateMachineTests {
    /// One rule of the pool, as a run of events.
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var steps: [Step]
        var testDescription: String { rule }
    }

    /// An event and the actions it must call for, in order; `inactive` names the connections whose channel has closed
    /// without the pool having heard so yet.
    struct Step: Sendable {
        var event: NIOPoolEvent
        var actions: [NIOPoolAction]
        var inactive: Set<Int>

        init(_ event: NIOPoolEvent, _ actions: [NIOPoolAction] = [], inactive: Set<Int> = []) {
            self.event = event
            self.actions = actions
            self.inactive = inactive
        }
    }

    @Test(arguments: cases)
    func eventsCallForTheirActions(_ example: Case) {
        var machine = NIOPoolStateMachine()
        for (index, step) in example.steps.enumerated() {
            let actions = machine.receive(step.event) { !step.inactive.contains($0) }
            #expect(actions == step.actions, "step \(index + 1), \(step.event)")
        }
    }

    // Waiters are numbered from 101, connections from 11, attempts from 1 (the state machine numbers those).
    static let http = NIOPoolKey(isTLS: false, host: "plain.test", port: 80, tls: nil, proxy: nil)
    static let https = NIOPoolKey(isTLS: true, host: "secure.test", port: 443, tls: TLSOptions(), proxy: nil)
    static let wide = NIOPoolKey(isTLS: false, host: "load.test", port: 80, tls: nil, proxy: nil, connectionLimit: 100)
    static let refused = URLError(.cannotConnectToHost)

    static func queued(_ waiter: Int, _ key: NIOPoolKey = http, fresh: Bool = false) -> NIOPoolEvent {
        .requestQueued(key: key, waiter: waiter, fresh: fresh)
    }

    static func opened(_ attempt: Int, as connection: Int, _ key: NIOPoolKey = http, http2: Bool = false) -> NIOPoolEvent {
        .connectionOpened(attempt: attempt, key: key, connection: connection, http2: http2)
    }

    static func released(_ connection: Int, reusable: Bool = true) -> NIOPoolEvent {
        .connectionReleased(connection, reusable: reusable)
    }

    /// What opening attempt `attempt` calls for: the attempt and its time limit.
    static func open(_ attempt: Int, _ key: NIOPoolKey = http) -> [NIOPoolAction] {
        [.open(attempt: attempt, key: key), .scheduleOpeningTimeout(attempt: attempt, key: key, limit: .seconds(30))]
    }

    static func deliver(_ waiter: Int, _ connection: Int) -> NIOPoolAction {
        .deliver(waiter: waiter, connection: connection)
    }

    static func close(_ connection: Int) -> NIOPoolAction {
        .close(connection: connection)
    }

    /// An https connection opened for waiter 101 that ALPN made HTTP/2 (connection 11).
    static let http2Serving: [Step] = [
        Step(queued(101, https), open(1, https)),
        Step(opened(1, as: 11, https, http2: true), [deliver(101, 11)]),
    ]

    static let cases: [Case] = [
        Case(rule: "an idle HTTP/1.1 connection is handed to the next request", steps: [
            Step(queued(101), open(1)),
            Step(opened(1, as: 11), [deliver(101, 11)]),
            Step(released(11)),
            Step(queued(102), [deliver(102, 11)]),
        ]),
        Case(rule: "a released connection goes to a request that did not lose one; a request that did gets a new one", steps: [
            Step(queued(101), open(1)),
            Step(opened(1, as: 11), [deliver(101, 11)]),
            Step(queued(102, fresh: true), open(2)),
            Step(queued(103), open(3)),
            Step(released(11), [deliver(103, 11)]),
            Step(opened(2, as: 12), [deliver(102, 12)]),
            Step(opened(3, as: 13)),
        ]),
        Case(rule: "at most 64 HTTP/1.1 connections per key; one that closes makes room", steps:
            (0..<64).map { Step(queued(101 + $0), open(1 + $0)) } + [
                Step(queued(165)),
                Step(opened(1, as: 11), [deliver(101, 11)]),
                Step(.connectionClosed(11), open(65)),
            ]),
        Case(rule: "a key with a higher limit (a load test's --connections) opens that many", steps:
            (0..<100).map { Step(queued(101 + $0, wide), open(1 + $0, wide)) } + [Step(queued(201, wide))]),
        Case(rule: "https opens one connection until ALPN tells; HTTP/2 then serves every request", steps: [
            Step(queued(101, https), open(1, https)),
            Step(queued(102, https)),
            Step(opened(1, as: 11, https, http2: true), [deliver(101, 11), deliver(102, 11)]),
            Step(queued(103, https), [deliver(103, 11)]),
        ]),
        Case(rule: "https whose first connection speaks HTTP/1.1 opens one for each request waiting", steps: [
            Step(queued(101, https), open(1, https)),
            Step(queued(102, https)),
            Step(queued(103, https)),
            Step(opened(1, as: 11, https), [deliver(101, 11)] + open(2, https) + open(3, https)),
        ]),
        Case(rule: "a request that lost a connection takes the pool's HTTP/2 connection rather than opening one", steps: http2Serving + [
            Step(queued(102, https, fresh: true), [deliver(102, 11)]),
        ]),
        Case(rule: "an HTTP/2 connection opened beside the one serving is closed", steps: [
            Step(queued(101, https), open(1, https)),
            Step(opened(1, as: 11, https), [deliver(101, 11)]),
            Step(queued(102, https), open(2, https)),
            Step(queued(103, https), open(3, https)),
            Step(opened(2, as: 12, https, http2: true), [deliver(102, 12), deliver(103, 12)]),
            Step(opened(3, as: 13, https, http2: true), [close(13)]),
            Step(queued(104, https), [deliver(104, 12)]),
        ]),
        Case(rule: "GOAWAY during hand-out: the connection is not handed out again and the refused request gets a new one",
             steps: http2Serving + [
                Step(.goAwayReceived(11), [close(11)]),
                Step(queued(102, https, fresh: true), open(2, https)),
                Step(opened(2, as: 12, https, http2: true), [deliver(102, 12)]),
             ]),
        Case(rule: "a connection drained before it was pooled is closed and never handed out", steps: [
            Step(queued(101, https), open(1, https)),
            Step(.connectionReady(11)),
            Step(.goAwayReceived(11)),
            Step(opened(1, as: 11, https, http2: true), [close(11)] + open(2, https)),
            Step(opened(2, as: 12, https, http2: true), [deliver(101, 12)]),
            Step(.connectionClosed(11)),
            Step(queued(102, https), [deliver(102, 12)]),
        ]),
        Case(rule: "an attempt whose waiter was cancelled is given up and leaves the count at once", steps: [
            Step(queued(101), open(1)),
            Step(.waiterCancelled(key: http, waiter: 101), [.cancelOpening(attempt: 1)]),
            Step(queued(102), open(2)),
        ]),
        Case(rule: "an attempt given up on fails no one", steps: [
            Step(queued(101), open(1)),
            Step(.waiterCancelled(key: http, waiter: 101), [.cancelOpening(attempt: 1)]),
            Step(queued(102), open(2)),
            Step(.openingFailed(attempt: 1, key: http, error: URLError(.cancelled))),
            Step(.openingFailed(attempt: 2, key: http, error: refused), [.fail(waiter: 102, error: refused)]),
        ]),
        Case(rule: "a cancelled waiter is not handed a connection; the one opened for it serves the next", steps: [
            Step(queued(101), open(1)),
            Step(queued(102), open(2)),
            Step(.waiterCancelled(key: http, waiter: 101)),
            Step(opened(1, as: 11), [deliver(102, 11)]),
            Step(opened(2, as: 12)),
            Step(queued(103), [deliver(103, 12)]),
        ]),
        Case(rule: "an attempt over the opening limit fails its waiter, the next waiter gets a new one, a late limit does nothing",
             steps: [
                Step(queued(101, https), open(1, https)),
                Step(queued(102, https)),
                Step(.openingTimedOut(attempt: 1, key: https), [
                    .cancelOpening(attempt: 1),
                    .fail(waiter: 101, error: URLError(.timedOut, detail: "a connection to secure.test:443 could not be opened in 30 s")),
                ] + open(2, https)),
                Step(opened(2, as: 11, https, http2: true), [deliver(102, 11)]),
                Step(.openingTimedOut(attempt: 2, key: https)),
             ]),
        Case(rule: "an idle HTTP/1.1 connection closes at the idle timeout and is not handed out again", steps: [
            Step(queued(101), open(1)),
            Step(opened(1, as: 11), [deliver(101, 11)]),
            Step(released(11)),
            Step(.idleTimedOut(11), [close(11)]),
            Step(queued(102), open(2)),
        ]),
        Case(rule: "the idle timeout leaves an HTTP/1.1 connection carrying a request alone", steps: [
            Step(queued(101), open(1)),
            Step(opened(1, as: 11), [deliver(101, 11)]),
            Step(.idleTimedOut(11)),
            Step(released(11)),
            Step(queued(102), [deliver(102, 11)]),
        ]),
        Case(rule: "a connection that cannot carry another request is closed", steps: [
            Step(queued(101), open(1)),
            Step(opened(1, as: 11), [deliver(101, 11)]),
            Step(released(11, reusable: false), [close(11)]),
            Step(queued(102), open(2)),
        ]),
        Case(rule: "an idle connection whose channel closed unheard is passed over", steps: [
            Step(queued(101), open(1)),
            Step(opened(1, as: 11), [deliver(101, 11)]),
            Step(released(11)),
            Step(queued(102), open(2), inactive: [11]),
        ]),
        Case(rule: "a drained HTTP/2 connection is not handed out and closes when its last stream ends", steps: http2Serving + [
            Step(.streamOpened(11)),
            Step(.connectionDrained(11)),
            Step(queued(102, https), open(2, https)),
            Step(.streamClosed(11), [close(11)]),
        ]),
        Case(rule: "after GOAWAY an HTTP/2 connection finishes its streams, then closes", steps: http2Serving + [
            Step(.streamOpened(11)),
            Step(.streamOpened(11)),
            Step(.goAwayReceived(11)),
            Step(.streamClosed(11)),
            Step(.streamClosed(11), [close(11)]),
        ]),
        Case(rule: "an HTTP/2 connection closes at the idle timeout only with no stream open", steps: http2Serving + [
            Step(.streamOpened(11)),
            Step(.idleTimedOut(11)),
            Step(.streamClosed(11)),
            Step(.idleTimedOut(11), [close(11)]),
            Step(queued(102, https), open(2, https)),
        ]),
    ]
}
