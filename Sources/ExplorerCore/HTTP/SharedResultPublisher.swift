import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif

/// A publisher of one result that starts its work when the first subscriber arrives, shares it with every
/// subscriber (late ones get the same result replayed), and cancels the work when every subscriber has cancelled.
final class SharedResultPublisher<Output>: Publisher, @unchecked Sendable {
    typealias Failure = RequestError
    /// Starts the work and returns a way to cancel it.
    typealias Work = (@escaping @Sendable (Result<Output, RequestError>) -> Void) -> (@Sendable () -> Void)

    private enum Phase {
        case idle
        case running(cancel: @Sendable () -> Void)
        case done(Result<Output, RequestError>)
    }

    private let work: Work
    private let lock = NSLock()
    private var phase = Phase.idle
    private var subscriptions: [SharedSubscription] = []

    init(work: @escaping Work) { self.work = work }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == RequestError {
        let subscription = SharedSubscription(parent: self, subscriber: AnySubscriber(subscriber))
        let (startWork, result) = lock.withLock { () -> (Bool, Result<Output, RequestError>?) in
            if case let .done(result) = phase { return (false, result) }
            subscriptions.append(subscription)
            if case .idle = phase {
                phase = .running(cancel: {})
                return (true, nil)
            }
            return (false, nil)
        }
        subscriber.receive(subscription: subscription)
        if let result { subscription.offer(result) }
        if startWork {
            // Strong on purpose: callers often drop the publisher right after `sink`, and the request must still finish.
            // The cycle ends when the result arrives or every subscriber cancels.
            let cancel = work { result in self.complete(result) }
            let cancelNow = lock.withLock { () -> Bool in
                guard case .running = phase else { return false }
                if subscriptions.isEmpty { phase = .idle; return true }
                phase = .running(cancel: cancel)
                return false
            }
            if cancelNow { cancel() }
        }
    }

    private func complete(_ result: Result<Output, RequestError>) {
        let waiting = lock.withLock { () -> [SharedSubscription] in
            guard case .running = phase else { return [] }
            phase = .done(result)
            defer { subscriptions.removeAll() }
            return subscriptions
        }
        for subscription in waiting { subscription.offer(result) }
    }

    fileprivate func remove(_ subscription: SharedSubscription) {
        let cancel = lock.withLock { () -> (@Sendable () -> Void)? in
            subscriptions.removeAll { $0 === subscription }
            guard subscriptions.isEmpty, case let .running(cancel) = phase else { return nil }
            phase = .idle
            return cancel
        }
        cancel?()
    }

    /// One subscriber's view: holds the result until the subscriber has asked for a value.
    fileprivate final class SharedSubscription: Subscription, @unchecked Sendable {
        private let lock = NSLock()
        // Strong while subscribed, so the shared work outlives a publisher value the caller did not keep.
        private var parent: SharedResultPublisher?
        private var subscriber: AnySubscriber<Output, RequestError>?
        private var demand = Subscribers.Demand.none
        private var pending: Result<Output, RequestError>?

        init(parent: SharedResultPublisher, subscriber: AnySubscriber<Output, RequestError>) {
            self.parent = parent
            self.subscriber = subscriber
        }

        func offer(_ result: Result<Output, RequestError>) {
            lock.withLock { pending = result }
            deliverIfReady()
        }

        func request(_ demand: Subscribers.Demand) {
            lock.withLock { self.demand += demand }
            deliverIfReady()
        }

        private func deliverIfReady() {
            let delivery = lock.withLock { () -> (AnySubscriber<Output, RequestError>, Result<Output, RequestError>)? in
                guard let subscriber, let pending else { return nil }
                if case .success = pending, demand == .none { return nil }
                self.subscriber = nil
                self.parent = nil
                return (subscriber, pending)
            }
            guard let (subscriber, result) = delivery else { return }
            switch result {
            case let .success(value):
                _ = subscriber.receive(value)
                subscriber.receive(completion: .finished)
            case let .failure(error):
                subscriber.receive(completion: .failure(error))
            }
        }

        func cancel() {
            let wasActive = lock.withLock { () -> Bool in
                defer { subscriber = nil }
                return subscriber != nil
            }
            let parent = lock.withLock { () -> SharedResultPublisher? in
                defer { self.parent = nil }
                return self.parent
            }
            if wasActive { parent?.remove(self) }
        }
    }
}
