import ExplorerCore
import ExplorerWorkspace

/// The environment editor overlay: a collection's environments one at a time (name, base URL, default, TLS and proxy
/// keys, variables), edited in place. Each change is written at once (`ModalReply.changeEnvironment`), surgically,
/// like a tree change; the editor shows the collection as read back.
public struct EnvironmentEditor: Sendable, Equatable {
    /// The keys of an environment the editor lists after its name, in order; variables follow them.
    public static let fieldKeys = ["baseURL", "default", "verifyTLS", "proxy", "caCertificates", "clientCertificate", "clientKey", "clientKeyPassphrase"]

    /// The name of the environment shown, or nil for the first (or when the collection has none).
    public var environment: String?
    /// The selected row: 0 the name, then `fieldKeys`, then the variables.
    public var row = 0
    /// The fields being typed in, if any.
    public var prompt: EnvironmentPrompt?
    /// True while asking whether to delete the environment shown.
    public var confirmingDelete = false

    /// Creates an editor showing `environment`.
    public init(environment: String? = nil) {
        self.environment = environment
    }

    /// The environment shown of `collection`: the one named, else the first.
    public func shown(in collection: CollectionSpec?) -> EnvironmentSpec? {
        guard let collection else { return nil }
        return environment.flatMap { collection.environment(named: $0) } ?? collection.environments.first
    }

    /// How many rows the environment shown has.
    func rowCount(of environment: EnvironmentSpec?) -> Int {
        environment.map { 1 + EnvironmentEditor.fieldKeys.count + $0.variables.count } ?? 0
    }

    /// The variable on the selected row, if the row is a variable's.
    func selectedVariable(of environment: EnvironmentSpec?) -> Variable? {
        let index = row - 1 - EnvironmentEditor.fieldKeys.count
        guard let environment, environment.variables.indices.contains(index) else { return nil }
        return environment.variables[index]
    }

    /// The key on the selected row, when it is one of `fieldKeys`.
    var selectedKey: String? {
        EnvironmentEditor.fieldKeys.indices.contains(row - 1) ? EnvironmentEditor.fieldKeys[row - 1] : nil
    }

    /// The value of `key` in `environment` as text, or nil when the file does not set it.
    static func value(of key: String, in environment: EnvironmentSpec) -> String? {
        switch key {
        case "baseURL": environment.baseURL
        case "default": environment.isDefault ? "true" : "false"
        case "verifyTLS": environment.verifyTLS ? "true" : "false"
        case "proxy": environment.proxy
        case "caCertificates": environment.caCertificates
        case "clientCertificate": environment.clientCertificate
        case "clientKey": environment.clientKey
        case "clientKeyPassphrase": environment.clientKeyPassphrase
        default: nil
        }
    }
}
