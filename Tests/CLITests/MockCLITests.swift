import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `apiexplorer mock` through the built binary: an OpenAPI spec imported with `import openapi` and served, the lines
/// it prints, Ctrl-C, a broken `examples:` named by file and line, and bad flags refused with one line each.
@Suite("apiexplorer mock", .serialized)
struct MockCLITests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Pet Store}
        servers:
          - url: https://pets.example/v1
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      example: [{id: 1, name: Rex}]
            post:
              operationId: createPet
              responses:
                '201':
                  description: Created
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
                '400':
                  description: Bad
                  content:
                    application/json:
                      examples:
                        missing: {value: {error: name is required}}
          /pets/{petId}:
            get:
              operationId: getPet
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer}}
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer, readOnly: true, example: 7}
                name: {type: string, example: Rex}
        """

    /// The mock started on a free port, once it printed where it listens; nil (and an issue) when it did not.
    func start(_ arguments: [String]) async throws -> (StreamingProcess, String)? {
        let process = try StreamingProcess(try BuiltProducts.executable(named: "apiexplorer"), arguments: ["mock"] + arguments + ["--port", "0"])
        guard await process.waitForOutput(containing: "(Ctrl-C stops it)", timeout: 20),
              let range = process.stdout.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
            Issue.record("the mock did not start: \(process.stdout)\(process.stderr)")
            process.send(signal: SIGKILL)
            return nil
        }
        return (process, String(process.stdout[range]))
    }

    func get(_ url: String, method: String = "GET", prefer: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let prefer { request.setValue(prefer, forHTTPHeaderField: "Prefer") }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func anImportedOpenAPICollectionAnswersWithTheSpecsExamplesAndSchemas() async throws {
        let temp = try TempDirectory()
        try temp.write("api.yaml", Self.spec)
        let imported = try await CLIRunner.run(["import", "openapi", temp.path + "/api.yaml", "--into", temp.path + "/cols"])
        #expect(imported.status == 0, "\(imported.stderr)")
        guard let (mock, url) = try await start([temp.path + "/cols/pet-store"]) else { return }
        #expect(mock.stdout.contains("with 3 routes (environment pets.example)"), "\(mock.stdout)")
        #expect(mock.stdout.contains("  POST /pets  pet-store/create-pet  [201, 400 missing]\n"), "\(mock.stdout)")

        let list = try await get(url + "/pets?limit=2")
        #expect(list.status == 200 && list.body == "[\n  {\n    \"id\": 1,\n    \"name\": \"Rex\"\n  }\n]", "the spec's example: \(list.body)")
        let pet = try await get(url + "/pets/3")
        #expect(pet.status == 200 && pet.body == "{\n  \"id\": 7,\n  \"name\": \"Rex\"\n}", "made from the schema, read-only id kept: \(pet.body)")
        let refused = try await get(url + "/pets", method: "POST", prefer: "example=\"400 missing\"")
        #expect(refused.status == 400 && refused.body == "{\n  \"error\": \"name is required\"\n}", "\(refused.body)")
        let unknown = try await get(url + "/owners")
        #expect(unknown.status == 404 && unknown.body.contains(#"{"method": "GET", "path": "/pets/{{petId}}", "request": "pet-store/get-pet"}"#), "\(unknown.body)")

        mock.send(signal: SIGINT)
        #expect(await mock.waitForExit(timeout: 10) == 0, "Ctrl-C stops it cleanly: \(mock.stderr)")
        #expect(mock.stdout.contains("GET /pets?limit=2 → 200  GET /pets (pet-store/list-pets)  "), "\(mock.stdout)")
        #expect(mock.stdout.contains("GET /owners → 404  no route  "), "\(mock.stdout)")
        #expect(mock.stdout.hasSuffix("Stopped.\n"), "\(mock.stdout)")
    }

    @Test func aBrokenExampleIsNamedByFileAndLineAndTheRestIsServed() async throws {
        let temp = try TempDirectory()
        try temp.write("cols/shop/collection.yaml", "name: Shop\n")
        try temp.write("cols/shop/bad.yaml", "url: /bad\nexamples:\n  - status: 999\n")
        try temp.write("cols/shop/good.yaml", "url: /good/{{id}}\nexamples:\n  - status: 202\n    body: fine\n")
        guard let (mock, url) = try await start(["shop", "--collections", temp.path + "/cols"]) else { return }
        #expect(mock.stderr.contains(temp.path + "/cols/shop/bad.yaml:3:13: error: expected an example's 'status' to be a status code from 100 to 599, found '999'"),
                "\(mock.stderr)")
        let good = try await get(url + "/good/1")
        #expect(good.status == 202 && good.body == "fine")
        mock.send(signal: SIGINT)
        #expect(await mock.waitForExit(timeout: 10) == 0)
    }

    @Test func badFlagsAreRefusedWithOneLineNamingThem() async throws {
        let temp = try TempDirectory()
        try temp.write("shop/collection.yaml", "name: Shop\nenvironments:\n  - name: local\n    baseURL: http://x.test\n")
        try temp.write("shop/r.yaml", "url: /r\n")
        let directory = temp.path + "/shop"
        let latency = try await CLIRunner.run(["mock", directory, "--latency", "soon"])
        #expect(latency.status == 64 && latency.stderr == "error: --latency 'soon' is not a duration; write it like 50ms or 1.5s (at most an hour)\n", "\(latency.stderr)")
        let rate = try await CLIRunner.run(["mock", directory, "--fail-rate", "1.5"])
        #expect(rate.status == 64 && rate.stderr.hasPrefix("error: --fail-rate '1.5' is not a share from 0 to 1"), "\(rate.stderr)")
        let env = try await CLIRunner.run(["mock", directory, "--env", "prod"])
        #expect(env.status == 1 && env.stderr == "error: --env prod: collection 'Shop' has no such environment (it has: local)\n", "\(env.stderr)")
        let missing = try await CLIRunner.run(["mock", temp.path + "/nowhere"])
        #expect(missing.status == 1 && missing.stderr.contains("is not a collection's directory"), "\(missing.stderr)")

        guard let (first, url) = try await start([directory]) else { return }
        let port = String(url.split(separator: ":").last ?? "")
        let taken = try await CLIRunner.run(["mock", directory, "--port", port])
        #expect(taken.status == 2 && taken.stderr == "error: --port \(port): cannot listen on 127.0.0.1:\(port): Address already in use; choose another --port, or 0 for a free one\n",
                "\(taken.stderr)")
        first.send(signal: SIGINT)
        #expect(await first.waitForExit(timeout: 10) == 0)
    }
}
