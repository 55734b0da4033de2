/// Making test certificates with `openssl` failed.
public struct TestCertificatesError: Error, CustomStringConvertible {
    /// What failed and what openssl said.
    public let message: String

    /// The message.
    public var description: String { message }
}
