import ExplorerCore

/// One thing a collection reads or runs outside its own directory: a shell command, a file elsewhere, a process
/// environment variable or a secret store. Each needs the user's trust before it is read or run.
public struct OutsideRead: Sendable, Hashable, CustomStringConvertible {
    /// What kind of thing is read or run.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `{{$command …}}`: a shell command runs.
        case command
        /// `{{$file …}}` or a body file whose real path leaves the collection's directory.
        case file
        /// `{{$env.NAME}}`, `fromEnv: NAME` or a secret `env:NAME`: a process environment variable is read.
        case environment
        /// A secret reference (`pass:`, `op://`, `keyring:`): a password manager's program runs.
        case secretStore
    }

    /// What kind of thing is read or run.
    public var kind: Kind
    /// The command as written, the file's real path, the variable's name or the reference as written.
    public var value: String

    /// Creates an item.
    public init(_ kind: Kind, _ value: String) {
        self.kind = kind
        self.value = value
    }

    /// `runs the shell command date`, with the value made safe to print on a terminal.
    public var description: String {
        let shown = TerminalSafeText.sanitize(value, allowTab: false)
        switch kind {
        case .command: return "runs the shell command: \(shown)"
        case .file: return "reads the file \(shown)"
        case .environment: return "reads the environment variable \(shown)"
        case .secretStore: return "reads the secret \(shown)"
        }
    }

    /// The line the fingerprint is made of.
    var fingerprintLine: String { kind.rawValue + "\u{0}" + value }
}
