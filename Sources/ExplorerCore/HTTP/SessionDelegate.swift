import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate behind `ExplorerSession` sessions: it collects each task's body and applies its redirect policy.
///
/// Linux ignores per-task delegates, so per-task state is kept here, keyed by task identifier.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What to do with one task and where to report its end.
    final class TaskState: @unchecked Sendable {
        let followRedirects: Bool
        let maxRedirects: Int
        let maxBytes: Int?
        let verifiesTLS: Bool
        let completion: @Sendable (Data, _ isOnDisk: Bool, URLResponse?, (any Error)?) -> Void
        /// The body so far: in memory up to `memoryLimit` bytes, then in a temporary file.
        let body: SpillingBody
        var redirects = 0
        var failure: URLError?
        var challengeResponse: HTTPURLResponse?

        init(followRedirects: Bool, maxRedirects: Int, maxBytes: Int? = nil, verifiesTLS: Bool = true, memoryLimit: Int? = nil,
             completion: @escaping @Sendable (Data, _ isOnDisk: Bool, URLResponse?, (any Error)?) -> Void) {
            self.body = SpillingBody(memoryLimit: memoryLimit)
            self.verifiesTLS = verifiesTLS
            self.followRedirects = followRedirects
            self.maxRedirects = maxRedirects
            self.maxBytes = maxBytes
            self.completion = completion
        }
    }

    private let lock = NSLock()
    private var tasks: [Int: TaskState] = [:]

    /// Starts tracking a task; call before `resume()`.
    func register(_ task: URLSessionTask, state: TaskState) {
        lock.withLock { tasks[task.taskIdentifier] = state }
    }

    private func state(for task: URLSessionTask) -> TaskState? {
        lock.withLock { tasks[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let state = state(for: dataTask) else { return }
        // Foundation hands over bytes after gzip/deflate decoding, so this also caps what a compression bomb expands to.
        let declared = dataTask.response?.expectedContentLength ?? -1
        let overLimit = lock.withLock { () -> Bool in
            // Already failed: the task is being cancelled; what still arrives is dropped as it comes.
            guard state.failure == nil else { return false }
            if let limit = state.maxBytes, state.body.count + data.count > limit || declared > Int64(limit) {
                let size = declared > Int64(limit) ? "\(MeasurementText.byteCount(Int(declared))) declared" : "more than \(MeasurementText.byteCount(limit))"
                state.failure = URLError(.dataLengthExceedsMaximum, detail: "\(size); the limit is \(MeasurementText.byteCount(limit))")
                state.body.discard()
                return true
            }
            do throws(URLError) {
                try state.body.append(data)
            } catch {
                state.failure = error
                state.body.discard()
                return true
            }
            return false
        }
        // FoundationNetworking's cancel() waits for the session's work queue, which is busy decoding: called here it
        // would hold up this delegate queue while every decoded chunk of a compression bomb piles up behind it.
        if overLimit { DispatchQueue.global().async { dataTask.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = lock.withLock({ tasks.removeValue(forKey: task.taskIdentifier) }) else { return }
        let (data, isOnDisk, failure, challenged) = lock.withLock { () -> (Data, Bool, URLError?, HTTPURLResponse?) in
            let isOnDisk = state.body.isOnDisk
            // A failed transfer's partial body is dropped, not mapped: mapping it could only hide the real error.
            guard state.failure == nil, error == nil || state.challengeResponse != nil else {
                state.body.discard()
                return (Data(), false, state.failure, state.challengeResponse)
            }
            do throws(URLError) {
                return (try state.body.finish(), isOnDisk, nil, state.challengeResponse)
            } catch {
                return (Data(), false, error, state.challengeResponse)
            }
        }
        if let challenged, failure == nil {
            return state.completion(data, isOnDisk, challenged, nil)
        }
        state.completion(data, isOnDisk, task.response, failure ?? (error as? URLError)?.classifiedFromLibcurl(url: task.originalRequest?.url) ?? error)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let state = state(for: task) else { return completionHandler(request) }
        guard state.followRedirects else { return completionHandler(nil) }
        let count = lock.withLock { () -> Int in
            state.redirects += 1
            return state.redirects
        }
        if count > state.maxRedirects {
            lock.withLock { state.failure = URLError(.httpTooManyRedirects) }
            task.cancel()
            return completionHandler(nil)
        }
        completionHandler(SessionDelegate.stripCredentialsIfCrossOrigin(request, from: task.originalRequest?.url))
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

    /// Credentials meant for one origin must not be replayed to another, so they are removed when a redirect changes origin.
    static func stripCredentialsIfCrossOrigin(_ request: URLRequest, from original: URL?) -> URLRequest {
        guard let original, let target = request.url, !SessionDelegate.sameOrigin(original, target) else { return request }
        var stripped = request
        let redactor = SecretRedactor()
        for name in (request.allHTTPHeaderFields ?? [:]).keys where redactor.isSecret(name) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host?.lowercased() == rhs.host?.lowercased()
            && port(lhs) == port(rhs)
    }
}
