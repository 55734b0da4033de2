import Dispatch
import Foundation

/// The request engine's timers (each attempt's timeout and the overall deadline): one Dispatch timer source armed for
/// the earliest live deadline, over a heap of pending ones.
///
/// A Dispatch `asyncAfter` per request made a timer source and woke Dispatch's timer thread each time; in the
/// keep-alive benchmark that was about 11 µs of every small request. Here scheduling a deadline later than the armed
/// one is a heap insert under a lock, and cancelling drops the work at once (releasing what it captured); the entry
/// itself is removed when it reaches the top of the heap, or when cancelled entries outnumber live ones.
/// A transport owns one (`HTTPTransport.timers`), so the requests it carries share one timer source.
final class EngineTimers: @unchecked Sendable {
    /// A scheduled piece of work; `cancel()` stops it from running and lets go of it.
    final class Token: @unchecked Sendable {
        fileprivate let deadline: UInt64
        fileprivate let sequence: UInt64
        // Guarded by the owning `EngineTimers`' lock.
        fileprivate var work: (@Sendable () -> Void)?
        private weak var timers: EngineTimers?

        fileprivate init(deadline: UInt64, sequence: UInt64, work: @escaping @Sendable () -> Void, timers: EngineTimers) {
            self.deadline = deadline
            self.sequence = sequence
            self.work = work
            self.timers = timers
        }

        /// Stops the work from running, if it has not started; safe to call more than once.
        func cancel() {
            if let timers { timers.cancel(self) } else { work = nil }
        }
    }

    private let lock = NSLock()
    private let queue = DispatchQueue(label: "apiexplorer.engine-timers")
    private let source: DispatchSourceTimer
    // Guarded by `lock`.
    private var heap: [Token] = []
    private var cancelledInHeap = 0
    private var armedFor = UInt64.max
    private var sequence: UInt64 = 0

    init() {
        source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler { [weak self] in self?.fire() }
        source.schedule(deadline: .distantFuture, leeway: .nanoseconds(0))
        source.activate()
    }

    deinit {
        source.cancel()
    }

    /// Runs `work` on a global queue at `deadline` (a `DispatchTime`, monotonic), unless the token is cancelled first.
    func schedule(at deadline: DispatchTime, _ work: @escaping @Sendable () -> Void) -> Token {
        lock.withLock {
            sequence &+= 1
            let token = Token(deadline: deadline.uptimeNanoseconds, sequence: sequence, work: work, timers: self)
            push(token)
            if token.deadline < armedFor { arm(token.deadline) }
            return token
        }
    }

    /// The number of pending entries, cancelled ones included (for tests).
    var pendingCount: Int { lock.withLock { heap.count } }

    fileprivate func cancel(_ token: Token) {
        lock.withLock {
            guard token.work != nil else { return }
            token.work = nil
            cancelledInHeap += 1
            dropCancelledTop()
            // Many cancelled entries deep in the heap (concurrent requests end out of order): rebuild without them.
            if cancelledInHeap > 1024, cancelledInHeap * 2 > heap.count {
                heap = heap.filter { $0.work != nil }
                cancelledInHeap = 0
                heapify()
            }
        }
    }

    /// Runs every due entry and arms the timer for the next live one.
    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lock.withLock { () -> [@Sendable () -> Void] in
            var due: [@Sendable () -> Void] = []
            while let top = heap.first, top.deadline <= now {
                popTop()
                if let work = top.work {
                    top.work = nil
                    due.append(work)
                } else {
                    cancelledInHeap -= 1
                }
            }
            dropCancelledTop()
            arm(heap.first?.deadline ?? .max)
            return due
        }
        for work in due { DispatchQueue.global().async(execute: work) }
    }

    // MARK: The heap (ordered by deadline, then by scheduling order); callers hold `lock`.

    /// Arms the source for `deadline` (`.max`: nothing pending). Done under the lock, so a later arming can never
    /// replace an earlier deadline set by another thread.
    private func arm(_ deadline: UInt64) {
        armedFor = deadline
        source.schedule(deadline: deadline == .max ? .distantFuture : DispatchTime(uptimeNanoseconds: deadline), leeway: .nanoseconds(0))
    }

    private func dropCancelledTop() {
        while let top = heap.first, top.work == nil {
            popTop()
            cancelledInHeap -= 1
        }
    }

    private func precedes(_ a: Token, _ b: Token) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.sequence < b.sequence
    }

    private func push(_ token: Token) {
        heap.append(token)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popTop() {
        guard !heap.isEmpty else { return }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        siftDown(0)
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, precedes(heap[left], heap[first]) { first = left }
            if right < heap.count, precedes(heap[right], heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }

    private func heapify() {
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }
}
