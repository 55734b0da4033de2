@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Environments edited in the explorer, written surgically into collection.yaml")
struct EnvironmentFileTests {
    /// A collection file with comments, an unknown key and a compact list, which every edit must leave alone.
    private let manifest = """
    # The shop API.
    name: Shop
    environments:
      # Where developers run it.
      - name: local   # the default
        default: true
        baseURL: http://127.0.0.1:8080
        variables:
          - name: user
            value: ada
          - name: token
            secret: true
        x-note: kept
      - name: staging
        baseURL: https://staging.example.com
    checks:
      - status: 200

    """

    private func collection(_ text: String? = nil, secrets: String? = nil) throws -> (TempCollections, String) {
        let temp = try TempCollections()
        try temp.write("Shop/collection.yaml", text ?? manifest)
        if let secrets { try temp.write("Shop/secrets.local.yaml", secrets) }
        return (temp, temp.path("Shop"))
    }

    private func file(_ temp: TempCollections, _ name: String = "collection.yaml") throws -> String {
        try String(contentsOfFile: temp.path("Shop/\(name)"), encoding: .utf8)
    }

    @Test func addingAnEnvironmentAppendsOneItemAndTheLoaderReadsIt() throws {
        let (temp, directory) = try collection()
        try EnvironmentFile.apply(.add(name: "prod", baseURL: "https://api.example.com"), inCollection: directory, original: nil)
        #expect(try file(temp) == manifest.replacingOccurrences(of: "    baseURL: https://staging.example.com\n",
                                                                 with: "    baseURL: https://staging.example.com\n  - name: prod\n    baseURL: \"https://api.example.com\"\n"))
        let loaded = temp.load()
        // Only the warning about the unknown key the file already had, which the edit kept.
        #expect(loaded.problems.map(\.message) == ["unknown key 'x-note' in an environment; expected one of: name, baseURL, default, variables, verifyTLS, caCertificates, clientCertificate, clientKey, clientKeyPassphrase, proxy, keepSessionCookies, protected"])
        #expect(loaded.collection(named: "Shop")?.environment(named: "prod")?.baseURL == "https://api.example.com")
    }

    @Test func theFirstEnvironmentOfACollectionWithoutAnyGoesBeforeChecks() throws {
        let (temp, directory) = try collection("name: Shop\n# checks for all\nchecks:\n  - status: 200\n")
        try EnvironmentFile.apply(.add(name: "local", baseURL: "builtin:demo"), inCollection: directory, original: nil)
        #expect(try file(temp) == "name: Shop\nenvironments:\n  - name: local\n    baseURL: \"builtin:demo\"\n# checks for all\nchecks:\n  - status: 200\n")
        #expect(temp.load().collection(named: "Shop")?.environment(named: "local")?.usesBuiltInDemo == true)
    }

    @Test func renamingChangesOnlyTheNameKeepingTheCommentAndMovesTheSecrets() throws {
        let (temp, directory) = try collection(secrets: "# never commit\nlocal:\n  token: t0p\n")
        try EnvironmentFile.apply(.rename(environment: "local", to: "dev"), inCollection: directory, original: nil)
        #expect(try file(temp) == manifest.replacingOccurrences(of: "  - name: local   # the default", with: "  - name: dev"))
        #expect(try file(temp, "secrets.local.yaml") == "# never commit\ndev:\n  token: t0p\n")
        #expect(temp.load().collection(named: "Shop")?.environment(named: "dev")?.variables.first { $0.name == "token" }?.value == "t0p")
    }

    @Test func deletingAnEnvironmentRemovesItsItemOnly() throws {
        let (temp, directory) = try collection()
        try EnvironmentFile.apply(.delete(environment: "staging"), inCollection: directory, original: nil)
        #expect(try file(temp) == manifest.replacingOccurrences(of: "  - name: staging\n    baseURL: https://staging.example.com\n", with: ""))
        try EnvironmentFile.apply(.delete(environment: "local"), inCollection: directory, original: nil)
        #expect(try file(temp) == "# The shop API.\nname: Shop\nchecks:\n  - status: 200\n")
    }

    @Test func fieldsAreSetAddedAndRemovedInPlace() throws {
        let (temp, directory) = try collection()
        try EnvironmentFile.apply(.setField(environment: "local", key: "baseURL", value: "http://127.0.0.1:9090"), inCollection: directory, original: nil)
        try EnvironmentFile.apply(.setField(environment: "staging", key: "verifyTLS", value: "false"), inCollection: directory, original: nil)
        try EnvironmentFile.apply(.setField(environment: "staging", key: "proxy", value: "http://proxy.example:3128"), inCollection: directory, original: nil)
        try EnvironmentFile.apply(.setField(environment: "local", key: "default", value: nil), inCollection: directory, original: nil)
        #expect(try file(temp) == manifest
            .replacingOccurrences(of: "    default: true\n    baseURL: http://127.0.0.1:8080", with: "    baseURL: \"http://127.0.0.1:9090\"")
            .replacingOccurrences(of: "    baseURL: https://staging.example.com\n",
                                  with: "    baseURL: https://staging.example.com\n    verifyTLS: false\n    proxy: \"http://proxy.example:3128\"\n"))
        let staging = try #require(temp.load().collection(named: "Shop")?.environment(named: "staging"))
        #expect(!staging.verifyTLS && staging.proxy == "http://proxy.example:3128")
    }

    @Test func aSecretVariableGoesToTheSecretsFileNeverToTheCollectionFile() throws {
        let (temp, directory) = try collection()
        try EnvironmentFile.apply(.setVariable(environment: "staging", replacing: nil, Variable(name: "apiKey", value: "k3y-s3cr3t", secret: true)),
                                  inCollection: directory, original: nil)
        #expect(!(try file(temp)).contains("k3y-s3cr3t"))
        #expect(try file(temp).contains("    baseURL: https://staging.example.com\n    variables:\n      - name: apiKey\n        secret: true\n"))
        #expect(try file(temp, "secrets.local.yaml") == "staging:\n  apiKey: k3y-s3cr3t\n")
        // Made plain again, the value moves into the collection file and out of the secrets file.
        try EnvironmentFile.apply(.setVariable(environment: "local", replacing: "user", Variable(name: "login", value: "grace", secret: true)),
                                  inCollection: directory, original: nil)
        #expect(try file(temp).contains("      - name: login\n        secret: true\n      - name: token"))
        try EnvironmentFile.apply(.setVariable(environment: "local", replacing: "login", Variable(name: "login", value: "grace")),
                                  inCollection: directory, original: nil)
        #expect(try file(temp).contains("      - name: login\n        value: grace\n      - name: token"))
        #expect(try file(temp, "secrets.local.yaml") == "staging:\n  apiKey: k3y-s3cr3t\n")
        let local = try #require(temp.load().collection(named: "Shop")?.environment(named: "local"))
        #expect(local.variables.map(\.name) == ["login", "token"])
    }

    @Test func deletingAVariableRemovesItsItemAndItsSecret() throws {
        let (temp, directory) = try collection(secrets: "local:\n  token: t0p\n")
        try EnvironmentFile.apply(.deleteVariable(environment: "local", name: "token"), inCollection: directory, original: nil)
        try EnvironmentFile.apply(.deleteVariable(environment: "local", name: "user"), inCollection: directory, original: nil)
        #expect(try file(temp) == manifest.replacingOccurrences(
            of: "    variables:\n      - name: user\n        value: ada\n      - name: token\n        secret: true\n", with: ""))
        #expect(try file(temp, "secrets.local.yaml") == "")
        #expect(temp.load().collection(named: "Shop")?.environment(named: "local")?.variables.isEmpty == true)
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() throws {
        let (temp, directory) = try collection()
        let loaded = Data(manifest.utf8)
        try temp.write("Shop/collection.yaml", manifest + "# edited elsewhere\n")
        #expect(throws: SaveError.conflict(path: temp.path("Shop/collection.yaml"))) {
            try EnvironmentFile.apply(.add(name: "prod", baseURL: "https://api.example.com"), inCollection: directory, original: loaded)
        }
        #expect(try file(temp) == manifest + "# edited elsewhere\n")
    }

    @Test func badValuesAreRefusedBeforeWritingWithTheReason() throws {
        let (temp, _) = try collection()
        let shop = try #require(temp.load().collection(named: "Shop"))
        #expect(EnvironmentChange.add(name: "Staging", baseURL: "https://x.example").problem(in: shop) == "Shop already has an environment named 'staging'.")
        #expect(EnvironmentChange.add(name: "prod", baseURL: "ftp://x").problem(in: shop)?.contains("not an http://, https://, ws://, wss://, grpc:// or grpcs:// URL") == true)
        #expect(EnvironmentChange.setVariable(environment: "local", replacing: nil, Variable(name: "a b", value: "")).problem(in: shop)?
            .contains("not a valid variable name") == true)
        #expect(EnvironmentChange.setField(environment: "local", key: "proxy", value: "https://proxy.example:3128").problem(in: shop)?.contains("proxy URL") == true)
        #expect(EnvironmentChange.rename(environment: "local", to: "dev").problem(in: shop) == nil)
    }
}
