/// Why a secret reference could not be read; the request is not sent.
public enum SecretReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reference is misspelt (`keyring:` without an account).
    case malformed(String, expected: String)
    /// The program that reads it is not installed or not on PATH.
    case toolMissing(tool: String)
    /// The program failed; the first line of what it wrote to standard error says why (a locked vault, not signed in).
    case toolFailed(tool: String, status: Int32, message: String)
    /// The program did not answer in time.
    case timedOut(tool: String, seconds: Double)
    /// The program (or the environment variable) gave an empty value.
    case empty(source: String)
    /// The environment variable is not set.
    case environmentUnset(name: String)

    /// The reason in words, without the secret.
    public var description: String {
        switch self {
        case let .malformed(text, expected): return "'\(text)' is not a secret reference; write \(expected)"
        case let .toolMissing(tool): return "`\(tool)` is not installed or not on PATH"
        case let .toolFailed(tool, status, message):
            return "`\(tool)` failed (exit \(status))" + (message.isEmpty ? "" : ": \(message)")
        case let .timedOut(tool, seconds): return "`\(tool)` did not answer within \(Self.seconds(seconds)) s"
        case let .empty(source): return "\(source) gave an empty value"
        case let .environmentUnset(name): return "the process environment variable \(name) is not set"
        }
    }

    /// What to do about it.
    public var advice: String {
        switch self {
        case .malformed: return "Fix the value in the file named above."
        case let .toolMissing(tool): return "Install `\(tool)` or put it on PATH, or give the value in secrets.local.yaml."
        case .toolFailed: return "Unlock the vault or sign in (for 1Password: `op signin`), then send again."
        case .timedOut: return "Unlock the vault or sign in, then send again."
        case .empty: return "Check that the item exists and has a value."
        case let .environmentUnset(name): return "Set \(name) in the shell that starts apiexplorer."
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
