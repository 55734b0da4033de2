/// Quotes words for a POSIX shell (sh, bash, zsh), so a printed command can be pasted as it is.
public enum ShellQuote {
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")

    /// `word` unchanged when it has only characters no shell treats specially, else in single quotes, where nothing
    /// is special except the quote itself (written `'\''`: close, escaped quote, reopen).
    public static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
