import ExplorerCore
import Foundation

/// One change to a collection's environments, as the explorer's environment editor makes it; `EnvironmentFile`
/// writes it into `collection.yaml` (and a secret value into `secrets.local.yaml`).
public enum EnvironmentChange: Sendable, Equatable {
    /// A new environment with its base URL.
    case add(name: String, baseURL: String)
    /// The environment `environment` renamed to `name`; its secrets follow it.
    case rename(environment: String, to: String)
    /// The environment removed from the collection file (its entries in the secrets file stay).
    case delete(environment: String)
    /// A key of the environment (`baseURL`, `default`, `verifyTLS`, `proxy`, TLS files) set to `value`, or removed
    /// when nil.
    case setField(environment: String, key: String, value: String?)
    /// A variable added (`replacing` nil) or changed (`replacing` its old name); a secret one's value is written to
    /// `secrets.local.yaml`, never to the collection file.
    case setVariable(environment: String, replacing: String?, Variable)
    /// A variable removed, with its secret value.
    case deleteVariable(environment: String, name: String)

    /// The keys of an environment the editor sets as text, in the order the editor lists them.
    public static let textFields = ["baseURL", "proxy", "caCertificates", "clientCertificate", "clientKey", "clientKeyPassphrase"]
    /// The keys of an environment that are true or false.
    public static let flagFields = ["default", "verifyTLS"]

    /// The environment the change is made in (for a new one, its name).
    public var environment: String {
        switch self {
        case let .add(name, _): name
        case let .rename(environment, _), let .delete(environment), let .setField(environment, _, _),
             let .setVariable(environment, _, _), let .deleteVariable(environment, _): environment
        }
    }

    /// Why the change cannot be made to `collection`, as a sentence, or nil when it can: the same rules the loader
    /// applies, checked before anything is written so a bad value never reaches the file.
    public func problem(in collection: CollectionSpec) -> String? {
        func nameProblem(_ name: String, except: String?) -> String? {
            if name.isEmpty { return "An environment needs a name." }
            if name.contains(where: { $0.isNewline }) { return "An environment name is one line." }
            if let other = collection.environment(named: name), other.name.caseInsensitiveCompare(except ?? "") != .orderedSame {
                return "\(collection.name) already has an environment named '\(other.name)'."
            }
            return nil
        }
        func existing(_ name: String) -> EnvironmentSpec? { collection.environment(named: name) }
        switch self {
        case let .add(name, baseURL):
            return nameProblem(name, except: nil) ?? EnvironmentChange.baseURLProblem(baseURL)
        case let .rename(environment, name):
            guard existing(environment) != nil else { return "There is no environment '\(environment)'." }
            return nameProblem(name, except: environment)
        case let .delete(environment):
            return existing(environment) == nil ? "There is no environment '\(environment)'." : nil
        case let .setField(environment, key, value):
            guard existing(environment) != nil else { return "There is no environment '\(environment)'." }
            guard EnvironmentChange.textFields.contains(key) || EnvironmentChange.flagFields.contains(key) else { return "'\(key)' is not a key of an environment." }
            if key == "baseURL" { return value.map(EnvironmentChange.baseURLProblem) ?? "An environment needs a baseURL." }
            if key == "proxy", let value, value != ProxyChoice.direct, !value.contains("{{") {
                do throws(URLError) { _ = try ProxyChoice.parse(value, source: "proxy") } catch {
                    return "'\(value)' is not an http:// proxy URL with a host (like http://proxy.example:3128) or direct."
                }
            }
            if EnvironmentChange.flagFields.contains(key), let value, value != "true", value != "false" { return "\(key) is true or false." }
            return nil
        case let .setVariable(environment, replacing, variable):
            guard let env = existing(environment) else { return "There is no environment '\(environment)'." }
            guard VariableResolver.isValidName(variable.name) else {
                return "'\(variable.name)' is not a valid variable name (letters, digits, '_', '-', '.')."
            }
            if variable.name != replacing, env.variables.contains(where: { $0.name == variable.name }) {
                return "\(environment) already has a variable named '\(variable.name)'."
            }
            return nil
        case let .deleteVariable(environment, name):
            return existing(environment)?.variables.contains(where: { $0.name == name }) == true ? nil : "There is no variable '\(name)' in \(environment)."
        }
    }

    /// Why `baseURL` cannot be an environment's base URL, or nil: http(s), or ws(s) for an API of WebSockets only.
    static func baseURLProblem(_ baseURL: String) -> String? {
        guard baseURL != EnvironmentSpec.builtInDemo, !baseURL.contains("{{") else { return nil }
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https", "ws", "wss", "grpc", "grpcs"].contains(scheme),
              url.host != nil else {
            return "'\(baseURL)' is not \(baseURLKinds)."
        }
        return nil
    }

    /// What a base URL may be, for messages.
    static let baseURLKinds = "an http://, https://, ws://, wss://, grpc:// or grpcs:// URL (or \(EnvironmentSpec.builtInDemo))"
}
