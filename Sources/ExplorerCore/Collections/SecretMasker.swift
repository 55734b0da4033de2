/// Replaces secret values with `••••••` in text that is about to be shown or logged.
public struct SecretMasker: Sendable {
    /// The mask shown instead of a secret.
    public static let mask = "••••••"
    /// Values to hide, longest first so a secret containing another is hidden whole.
    public let secrets: [String]

    /// Creates a masker; values shorter than 3 characters are ignored, since masking them would garble ordinary text.
    public init(secrets: [String]) {
        self.secrets = Array(Set(secrets.filter { $0.count >= 3 })).sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced.
    public func mask(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: SecretMasker.mask) }
    }
}
