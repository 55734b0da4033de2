import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Types that stand for "no body", so an empty response decodes to them instead of failing.
public protocol EmptyBodyRepresentable {
    /// The value an empty body decodes to.
    static var emptyBodyValue: Self { get }
}

extension Optional: EmptyBodyRepresentable {
    /// `nil`.
    public static var emptyBodyValue: Optional<Wrapped> { nil }
}
