import Foundation

/// Splits text into literal runs and `{{name}}` templates, the one reading of template syntax that both resolving and
/// the trust scan use, so a spelling the resolver takes (`{{ $command …}}`, a name over two lines) is never missed by
/// the scan: `\{{` is a literal `{{`, an unclosed `{{` is literal text, and a name is trimmed of spaces and tabs.
public enum TemplateScanner {
    /// One piece of scanned text.
    public enum Piece: Sendable, Equatable {
        /// Text that stays as it is.
        case literal(Substring)
        /// A `{{name}}` template, its name trimmed.
        case template(String)
    }

    /// The pieces of `text` in order.
    public static func pieces(of text: String) -> [Piece] {
        guard text.contains("{{") else { return [.literal(Substring(text))] }
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            if before.hasSuffix("\\") {
                pieces.append(.literal(before.dropLast()))
                pieces.append(.literal("{{"))
                rest = rest[open.upperBound...]
                continue
            }
            pieces.append(.literal(before))
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                pieces.append(.literal(rest[open.lowerBound...]))
                return pieces
            }
            pieces.append(.template(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)))
            rest = rest[close.upperBound...]
        }
        pieces.append(.literal(rest))
        return pieces
    }

    /// The template names in `text`, in order.
    public static func names(in text: String) -> [String] {
        pieces(of: text).compactMap { if case let .template(name) = $0 { name } else { nil } }
    }

    /// The argument of a built-in that takes one (`$file`, `$prompt`, `$command`), nil when `name` is not that
    /// built-in or has no argument.
    public static func argument(of keyword: String, in name: String) -> String? {
        guard name.hasPrefix(keyword + " ") else { return nil }
        let rest = name.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }

    /// The process environment variable `{{$env.NAME}}` (or `$processEnv.NAME`) reads, nil for any other name.
    public static func environmentName(in name: String) -> String? {
        guard name.hasPrefix("$env.") || name.hasPrefix("$processEnv.") else { return nil }
        return String(name.drop(while: { $0 != "." }).dropFirst())
    }
}
