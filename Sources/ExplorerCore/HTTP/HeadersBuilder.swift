import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds `HTTPHeaders` from a list of `Header` values, with `if`, `for` and optionals allowed.
@resultBuilder
public enum HeadersBuilder {
    /// One header.
    public static func buildExpression(_ header: Header) -> [Header] { [header] }
    /// An optional header that is left out when `nil`.
    public static func buildExpression(_ header: Header?) -> [Header] { header.map { [$0] } ?? [] }
    /// A list of headers.
    public static func buildExpression(_ headers: [Header]) -> [Header] { headers }
    /// Existing headers.
    public static func buildExpression(_ headers: HTTPHeaders) -> [Header] { headers.fields }
    /// A statement with no value (logging, counting), which adds no header.
    public static func buildExpression(_: Void) -> [Header] { [] }
    /// Joins the statements of a block.
    public static func buildBlock(_ parts: [Header]...) -> [Header] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Header]?) -> [Header] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [Header]) -> [Header] { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [Header]) -> [Header] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Header]]) -> [Header] { parts.flatMap { $0 } }
    /// The finished headers.
    public static func buildFinalResult(_ parts: [Header]) -> HTTPHeaders { HTTPHeaders(parts) }
}
