import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs one request to its end: attempts, back-off, the overall deadline, validation, the fallback, hooks and logging.
///
/// All three sending styles (completion handler, publisher, async) are thin wrappers around this one engine,
/// so they behave identically. It completes exactly once.
final class RequestOperation: @unchecked Sendable {
    typealias Completion = @Sendable (Result<Request.Response, RequestError>) -> Void

    private let request: Request
    private let session: URLSession
    private let completion: Completion
    private let startedAt = DispatchTime.now()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var attempts = 0
    private var task: URLSessionDataTask?
    private var finished = false
    private var retryWork: DispatchWorkItem?
    private var deadlineWork: DispatchWorkItem?
    /// Ends the attempt in flight when `timeoutInterval` has passed since it started.
    private var attemptTimeoutWork: DispatchWorkItem?
    /// The attempt the timeout ended, so its cancellation is reported as a timeout.
    private var timedOutAttempt = 0

    init(request: Request, session: URLSession, completion: @escaping Completion) {
        self.request = request
        self.session = session
        self.completion = completion
    }

    /// Creates the first attempt's task, resumes it unless told not to, and returns it.
    ///
    /// When the request cannot be built the returned task is never resumed and the completion reports why.
    @discardableResult
    func start(autoResume: Bool = true) -> URLSessionDataTask {
        // Cancelled before it started (a task cancelled while being set up): send nothing.
        if lock.withLock({ finished }) { return placeholderTask() }
        if let deadline = request.configuration.deadline {
            let work = DispatchWorkItem { [self] in deadlinePassed(deadline) }
            lock.withLock { deadlineWork = work }
            DispatchQueue.global().asyncAfter(deadline: startedAt + deadline, execute: work)
        }
        switch makeAttempt() {
        case let .success(task):
            if autoResume { task.resume() }
            return task
        case let .failure(error):
            finish(.failure(error))
            return placeholderTask()
        }
    }

    /// Stops the request at once, whatever it is doing: in flight or waiting to retry.
    func cancel() {
        let inFlight = lock.withLock { () -> URLSessionDataTask? in
            retryWork?.cancel()
            return task
        }
        inFlight?.cancel()
        finish(.failure(.urlError(request: request, error: URLError(.cancelled))))
    }

    private func secondsSinceStart() -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1e9
    }

    private func remainingBeforeDeadline() -> TimeInterval? {
        request.configuration.deadline.map { $0 - secondsSinceStart() }
    }

    private func makeAttempt() -> Result<URLSessionDataTask, RequestError> {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.makeURLRequest(timeout: remainingBeforeDeadline())
        } catch {
            return .failure(error)
        }
        if let refusal = unverifiedTLSRefusal(urlRequest) { return .failure(refusal) }
        let attempt = lock.withLock { () -> Int in
            attempts += 1
            return attempts
        }
        for hook in request.hooks.willSend { hook(urlRequest) }
        log(urlRequest, attempt: attempt)

        let attemptStart = DispatchTime.now()
        let onComplete: @Sendable (Data?, Bool, URLResponse?, (any Error)?) -> Void = { [self] data, isOnDisk, response, error in
            attemptFinished(data: data, isOnDisk: isOnDisk, response: response, error: error, attemptStart: attemptStart)
        }
        let newTask: URLSessionDataTask
        if let delegate = session.delegate as? SessionDelegate {
            newTask = session.dataTask(with: urlRequest)
            delegate.register(newTask, state: SessionDelegate.TaskState(
                followRedirects: request.configuration.followRedirects, maxRedirects: 20,
                maxBytes: request.configuration.maxResponseBytes, verifiesTLS: request.configuration.verifiesTLSCertificates,
                memoryLimit: request.configuration.memoryBodyLimit,
                completion: { data, isOnDisk, response, error in onComplete(data, isOnDisk, response, error) }))
        } else {
            newTask = session.dataTask(with: urlRequest) { data, response, error in onComplete(data, false, response, error) }
        }
        // FoundationNetworking's timeoutInterval only limits the wait between bytes (in whole seconds): a server that
        // drips a byte a second would hold an attempt forever. This timer bounds the whole attempt, as documented.
        let timeout = request.configuration.timeoutInterval
        let timeoutWork = DispatchWorkItem { [self] in attemptTimedOut(attempt) }
        lock.withLock {
            task = newTask
            attemptTimeoutWork?.cancel()
            attemptTimeoutWork = timeout.isFinite && timeout > 0 ? timeoutWork : nil
        }
        if timeout.isFinite, timeout > 0 {
            DispatchQueue.global().asyncAfter(deadline: attemptStart + timeout, execute: timeoutWork)
        }
        return .success(newTask)
    }

    /// Cancels attempt `attempt` if it is still in flight; its completion then reports a timeout.
    private func attemptTimedOut(_ attempt: Int) {
        let inFlight = lock.withLock { () -> URLSessionDataTask? in
            guard !finished, attempts == attempt, let task else { return nil }
            timedOutAttempt = attempt
            return task
        }
        inFlight?.cancel()
    }

    private func attemptFinished(data: Data?, isOnDisk: Bool, response: URLResponse?, error: (any Error)?, attemptStart: DispatchTime) {
        let duration = Double(DispatchTime.now().uptimeNanoseconds - attemptStart.uptimeNanoseconds) / 1e9
        let (isFinished, attempt, timedOut) = lock.withLock { () -> (Bool, Int, Bool) in
            task = nil
            attemptTimeoutWork?.cancel()
            attemptTimeoutWork = nil
            return (finished, attempts, timedOutAttempt == attempts)
        }
        guard !isFinished else { return }

        if let error {
            var urlError = (error as? URLError) ?? URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
            if timedOut, urlError.code == .cancelled { urlError = URLError(.timedOut) }
            let failure = RequestError.urlError(request: request, error: urlError)
            if let policy = request.configuration.retryPolicy, policy.retryableURLErrorCodes.contains(urlError.code) {
                return retryOrFail(policy: policy, attempt: attempt, retryAfter: nil, failure: failure)
            }
            return fail(failure)
        }
        guard let http = response as? HTTPURLResponse else {
            return fail(.urlError(request: request, error: URLError(.badServerResponse)))
        }
        let received = Request.Response(request: request, urlResponse: http, data: data ?? Data(), duration: duration,
                                        totalDuration: secondsSinceStart(), attempts: attempt, isBodyOnDisk: isOnDisk)
        if let policy = request.configuration.retryPolicy, policy.retryableStatusCodes.contains(http.statusCode) {
            let failure = validate(received) ?? .httpStatus(request: request, error: HTTPError(response: received))
            return retryOrFail(policy: policy, attempt: attempt, retryAfter: received.headers["Retry-After"],
                               failure: failure, lastResponse: received)
        }
        if let failure = validate(received) { return fail(failure) }
        finish(.success(received))
    }

    /// Retries when the policy allows another attempt in time; otherwise ends with the failure
    /// (or with the last response, when its status is one the configuration accepts).
    private func retryOrFail(policy: RetryPolicy, attempt: Int, retryAfter: String?, failure: RequestError,
                             lastResponse: Request.Response? = nil) {
        let giveUp = {
            if let lastResponse, self.validate(lastResponse) == nil { return self.finish(.success(lastResponse)) }
            self.fail(failure)
        }
        guard attempt <= policy.maxRetries, policy.retryableMethods.contains(request.httpMethod) else { return giveUp() }
        let delay = policy.delay(beforeRetry: attempt, retryAfter: retryAfter)
        if let remaining = remainingBeforeDeadline(), remaining <= delay {
            return fail(.deadlineExceeded(request: request, deadline: request.configuration.deadline ?? 0, attempts: attempt))
        }
        request.hooks.logger?.debug("retrying \(request.description) in \(RequestError.seconds(delay)) after attempt \(attempt)")
        let work = DispatchWorkItem { [self] in
            switch makeAttempt() {
            case let .success(task): task.resume()
            case let .failure(error): fail(error)
            }
        }
        let scheduled = lock.withLock { () -> Bool in
            guard !finished else { return false }
            retryWork = work
            return true
        }
        if scheduled { DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: work) }
    }

    private func deadlinePassed(_ deadline: TimeInterval) {
        let (inFlight, attempt) = lock.withLock { () -> (URLSessionDataTask?, Int) in
            retryWork?.cancel()
            return (task, attempts)
        }
        fail(.deadlineExceeded(request: request, deadline: deadline, attempts: max(attempt, 1)))
        inFlight?.cancel()
    }

    /// The status check, then each validator; `nil` when the response is accepted.
    private func validate(_ response: Request.Response) -> RequestError? {
        let configuration = request.configuration
        if !configuration.accepts(statusCode: response.statusCode) {
            return .httpStatus(request: request, error: HTTPError(response: response))
        }
        for validator in configuration.validators {
            do {
                try validator.validate(response)
            } catch {
                return .validation(request: request, validator: validator.name, message: "\(error)", response: response)
            }
        }
        return nil
    }

    /// Ends with a failure, unless the request has a fallback that passes validation.
    private func fail(_ failure: RequestError) {
        if let fallback = request.fallback, !failure.isCancelled, let url = request.url,
           let urlResponse = fallback.urlResponse(for: url) {
            let response = Request.Response(request: request, urlResponse: urlResponse, data: fallback.data,
                                            totalDuration: secondsSinceStart(),
                                            attempts: lock.withLock { attempts }, isFallback: true)
            if let rejected = validate(response) { return finish(.failure(rejected)) }
            request.hooks.logger?.debug("using the fallback response for \(request.description) after: \(failure.description)")
            return finish(.success(response))
        }
        finish(.failure(failure))
    }

    private func finish(_ result: Result<Request.Response, RequestError>) {
        let first = lock.withLock { () -> Bool in
            guard !finished else { return false }
            finished = true
            retryWork?.cancel()
            deadlineWork?.cancel()
            attemptTimeoutWork?.cancel()
            return true
        }
        guard first else { return }
        switch result {
        case let .success(response):
            request.hooks.logger?.debug(
                "← \(response.statusCode) \(response.reasonPhrase) \(request.description) in \(RequestError.seconds(response.duration)), \(response.byteCount) bytes")
            for hook in request.hooks.didReceive { hook(response) }
        case let .failure(error):
            request.hooks.logger?.debug("✗ \(error.description)")
            for hook in request.hooks.didFail { hook(error) }
        }
        completion(result)
    }

    private func log(_ urlRequest: URLRequest, attempt: Int) {
        guard let logger = request.hooks.logger else { return }
        let redactor = SecretRedactor()
        var headers = HTTPHeaders()
        for (name, value) in (urlRequest.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name, redactor.redact(name: name, value: value))
        }
        let url = urlRequest.url.map { redactor.redact(url: $0) } ?? ""
        logger.debug("→ \(request.httpMethod.rawValue) \(url) (attempt \(attempt))",
                     metadata: ["headers": .string(headers.fields.map(\.description).joined(separator: "; "))])
    }

    /// On Linux an https request that asks for no certificate verification is refused: FoundationNetworking offers
    /// no way to skip verification, and sending it verified anyway would not be what the user chose.
    private func unverifiedTLSRefusal(_ urlRequest: URLRequest) -> RequestError? {
        #if canImport(FoundationNetworking)
        guard !request.configuration.verifiesTLSCertificates, urlRequest.url?.scheme?.lowercased() == "https" else { return nil }
        return .urlError(request: request, error: URLError(.secureConnectionFailed, detail:
            "verifyTLS is false, but FoundationNetworking on Linux cannot turn certificate verification off; use a trusted certificate or http://"))
        #else
        return nil
        #endif
    }

    private func placeholderTask() -> URLSessionDataTask {
        // The completion-handler API promises a task; one for an unroutable URL that is never resumed stands in.
        let url = URL(string: "http://127.0.0.1:9/") ?? URL(fileURLWithPath: "/")
        return session.dataTask(with: url)
    }
}
