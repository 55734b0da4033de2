import Foundation
import Testing
import TestSupport

/// Importers keep secret values out of the files git tracks: a Postman variable of type `secret` and an Insomnia
/// private base environment go to `secrets.local.yaml` (0600), marked `secret: true` where they are declared, and
/// still resolve when sent.
@Suite("Imported secrets stay in secrets.local.yaml", .serialized)
struct ImportedSecretsCLITests {
    static let postmanSecret = "pm-secret-VALUE-3x"
    static let insomniaSecret = "ins-base-SECRET-5q"

    static func postman(_ base: String) -> String {
        """
        {"info": {"name": "Vault", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "variable": [{"key": "baseUrl", "value": "\(base)"}, {"key": "apiKey", "value": "\(postmanSecret)", "type": "secret"}],
         "item": [{"name": "Echo", "request": {"method": "GET", "header": [{"key": "X-Key", "value": "{{apiKey}}"}],
                   "url": "{{baseUrl}}/echo/postman"}}]}
        """
    }

    static func insomnia(_ base: String, subEnvironment: Bool) -> String {
        let sub = subEnvironment
            ? #", {"_id": "env_l", "parentId": "env_b", "name": "Local", "data": {"other": "1"}, "_type": "environment"}"# : ""
        return """
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "parentId": null, "name": "Private Base", "_type": "workspace"},
          {"_id": "req_1", "parentId": "wrk_1", "name": "Echo", "method": "GET", "url": "{{ _.base_url }}/echo/insomnia",
           "headers": [{"name": "X-Key", "value": "{{ _.api_key }}"}], "_type": "request"},
          {"_id": "env_b", "parentId": "wrk_1", "name": "Base Environment", "isPrivate": true,
           "data": {"base_url": "\(base)", "api_key": "\(insomniaSecret)"}, "_type": "environment"}\(sub)
        ]}
        """
    }

    /// Every file under `directory` but `secrets.local.yaml`, as one blob of bytes, and the secrets file's text and mode.
    func files(in directory: String) throws -> (others: Data, secrets: String, mode: Int) {
        var others = Data()
        let names = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []
        #expect(names.contains("collection.yaml"), "\(names)")
        for name in names where name != "secrets.local.yaml" {
            others += FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
        }
        let path = directory + "/secrets.local.yaml"
        let secrets = try String(contentsOfFile: path, encoding: .utf8)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        return (others, secrets, mode)
    }

    /// The value of `X-Key` the echo server received, shown with `--show-secrets`.
    func sentKey(_ reference: String, collections: String) async throws -> String? {
        let sent = try await CLIRunner.run(["send", reference, "--collections", collections, "--print", "b", "--pretty", "none",
                                            "--show-secrets", "--no-history"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any]
        let headers = json?["headers"] as? [[String: String]] ?? []
        return headers.first { $0["name"]?.lowercased() == "x-key" }?["value"]
    }

    /// Imports `source` (written as `file`) with `kind` and checks that `secret`, declared as `variable`, is only in
    /// the collection's `secrets.local.yaml` (owner-only) and is what `reference` sends.
    func expectImportKeepsSecret(kind: String, file: String, source: String, slug: String, variable: String, secret: String,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let temp = try TempDirectory()
        try temp.write(file, source)
        let imported = try await CLIRunner.run(["import", kind, temp.path + "/" + file, "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)", sourceLocation: sourceLocation)
        #expect(!imported.stdout.contains(secret), sourceLocation: sourceLocation)
        let written = try files(in: temp.path + "/cols/" + slug)
        #expect(written.others.range(of: Data(secret.utf8)) == nil, "a tracked file holds the secret", sourceLocation: sourceLocation)
        #expect(written.secrets.contains(secret) && written.mode & 0o077 == 0, "\(written.secrets) \(String(written.mode, radix: 8))",
                sourceLocation: sourceLocation)
        let yaml = try String(contentsOfFile: temp.path + "/cols/\(slug)/collection.yaml", encoding: .utf8)
        #expect(yaml.contains(variable) && yaml.contains("secret: true"), "\(yaml)", sourceLocation: sourceLocation)
        #expect(try await sentKey("\(slug)/echo", collections: temp.path + "/cols") == secret, sourceLocation: sourceLocation)
    }

    @Test func aPostmanSecretVariableGoesToTheSecretsFile() async throws {
        let server = try await LoopbackServer.start()
        try await expectImportKeepsSecret(kind: "postman", file: "vault.json", source: Self.postman(server.baseURL.absoluteString),
                                          slug: "vault", variable: "apiKey", secret: Self.postmanSecret)
        await server.stop()
    }

    @Test(arguments: [true, false])
    func anInsomniaPrivateBaseEnvironmentGoesToTheSecretsFile(subEnvironment: Bool) async throws {
        let server = try await LoopbackServer.start()
        try await expectImportKeepsSecret(kind: "insomnia", file: "ins.json",
                                          source: Self.insomnia(server.baseURL.absoluteString, subEnvironment: subEnvironment),
                                          slug: "private-base", variable: "api_key", secret: Self.insomniaSecret)
        await server.stop()
    }
}
