import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Code that runs around every attempt: header injection, will-send / did-receive / did-fail hooks, and logging.
///
/// Components pass their hooks to their children; a child's hooks run after its parent's.
public struct RequestHooks: Sendable {
    /// Headers computed at each attempt (for example a token that may have been refreshed); later injectors win.
    public var headerInjectors: [@Sendable (Request) -> HTTPHeaders]
    /// Called with the final `URLRequest` just before each attempt is sent.
    public var willSend: [@Sendable (URLRequest) -> Void]
    /// Called with every response that completes a request successfully.
    public var didReceive: [@Sendable (Request.Response) -> Void]
    /// Called with the error that fails a request.
    public var didFail: [@Sendable (RequestError) -> Void]
    /// Where requests and responses are logged (debug level); secret header values are masked.
    public var logger: Logger?
    /// Values hidden (with their encoded forms) wherever the request is logged, besides credentials found by name.
    public var maskedValues: [String] = []

    /// Creates hooks.
    public init(
        headerInjectors: [@Sendable (Request) -> HTTPHeaders] = [],
        willSend: [@Sendable (URLRequest) -> Void] = [],
        didReceive: [@Sendable (Request.Response) -> Void] = [],
        didFail: [@Sendable (RequestError) -> Void] = [],
        logger: Logger? = nil
    ) {
        self.headerInjectors = headerInjectors
        self.willSend = willSend
        self.didReceive = didReceive
        self.didFail = didFail
        self.logger = logger
    }

    /// No hooks.
    public static let none = RequestHooks()

    /// These hooks followed by `child`'s; the child's logger wins when it has one.
    public func appending(_ child: RequestHooks) -> RequestHooks {
        var joined = RequestHooks(
            headerInjectors: headerInjectors + child.headerInjectors,
            willSend: willSend + child.willSend,
            didReceive: didReceive + child.didReceive,
            didFail: didFail + child.didFail,
            logger: child.logger ?? logger
        )
        joined.maskedValues = maskedValues + child.maskedValues
        return joined
    }

    /// Hooks that only inject headers.
    public static func injecting(_ injector: @escaping @Sendable (Request) -> HTTPHeaders) -> RequestHooks {
        RequestHooks(headerInjectors: [injector])
    }
}
