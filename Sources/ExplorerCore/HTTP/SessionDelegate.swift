import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate behind `ExplorerSession` sessions: it streams each task's head and body to the core and hands redirects back to it.
///
/// Linux ignores per-task delegates, so per-task state is kept here, keyed by task identifier.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What to do with one task and where to report its events.
    final class TaskState: @unchecked Sendable {
        let verifiesTLS: Bool
        let events: HopReceiver
        var headSent = false
        var challengeResponse: HTTPURLResponse?

        init(verifiesTLS: Bool, events: HopReceiver) {
            self.verifiesTLS = verifiesTLS
            self.events = events
        }
    }

    /// The timers of the requests sent with this delegate's session.
    let timers = EngineTimers()
    private let lock = NSLock()
    private var tasks: [Int: TaskState] = [:]

    /// Starts tracking a task; call before `resume()`.
    func register(_ task: URLSessionTask, state: TaskState) {
        lock.withLock { tasks[task.taskIdentifier] = state }
    }

    private func state(for task: URLSessionTask) -> TaskState? {
        lock.withLock { tasks[task.taskIdentifier] }
    }

    /// Hands the head over once, before the first byte of the body.
    private func sendHead(_ response: URLResponse?, of state: TaskState) {
        let first = lock.withLock { () -> Bool in
            defer { state.headSent = true }
            return !state.headSent
        }
        if first, let http = response as? HTTPURLResponse { state.events.received(head: http, connection: ConnectionDetails(httpVersion: "HTTP/1.1")) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let state = state(for: dataTask) else { return }
        sendHead(dataTask.response, of: state)
        // Foundation hands over bytes after gzip/deflate decoding, so the receiver's cap also bounds a compression bomb.
        state.events.received(body: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = lock.withLock({ tasks.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let challenged = lock.withLock({ state.challengeResponse }) {
            sendHead(challenged, of: state)
            return state.events.finished(error: nil)
        }
        sendHead(task.response, of: state)
        let failure = error.map { ($0 as? URLError)?.classifiedFromLibcurl(url: task.originalRequest?.url)
            ?? URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\($0)"]) }
        state.events.finished(error: failure)
    }

    // Redirects are followed by the core, hop by hop, the same way on every transport: the 3xx comes back as a response.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(state(for: task) == nil ? request : nil)
    }

    // Credentials travel as headers the caller set, so a 401 must come back as a plain response. FoundationNetworking
    // hangs on `.performDefaultHandling` and traps on `.useCredential` without one, so the challenge is cancelled and
    // its failure response is handed back when the cancelled task completes, with the body received by then. On Linux
    // that is the whole 401 body: it is kept, as FaultTests.a401WithAChallengeComesBackAsAResponseWithItsBody checks.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if !canImport(FoundationNetworking)
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
           let state = state(for: task), !state.verifiesTLS, let trust = challenge.protectionSpace.serverTrust {
            return completionHandler(.useCredential, URLCredential(trust: trust))
        }
        #endif
        if let state = state(for: task), let response = challenge.failureResponse as? HTTPURLResponse {
            lock.withLock { state.challengeResponse = response }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
