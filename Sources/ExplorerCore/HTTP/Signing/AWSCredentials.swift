/// What AWS Signature Version 4 signs with: the key pair, an optional session token, and the scope (region, service).
public struct AWSCredentials: Sendable, Hashable {
    /// The access key ID (`AKIA…`); it is sent in the Authorization header.
    public var accessKey: String
    /// The secret access key; it never leaves the machine, only signatures made with it do.
    public var secretKey: String
    /// A temporary session token, sent as `X-Amz-Security-Token`; `nil` or empty for none.
    public var sessionToken: String?
    /// The region, such as `us-east-1`.
    public var region: String
    /// The service's signing name, such as `execute-api`, `s3` or `lambda`.
    public var service: String

    /// Creates credentials for one region and service.
    public init(accessKey: String, secretKey: String, sessionToken: String? = nil, region: String, service: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
    }
}
