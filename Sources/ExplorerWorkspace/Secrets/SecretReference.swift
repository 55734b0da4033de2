/// A secret variable's value that names where the secret lives instead of holding it: `op://vault/item/field`
/// (1Password), `pass:NAME` (pass), `keyring:SERVICE/ACCOUNT` (the system keyring) or `env:NAME` (the process
/// environment).
public struct SecretReference: Sendable, Hashable, CustomStringConvertible {
    /// Where the secret is kept.
    public enum Kind: Sendable, Hashable {
        /// 1Password, read with `op read`.
        case onePassword
        /// pass, read with `pass show`.
        case pass(name: String)
        /// The system keyring, read with `secret-tool lookup` (Linux) or `security find-generic-password` (macOS).
        case keyring(service: String, account: String)
        /// A process environment variable.
        case environment(name: String)
    }

    /// Where the secret is kept.
    public var kind: Kind
    /// The reference as written.
    public var text: String

    /// The reference `value` spells, nil when it is a plain value; `keyring:` without `SERVICE/ACCOUNT` and a prefix
    /// with nothing after it are errors rather than values sent as they are.
    public static func parse(_ value: String) throws(SecretReadError) -> SecretReference? {
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
        func rest(after prefix: String, expected: String) throws(SecretReadError) -> String? {
            guard text.hasPrefix(prefix) else { return nil }
            let rest = String(text.dropFirst(prefix.count))
            guard !rest.isEmpty else { throw .malformed(text, expected: expected) }
            return rest
        }
        if try rest(after: "op://", expected: "op://VAULT/ITEM/FIELD") != nil {
            return SecretReference(kind: .onePassword, text: text)
        }
        if let name = try rest(after: "pass:", expected: "pass:NAME") {
            return SecretReference(kind: .pass(name: name), text: text)
        }
        if let path = try rest(after: "keyring:", expected: "keyring:SERVICE/ACCOUNT") {
            guard let slash = path.firstIndex(of: "/"), slash != path.startIndex, path.index(after: slash) != path.endIndex else {
                throw .malformed(text, expected: "keyring:SERVICE/ACCOUNT")
            }
            return SecretReference(kind: .keyring(service: String(path[..<slash]), account: String(path[path.index(after: slash)...])), text: text)
        }
        if let name = try rest(after: "env:", expected: "env:NAME") {
            return SecretReference(kind: .environment(name: name), text: text)
        }
        return nil
    }

    /// What reading the secret reaches outside the collection, for the trust it needs.
    public var outsideRead: OutsideRead {
        if case let .environment(name) = kind { return OutsideRead(.environment, name) }
        return OutsideRead(.secretStore, text)
    }

    /// The program that reads the secret and its arguments; nil for an environment variable.
    public var command: (tool: String, arguments: [String])? {
        switch kind {
        case .onePassword: return ("op", ["read", text])
        case let .pass(name): return ("pass", ["show", name])
        case let .keyring(service, account):
            #if os(macOS)
            return ("security", ["find-generic-password", "-s", service, "-a", account, "-w"])
            #else
            return ("secret-tool", ["lookup", "service", service, "account", account])
            #endif
        case .environment: return nil
        }
    }

    /// Where the secret is kept, in words (`1Password`).
    public var source: String {
        switch kind {
        case .onePassword: return "1Password"
        case .pass: return "pass"
        case .keyring: return "the keyring"
        case .environment: return "the environment"
        }
    }

    /// The reference as written.
    public var description: String { text }
}
