import Foundation
import Testing
import TestSupport

/// `send` and `run` on gRPC requests against the loopback gRPC server: the four call kinds, reflection (cached in the
/// state directory) or a descriptor set or .proto files, metadata with a secret masked, status details, deadlines,
/// and checks in `run` and JUnit.
@Suite("gRPC from the command line")
struct GRPCCLITests {
    /// Collection G against `server`, with the fixtures' schema given as `schema` lines of collection.yaml (none: reflection).
    func collection(_ server: GRPCTestServer, schema: String = "") throws -> TempDirectory {
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", """
            name: G
            \(schema)
            environments:
              - name: local
                baseURL: \(server.url.absoluteString)
                variables:
                  - name: token
                    value: s3cret-t0ken
                    secret: true
            """)
        try temp.write("G/get-item.yaml", """
            name: Get item
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/GetItem
            body:
              type: json
              content: '{"id": "it-1"}'
            headers:
              - name: authorization
                value: "Bearer {{token}}"
              - name: x-request-id
                value: r-1
            timeout: 5
            checks:
              - grpcStatus: OK
              - json: "$.name"
                equals: Mug
              - json: "$.priceCents"
                equals: "1250"
            """)
        try temp.write("G/list-items.yaml", """
            name: List items
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/ListItems
            body:
              type: json
              content: '{"limit": 3, "prefix": "p"}'
            checks:
              - grpcStatus: OK
              - messages: {count: 3}
              - json: "$messages[2].data.id"
                equals: p-3
            """)
        try temp.write("G/add-items.yaml", """
            name: Add items
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/AddItems
            messages:
              - name: first
                json: '{"id": "a"}'
              - name: second
                json: '{"id": "b"}'
            checks:
              - json: "$.added"
                equals: 2
            """)
        try temp.write("G/chat.yaml", """
            name: Chat
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/Chat
            messages:
              - json: '{"text": "hi"}'
              - json: '{"text": "bye"}'
            checks:
              - messages: {count: 2}
              - json: "$messages[1].data.text"
                equals: "echo: bye"
            """)
        try temp.write("G/missing.yaml", """
            name: Missing
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/GetItem
            body:
              type: json
              content: '{"id": "missing"}'
            checks:
              - grpcStatus: NOT_FOUND
            """)
        return temp
    }

    func environment(_ temp: TempDirectory) -> [String: String] {
        ["APIEXPLORER_HISTORY": "off", "APIEXPLORER_STATE_DIR": temp.path + "/state"]
    }

    @Test func sendPrintsTheReplyThenTheStatusAndMasksTheSecretInTheMetadata() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try collection(server)
        let output = try await CLIRunner.run(["send", "G/get-item", "--collections", temp.path, "--pretty", "none", "--print", "Hhbm"],
                                             environment: environment(temp))
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("GRPC \(server.url.absoluteString)/shop.v1.Inventory/GetItem\n"), "\(output.stdout)")
        #expect(output.stdout.contains("authorization: Bearer ••••") && !output.stdout.contains("s3cret-t0ken"), "\(output.stdout)")
        #expect(output.stdout.contains("x-echo-request-id: r-1"), "\(output.stdout)")
        #expect(output.stdout.contains(#"{"id":"it-1","name":"Mug","priceCents":"1250","color":"RED","tags":["kitchen"],"created":"2024-05-01T12:00:00Z"}"#),
                "\(output.stdout)")
        #expect(output.stdout.contains("x-served-by: loopback") && output.stdout.hasSuffix("OK\n"), "\(output.stdout)")
        #expect(output.stderr.contains("Calling shop.v1.Inventory/GetItem (unary)") && output.stderr.contains("✓ 3 checks passed"), "\(output.stderr)")
        // The server got the real token, and the deadline.
        let call = try #require(server.log.calls(to: "/shop.v1.Inventory/GetItem").first)
        #expect(call.metadata["authorization"] == "Bearer s3cret-t0ken" && call.metadata["grpc-timeout"] == "5000000u")
        // Reflection's answer was kept in the state directory.
        #expect(FileManager.default.fileExists(atPath: temp.path + "/state/grpc/127.0.0.1_\(server.port).protoset"))
    }

    @Test func aNonOKStatusExitsZeroWithItsDetailsAndChecksDecide() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try collection(server)
        let output = try await CLIRunner.run(["send", "G/missing", "--collections", temp.path, "--pretty", "none"], environment: environment(temp))
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.hasPrefix("NOT_FOUND (5): no item missing\n"), "\(output.stdout)")
        #expect(output.stdout.contains(#""details":[{"@type":"type.googleapis.com/shop.v1.ItemError","id":"missing","reason":"not in the catalogue"}]"#),
                "\(output.stdout)")
        let failing = try await CLIRunner.run(["send", "G/get-item", "--collections", temp.path, "--env", "local"],
                                              environment: environment(temp))
        #expect(failing.status == 0, "\(failing.stderr)")
    }

    @Test func aServerStreamPrintsEachReplyAndAClientStreamSendsTheSavedMessages() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try collection(server)
        let listed = try await CLIRunner.run(["send", "G/list-items", "--collections", temp.path, "--pretty", "none", "--print", "b"],
                                             environment: environment(temp))
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == #"{"id":"p-1","name":"Item 1","rating":1}"# + "\n" + #"{"id":"p-2","name":"Item 2","rating":2}"# + "\n"
            + #"{"id":"p-3","name":"Item 3","rating":3}"# + "\n", "\(listed.stdout)")
        let added = try await CLIRunner.run(["send", "G/add-items", "--collections", temp.path, "--pretty", "none"], environment: environment(temp))
        #expect(added.stdout == #"{"added":2,"ids":["a","b"]}"# + "\nOK\n", "\(added.stdout)\(added.stderr)")
    }

    @Test func runReportsEachCallsChecksInJUnit() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try collection(server)
        let xml = temp.path + "/junit.xml"
        let output = try await CLIRunner.run(["run", "G", "--verbose", "--report", "junit", xml, "--collections", temp.path], environment: environment(temp))
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("PASS  G/chat") && output.stdout.contains("PASS  G/missing"), "\(output.stdout)")
        // The status column says the gRPC status.
        #expect(output.stdout.contains(" NOT_FOUND ") && output.stdout.contains(" OK "), "\(output.stdout)")
        let parsed = try JUnitSummary(contentsOf: xml)
        #expect(parsed.testcases.contains("G.get-item › gRPC status OK"), "\(parsed.testcases)")
        #expect(parsed.testcases.contains("G.list-items › messages count 3"), "\(parsed.testcases)")
        #expect(parsed.testcases.contains("G.missing › gRPC status NOT_FOUND"), "\(parsed.testcases)")
        #expect(parsed.failures.isEmpty, "\(parsed.failures)")
    }

    @Test func aDescriptorSetOrProtoFilesStandInForReflection() async throws {
        let server = try GRPCTestServer(reflection: .none)
        defer { server.stop() }
        let fixtures = GRPCTestServer.fixturesDirectory().path
        let withoutSchema = try collection(server)
        let refused = try await CLIRunner.run(["send", "G/get-item", "--collections", withoutSchema.path], environment: environment(withoutSchema))
        #expect(refused.status == 1 && refused.stderr.contains("does not offer reflection"), "\(refused.stderr)")
        let withSet = try collection(server, schema: "protoset: shop.protoset")
        try FileManager.default.copyItem(atPath: fixtures + "/shop.protoset", toPath: withSet.path + "/G/shop.protoset")
        let sent = try await CLIRunner.run(["send", "G/get-item", "--collections", withSet.path, "--pretty", "none"], environment: environment(withSet))
        #expect(sent.status == 0 && sent.stdout.hasSuffix("OK\n"), "\(sent.stdout)\(sent.stderr)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/protoc") else {
            print("skipped: .proto files need protoc (apt-get install protobuf-compiler)")
            return
        }
        let withProto = try collection(server, schema: "proto: protos/shop.proto")
        try FileManager.default.createDirectory(atPath: withProto.path + "/G/protos", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/shop.proto", toPath: withProto.path + "/G/protos/shop.proto")
        let compiled = try await CLIRunner.run(["send", "G/list-items", "--collections", withProto.path, "--print", "m"], environment: environment(withProto))
        #expect(compiled.status == 0 && compiled.stdout == "OK\n", "\(compiled.stdout)\(compiled.stderr)")
    }

    @Test func badRequestsExitOneAndAFailedConnectionTwo() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try collection(server)
        try temp.write("G/bad.yaml", "url: \"{{baseURL}}\"\ngrpc:\n  method: shop.v1.Inventory/GetItem\nbody:\n  type: json\n  content: '{\"id\": 7}'\n")
        let bad = try await CLIRunner.run(["send", "G/bad", "--collections", temp.path], environment: environment(temp))
        #expect(bad.status == 1 && bad.stderr.contains("the request message is not a shop.v1.GetItemRequest: $.id: expected a string, got the number 7"),
                "\(bad.stderr)")
        try temp.write("G/nope.yaml", "url: \"{{baseURL}}\"\ngrpc:\n  method: shop.v1.Inventory/Nope\n")
        let nope = try await CLIRunner.run(["send", "G/nope", "--collections", temp.path], environment: environment(temp))
        #expect(nope.status == 1 && nope.stderr.contains(#"no method "Nope" in shop.v1.Inventory (methods: GetItem, ListItems"#), "\(nope.stderr)")
        try temp.write("G/closed.yaml", "url: grpc://127.0.0.1:\(ClosedPort.find())\ngrpc:\n  method: shop.v1.Inventory/GetItem\n")
        let closed = try await CLIRunner.run(["send", "G/closed", "--collections", temp.path], environment: environment(temp))
        #expect(closed.status == 2 && closed.stderr.contains("Could not connect"), "\(closed.stderr)")
        try temp.write("G/typo.yaml", "url: \"{{baseURL}}\"\ngrpc:\n  method: GetItem\n")
        let typo = try await CLIRunner.run(["send", "G/typo", "--collections", temp.path], environment: environment(temp))
        #expect(typo.status == 1 && typo.stderr.contains("typo.yaml:3") && typo.stderr.contains("package.Service/Method"), "\(typo.stderr)")
    }

    @Test func grpcListAndDescribeReadTheServersSchema() async throws {
        let server = try GRPCTestServer(reflection: .v1alphaOnly)
        defer { server.stop() }
        let temp = try TempDirectory()
        let listed = try await CLIRunner.run(["grpc", "list", server.url.absoluteString], environment: environment(temp))
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == """
            shop.v1.Inventory
              GetItem    unary                    shop.v1.GetItemRequest → shop.v1.Item
              ListItems  server streaming         shop.v1.ListItemsRequest → shop.v1.Item
              AddItems   client streaming         shop.v1.Item → shop.v1.AddItemsReply
              Chat       bidirectional streaming  shop.v1.ChatMessage → shop.v1.ChatMessage
              Ping       unary                    google.protobuf.Empty → google.protobuf.Empty

            """, "\(listed.stdout)")
        let described = try await CLIRunner.run(["grpc", "describe", server.url.absoluteString, "shop.v1.Inventory/ListItems"], environment: environment(temp))
        #expect(described.status == 0, "\(described.stderr)")
        #expect(described.stdout.hasPrefix("""
            rpc ListItems(shop.v1.ListItemsRequest) returns (stream shop.v1.Item);

            message shop.v1.ListItemsRequest {
              int32 limit = 1;
              string prefix = 2;
            }

            Example shop.v1.ListItemsRequest in JSON:
            {
              "limit": 0,
              "prefix": ""
            }
            """), "\(described.stdout)")
        let item = try await CLIRunner.run(["grpc", "describe", server.url.absoluteString, "shop.v1.Item"], environment: environment(temp))
        #expect(item.stdout.contains("  map<string, int64> prices = 13;\n") && item.stdout.contains("  oneof choice {\n    string code = 22;\n"),
                "\(item.stdout)")
        let unknown = try await CLIRunner.run(["grpc", "describe", server.url.absoluteString, "shop.v1.Nope"], environment: environment(temp))
        #expect(unknown.status == 1 && unknown.stderr.contains(#"no service, method, message or enum "shop.v1.Nope""#), "\(unknown.stderr)")
        let fromSet = try await CLIRunner.run(["grpc", "list", "grpc://127.0.0.1:1", "--protoset",
                                               GRPCTestServer.fixturesDirectory().path + "/shop.protoset"], environment: environment(temp))
        #expect(fromSet.status == 0 && fromSet.stdout.hasPrefix("shop.v1.Inventory\n"), "\(fromSet.stderr)")
        let closed = try await CLIRunner.run(["grpc", "list", "grpc://127.0.0.1:\(ClosedPort.find())"], environment: environment(temp))
        #expect(closed.status == 2, "\(closed.stderr)")
    }

    @Test func importGRPCWritesARequestPerMethodThatSendsAsWritten() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        let imported = try await CLIRunner.run(["import", "grpc", server.url.absoluteString, "--into", temp.path], environment: environment(temp))
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 'Inventory': 5 requests"), "\(imported.stdout)")
        let file = try String(contentsOfFile: temp.path + "/inventory/add-items.yaml", encoding: .utf8)
        #expect(file.contains("grpc:\n  method: shop.v1.Inventory/AddItems\n") && file.contains("messages:") && file.contains("grpcStatus: OK"), "\(file)")
        let ping = try await CLIRunner.run(["send", "inventory/ping", "--collections", temp.path, "--pretty", "none"], environment: environment(temp))
        #expect(ping.status == 0 && ping.stdout == "{}\nOK\n", "\(ping.stdout)\(ping.stderr)")
        let run = try await CLIRunner.run(["run", "inventory", "--verbose", "--collections", temp.path], environment: environment(temp))
        // The example GetItem asks for id "", which the server refuses as INVALID_ARGUMENT: the imported check says so.
        #expect(run.stdout.contains("FAIL  inventory/get-item") && run.stdout.contains("PASS  inventory/list-items"), "\(run.stdout)")
        #expect(run.stdout.contains("expected gRPC status OK, got INVALID_ARGUMENT: id is required"), "\(run.stdout)")
    }

    @Test func historyKeepsTheCallWithTheSecretMetadataMasked() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try collection(server)
        let history = temp.path + "/h.sqlite"
        var environment = environment(temp)
        environment["APIEXPLORER_HISTORY"] = history
        let sent = try await CLIRunner.run(["send", "G/get-item", "--collections", temp.path], environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        let shown = try await CLIRunner.run(["history", "show", "1", "--print", "Hhbm", "--pretty", "none"], environment: environment)
        #expect(shown.stdout.contains("GRPC \(server.url.absoluteString)/shop.v1.Inventory/GetItem"), "\(shown.stdout)\(shown.stderr)")
        #expect(shown.stdout.contains("authorization: Bearer ••••••") && shown.stdout.contains(#""name":"Mug""#), "\(shown.stdout)")
        #expect(shown.stdout.contains("x-served-by: loopback") && shown.stdout.hasSuffix("}\nOK\n"), "\(shown.stdout)")
        // A raw-bytes scan of the database and its journal files: the token is nowhere.
        #expect(SQLiteFileBytes.read(history).range(of: Data("s3cret-t0ken".utf8)) == nil)
    }

    @Test func aSchemaFileOutsideTheCollectionIsNotRead() async throws {
        let server = try GRPCTestServer(reflection: .none)
        defer { server.stop() }
        let temp = try collection(server, schema: "proto: /etc/hostname.proto")
        let refused = try await CLIRunner.run(["send", "G/get-item", "--collections", temp.path], environment: environment(temp))
        #expect(refused.status == 1 && refused.stderr.contains("/etc/hostname.proto is outside the collection G"), "\(refused.stderr)")
        #expect(server.log.calls.isEmpty)
    }

    @Test func aGRPCEncodingHeaderCompressesTheMessagesSent() async throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try collection(server)
        try temp.write("G/zipped.yaml", """
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/AddItems
            headers:
              - name: grpc-encoding
                value: gzip
            messages:
              - json: '{"id": "z"}'
            """)
        let sent = try await CLIRunner.run(["send", "G/zipped", "--collections", temp.path, "--pretty", "none"], environment: environment(temp))
        #expect(sent.status == 0 && sent.stdout == #"{"added":1,"ids":["z"]}"# + "\nOK\n", "\(sent.stdout)\(sent.stderr)")
        #expect(server.log.calls(to: "/shop.v1.Inventory/AddItems").first?.metadata["grpc-encoding"] == "gzip")
        try temp.write("G/brotli.yaml", "url: \"{{baseURL}}\"\ngrpc:\n  method: shop.v1.Inventory/Ping\nheaders:\n  - name: grpc-encoding\n    value: br\n")
        let refused = try await CLIRunner.run(["send", "G/brotli", "--collections", temp.path], environment: environment(temp))
        #expect(refused.status == 1 && refused.stderr.contains("grpc-encoding br is not supported; gzip or identity"), "\(refused.stderr)")
    }
}
