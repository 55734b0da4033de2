/// A named set of variables, including the base URL, that a collection's requests are sent with.
public struct EnvironmentSpec: Sendable, Equatable {
    /// The base URL value that starts the built-in demo API in-process instead of naming a server.
    public static let builtInDemo = "builtin:demo"

    /// The name (`local`, `staging`).
    public var name: String
    /// The base URL requests resolve against, or `builtin:demo`.
    public var baseURL: String
    /// True for the environment used when none is chosen.
    public var isDefault: Bool
    /// The environment's variables.
    public var variables: [Variable]
    /// False when TLS certificates are not verified for requests in this environment (`verifyTLS: false`).
    public var verifyTLS: Bool
    /// A PEM file of CA certificates to trust besides the system's (`caCertificates:`), relative to the collection.
    public var caCertificates: String?
    /// A PEM client certificate to present (`clientCertificate:`), relative to the collection.
    public var clientCertificate: String?
    /// The PEM key of `clientCertificate` (`clientKey:`), relative to the collection.
    public var clientKey: String?
    /// The passphrase of an encrypted `clientKey`, usually `{{secret}}` from the secrets file (`clientKeyPassphrase:`).
    public var clientKeyPassphrase: String?
    /// The HTTP proxy for this environment (`proxy: http://host:port`, or `direct`); `nil` follows HTTP(S)_PROXY.
    public var proxy: String?
    /// `keepSessionCookies:` for this environment, winning over the collection's; `nil` follows the collection.
    public var keepSessionCookies: Bool?
    /// True when an agent must not send here unless allowed (`protected: true`): `apiexplorer mcp` refuses it
    /// without `--allow-protected`; the explorer and the other commands send as usual.
    public var isProtected = false

    /// Creates an environment.
    public init(name: String, baseURL: String, isDefault: Bool = false, variables: [Variable] = [], verifyTLS: Bool = true,
                caCertificates: String? = nil, clientCertificate: String? = nil, clientKey: String? = nil,
                clientKeyPassphrase: String? = nil, proxy: String? = nil) {
        self.proxy = proxy
        self.caCertificates = caCertificates
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
        self.clientKeyPassphrase = clientKeyPassphrase
        self.name = name
        self.baseURL = baseURL
        self.isDefault = isDefault
        self.variables = variables
        self.verifyTLS = verifyTLS
    }

    /// True when requests in this environment go to the built-in demo API.
    public var usesBuiltInDemo: Bool { baseURL == EnvironmentSpec.builtInDemo }
}
