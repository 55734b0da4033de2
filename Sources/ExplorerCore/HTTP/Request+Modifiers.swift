import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    private func changed(_ change: (inout Request) -> Void) -> Request {
        var copy = self
        change(&copy)
        return copy
    }

    /// A copy with this header set, replacing any with the same name.
    public func settingHeader(_ name: String, _ value: String) -> Request { changed { $0.headers.set(name, value) } }
    /// A copy with this header added beside any with the same name.
    public func addingHeader(_ name: String, _ value: String) -> Request { changed { $0.headers.add(name, value) } }
    /// A copy without any header of this name.
    public func removingHeader(_ name: String) -> Request { changed { $0.headers.remove(name) } }
    /// A copy with these headers merged in (same names replaced).
    public func settingHeaders(@HeadersBuilder _ headers: () -> HTTPHeaders) -> Request {
        let extra = headers()
        return changed { $0.headers = $0.headers.merging(extra) }
    }

    /// A copy with a query parameter added; `nil` is left out and an array repeats the name.
    public func addingQuery(_ name: String, _ value: some QueryValue) -> Request {
        changed { request in
            for string in value.queryStrings { request.queryItems.append(URLQueryItem(name: name, value: string)) }
        }
    }
    /// A copy where the parameter replaces any earlier one of the same name.
    public func settingQuery(_ name: String, _ value: some QueryValue) -> Request {
        changed { $0.queryItems.removeAll { $0.name == name } }.addingQuery(name, value)
    }
    /// A copy without the named query parameter.
    public func removingQuery(_ name: String) -> Request { changed { $0.queryItems.removeAll { $0.name == name } } }

    /// A copy with path components appended (`"users", "42"`); each is percent-encoded on its own.
    public func appendingPath(_ components: String...) -> Request { changed { $0.pathComponents += components } }

    /// A copy with this body; its content type is used unless a `Content-Type` header is set.
    public func withBody(_ body: RequestBody?) -> Request { changed { $0.body = body } }
    /// A copy with these credentials.
    public func withAuthentication(_ authentication: Authentication?) -> Request { changed { $0.authentication = authentication } }
    /// A copy with this method.
    public func withMethod(_ method: HTTPMethod) -> Request { changed { $0.httpMethod = method } }
    /// A copy with a different configuration.
    public func withConfiguration(_ configuration: Configuration) -> Request { changed { $0.configuration = configuration } }
    /// A copy with the configuration changed in place.
    public func configured(_ change: (inout Configuration) -> Void) -> Request { changed { change(&$0.configuration) } }
    /// A copy that retries with this policy.
    public func retrying(_ policy: RetryPolicy = .default) -> Request { changed { $0.configuration.retryPolicy = policy } }
    /// A copy that must finish, retries included, within `seconds`.
    public func withDeadline(_ seconds: TimeInterval?) -> Request { changed { $0.configuration.deadline = seconds } }
    /// A copy that answers with `fallback` when every attempt fails.
    public func withFallback(_ fallback: FallbackResponse?) -> Request { changed { $0.fallback = fallback } }
    /// A copy with one more validator.
    public func validating(_ validator: ResponseValidator) -> Request { changed { $0.configuration.validators.append(validator) } }
    /// A copy with more hooks, run after the ones it has.
    public func hooked(_ hooks: RequestHooks) -> Request { changed { $0.hooks = $0.hooks.appending(hooks) } }
    /// A copy that uses another session by default.
    public func withSession(_ session: URLSession) -> Request { changed { $0.session = session } }
}
