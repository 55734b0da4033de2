import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how often a failed attempt is tried again: exponential back-off with a cap, honouring `Retry-After`.
public struct RetryPolicy: Sendable {
    /// How many times a request may be retried after the first attempt.
    public var maxRetries: Int
    /// The delay before the first retry, in seconds.
    public var initialDelay: TimeInterval
    /// How much the delay grows after each retry.
    public var multiplier: Double
    /// The longest delay between attempts, in seconds.
    public var maxDelay: TimeInterval
    /// Statuses that are retried (429 and 503 by default).
    public var retryableStatusCodes: Set<Int>
    /// Transport errors that are retried: connection failures and time-outs by default.
    public var retryableURLErrorCodes: Set<URLError.Code>
    /// Methods that may be retried; by default the idempotent ones, so a POST is never sent twice by surprise.
    public var retryableMethods: Set<HTTPMethod>
    /// Whether a `Retry-After` header sets the delay (capped by `maxRetryAfter`).
    public var honorsRetryAfter: Bool
    /// The longest `Retry-After` honoured, in seconds.
    public var maxRetryAfter: TimeInterval

    /// Creates a policy.
    public init(
        maxRetries: Int = 3,
        initialDelay: TimeInterval = 0.5,
        multiplier: Double = 2,
        maxDelay: TimeInterval = 30,
        retryableStatusCodes: Set<Int> = [429, 503],
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes,
        retryableMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, .trace],
        honorsRetryAfter: Bool = true,
        maxRetryAfter: TimeInterval = 120
    ) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
        self.retryableMethods = retryableMethods
        self.honorsRetryAfter = honorsRetryAfter
        self.maxRetryAfter = maxRetryAfter
    }

    /// Connection failures and time-outs: the errors where trying again can help.
    public static let defaultRetryableURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet,
        .cannotFindHost, .dnsLookupFailed,
    ]

    /// The default policy: 3 retries, 0.5 s doubling to at most 30 s.
    public static let `default` = RetryPolicy()

    /// The back-off before retry number `retry` (1 for the first retry), before any `Retry-After`.
    public func backoff(beforeRetry retry: Int) -> TimeInterval {
        let exponent = Double(max(0, retry - 1))
        return min(maxDelay, initialDelay * pow(multiplier, exponent))
    }

    /// The delay before retry number `retry`, using the response's `Retry-After` when there is one and it is honoured.
    public func delay(beforeRetry retry: Int, retryAfter: String?, now: Date = Date()) -> TimeInterval {
        if honorsRetryAfter, let retryAfter, let seconds = RetryPolicy.parseRetryAfter(retryAfter, now: now) {
            return min(maxRetryAfter, max(0, seconds))
        }
        return backoff(beforeRetry: retry)
    }

    /// Reads a `Retry-After` value: delta-seconds or an HTTP date.
    public static func parseRetryAfter(_ value: String, now: Date = Date()) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        if let date = formatter.date(from: trimmed) { return date.timeIntervalSince(now) }
        return nil
    }
}
