import Foundation
import Testing
import TestSupport

/// `import openapi` through the built binary, then `send` of an imported request against a real loopback server.
@Suite("apiexplorer import openapi", .serialized)
struct OpenAPIImportCLITests {
    static func spec(_ base: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Echo API}
        servers:
          - url: \(base)/echo
            description: local
        security:
          - token: []
        paths:
          /pets/{petId}:
            put:
              tags: [pets]
              operationId: updatePet
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer, example: 7}}
                - {name: verbose, in: query, required: true, schema: {type: boolean}}
                - {name: X-Mode, in: header, required: true, schema: {type: string, enum: [fast, slow]}}
              requestBody:
                content:
                  application/json:
                    schema:
                      $ref: 'schemas.yaml#/Pet'
              responses:
                '200': {description: OK}
          /login:
            post:
              security:
                - oauth: []
              responses:
                '200': {description: OK}
        components:
          securitySchemes:
            token: {type: http, scheme: bearer}
            oauth:
              type: oauth2
              flows: {clientCredentials: {tokenUrl: 'https://x.test/token', scopes: {}}}
        """
    }

    static let schemas = """
        Pet:
          type: object
          required: [name]
          properties:
            name: {type: string, example: Rex}
        """

    @Test func aSpecImportsAndAnImportedRequestSends() async throws {
        let server = try await LoopbackServer.start()
        let temp = try TempDirectory()
        try temp.write("api.yaml", Self.spec(server.baseURL.absoluteString))
        try temp.write("schemas.yaml", Self.schemas)
        let imported = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 'Echo API': 2 requests in \(temp.path)/cols/echo-api\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  request echo-api/pets/update-pet\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Environments: local\n"), "\(imported.stdout)")
        #expect(!imported.stdout.contains("OAuth"), "the OAuth 2.0 scheme converts: \(imported.stdout)")

        let sent = try await CLIRunner.run(["send", "echo-api/pets/update-pet", "--collections", temp.path + "/cols", "--set", "token=tok-1",
                                            "--print", "b", "--pretty", "none", "--no-history"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains(#""method":"PUT""#) && sent.stdout.contains(#""path":"/echo/pets/7""#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#""query":[{"name":"verbose","value":"true"}]"#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#"{"name":"Authorization","value":"Bearer tok-1"}"#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#"{"name":"X-Mode","value":"fast"}"#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#""body":"{\n  \"name\": \"Rex\"\n}""#), "\(sent.stdout)")

        // Again: the collection exists (exit 2); from standard input under another name it imports.
        let again = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols"])
        #expect(again.status == 2, "\(again.stdout)\(again.stderr)")
        let piped = try await CLIRunner.run(["import", "openapi", "-", "--into", temp.path + "/cols", "--name", "Piped"],
                                            input: Self.spec(server.baseURL.absoluteString))
        #expect(piped.status == 0 && piped.stdout.hasPrefix("Imported 'Piped': 2 requests"), "\(piped.stdout)\(piped.stderr)")
        // From standard input the relative reference is read from the working directory, where it is not: reported.
        #expect(piped.stdout.contains("broken '$ref' 'schemas.yaml#/Pet'"), "\(piped.stdout)")
        await server.stop()
    }

    @Test func updateAddsUpdatesAndKeepsEdits() async throws {
        let temp = try TempDirectory()
        let base = "http://127.0.0.1:1"
        try temp.write("api.yaml", Self.spec(base))
        try temp.write("schemas.yaml", Self.schemas)
        let imported = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let yaml = try String(contentsOfFile: temp.path + "/cols/echo-api/collection.yaml", encoding: .utf8)
        #expect(yaml.contains("spec: ../../api.yaml\n"), "\(yaml)")
        #expect(FileManager.default.fileExists(atPath: temp.path + "/cols/echo-api/.openapi-sync.json"))
        // The user edits the login request; the spec then changes both requests and gains one.
        let login = temp.path + "/cols/echo-api/post-login.yaml"
        try (try String(contentsOfFile: login, encoding: .utf8) + "timeout: 9\n").write(toFile: login, atomically: true, encoding: .utf8)
        // A path goes at the end of the paths block, just before components.
        try temp.write("api.yaml", Self.spec(base).replacingOccurrences(of: "example: 7", with: "example: 8")
            .replacingOccurrences(of: "    post:\n      security:", with: "    post:\n      description: Logs in.\n      security:")
            .replacingOccurrences(of: "components:", with: "  /health:\n    get:\n      responses: {'200': {description: OK}}\ncomponents:"))
        let updated = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols", "--update"])
        #expect(updated.status == 0, "\(updated.stdout)\(updated.stderr)")
        #expect(updated.stdout.hasPrefix("Updated 'Echo API' in \(temp.path)/cols/echo-api: 1 added, 1 updated, 1 edited and left alone, 0 removed from the spec, 0 unchanged\n"), "\(updated.stdout)")
        #expect(updated.stdout.contains("  added    get-health.yaml\n") && updated.stdout.contains("  updated  pets/update-pet.yaml\n"), "\(updated.stdout)")
        #expect(updated.stdout.contains("  edited   post-login.yaml: left as you edited it; the spec changed description\n"), "\(updated.stdout)")
        let pet = try String(contentsOfFile: temp.path + "/cols/echo-api/pets/update-pet.yaml", encoding: .utf8)
        #expect(pet.contains("value: '8'") || pet.contains("value: \"8\""), "\(pet)")
        #expect(try String(contentsOfFile: login, encoding: .utf8).hasSuffix("timeout: 9\n"))
        // --update where nothing was imported: exit 2.
        let missing = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/other", "--update"])
        #expect(missing.status == 2 && missing.stderr.contains("there is no collection at"), "\(missing.stderr)")
    }

    @Test func updateNamesEachChangeAndDiffShowsTheSpecsVersionBesideYours() async throws {
        let temp = try TempDirectory()
        let base = "http://127.0.0.1:1"
        try temp.write("api.yaml", Self.spec(base))
        try temp.write("schemas.yaml", Self.schemas)
        let imported = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let pet = temp.path + "/cols/echo-api/pets/update-pet.yaml"
        try (try String(contentsOfFile: pet, encoding: .utf8) + "timeout: 9\n").write(toFile: pet, atomically: true, encoding: .utf8)
        // The spec gains a query parameter and drops a header of the request the user edited.
        try temp.write("api.yaml", Self.spec(base)
            .replacingOccurrences(of: "        - {name: X-Mode, in: header, required: true, schema: {type: string, enum: [fast, slow]}}\n",
                                  with: "        - {name: dryRun, in: query, schema: {type: boolean}}\n"))
        let arguments = ["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols", "--update"]
        let named = try await CLIRunner.run(arguments)
        #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
        #expect(named.stdout.contains("  edited   pets/update-pet.yaml: left as you edited it; the spec added query parameter dryRun, removed header X-Mode\n"),
                "\(named.stdout)")
        #expect(!named.stdout.contains("+++"), "no diff without --diff: \(named.stdout)")

        let diffed = try await CLIRunner.run(arguments + ["--diff"])
        #expect(diffed.status == 0, "\(diffed.stdout)\(diffed.stderr)")
        let lines = diffed.stdout.components(separatedBy: "\n")
        #expect(lines.contains("--- spec   pets/update-pet.yaml (the spec's version)"), "\(diffed.stdout)")
        #expect(lines.contains("+++ yours  pets/update-pet.yaml (your version, kept)"), "\(diffed.stdout)")
        #expect(lines.contains("-- name: dryRun") && lines.contains("+- name: X-Mode") && lines.contains("+timeout: 9"), "\(diffed.stdout)")
        #expect(lines.contains { $0.hasPrefix("@@ -") } && lines.contains(" - name: verbose"), "a hunk with context: \(diffed.stdout)")
        // The file is still the user's.
        #expect(try String(contentsOfFile: pet, encoding: .utf8).hasSuffix("timeout: 9\n"))

        let misused = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols", "--diff"])
        #expect(misused.status == 64 && misused.stderr.contains("--diff applies to --update only"), "\(misused.status) \(misused.stderr)")
    }

    @Test func aBrokenReferenceInAResponseIsReportedByPointer() async throws {
        let temp = try TempDirectory()
        try temp.write("api.yaml", Self.spec("http://127.0.0.1:1").replacingOccurrences(
            of: "      responses:\n        '200': {description: OK}\n  /login:",
            with: "      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n"
                + "              schema:\n                properties:\n                  owner: {$ref: '#/components/schemas/Owner'}\n  /login:")
            .replacingOccurrences(of: "components:\n", with: "components:\n  schemas:\n    Tag: {type: string}\n"))
        try temp.write("schemas.yaml", Self.schemas)
        let imported = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Not converted (1):\n  #/paths/~1pets~1{petId}/put/responses/200/content/application~1json/schema/properties/owner/$ref: "
                                         + "broken '$ref' '#/components/schemas/Owner': #/components/schemas/Owner does not exist"), "\(imported.stdout)")
    }

    @Test func aMalformedSpecExitsOneNamingTheLine() async throws {
        let temp = try TempDirectory()
        try temp.write("bad.yaml", "openapi: 3.0.0\ninfo: {title: x}\npaths:\n  /a:\n    get: [\n")
        let result = try await CLIRunner.run(["import", "openapi", temp.path + "/bad.yaml", "--into", temp.path + "/cols"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(temp.path + "/bad.yaml:") && result.stderr.contains("invalid YAML"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/cols"))
    }
}
