import Foundation
import Testing
import TestSupport

/// Issue 44 in the real binary: gRPC requests in the tree, a unary call and a server stream sent from the explorer to
/// the loopback gRPC server, the status, reply, headers and trailers in the response pane.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct GRPCEndToEndTests {
    @Test func aUnaryCallAndAServerStreamShowTheirRepliesAndStatus() throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: \(server.url.absoluteString)\n")
        try temp.write("G/a-get.yaml", """
            name: Get item
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/GetItem
            body:
              type: json
              content: '{"id": "it-1"}'
            checks:
              - grpcStatus: OK
            """)
        try temp.write("G/b-list.yaml", """
            name: List slowly
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/ListItems
            body:
              type: json
              content: '{"limit": 3, "prefix": "slow"}'
            """)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 120, height: 34,
                                      environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state"])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        let tree = try session.capture()
        #expect(tree.contains("GRPC   Get item") && tree.contains("GRPC   List slowly"), "\n\(tree)")
        try session.sendKeys("j", "C-j")
        let unary = try session.waitFor("gRPC OK")
        #expect(unary.contains("\"name\": \"Mug\"") && unary.contains("✓ 1 check passed") && unary.contains("Body │ Headers (3)"), "\n\(unary)")
        // Headers then trailers in the Headers tab.
        try session.sendKeys("Tab", "Tab", "]")
        let headers = try session.waitFor("x-served-by")
        #expect(headers.contains("content-type") && headers.contains("grpc-status"), "\(headers)")
        // The server stream's replies are drawn as they come (300 ms apart), before the status arrives.
        try session.sendKeys("Tab", "j", "C-j")
        let first = try session.waitFor("slow-1")
        #expect(!first.contains("slow-3"), "\(first)")
        let done = try session.waitFor("gRPC OK")
        // A stream is shown as a conversation: the request message sent, then each reply.
        #expect(done.contains("slow-3") && done.contains("→ {\"limit\": 3, \"prefix\": \"slow\"}"), "\n\(done)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// History keeps the call under GRPC, and `r` makes it again with the secret metadata filled in from the request.
    @Test func historyKeepsTheCallAndReplaysIt() throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", """
            name: G
            environments:
              - name: local
                baseURL: \(server.url.absoluteString)
                variables:
                  - name: token
                    value: s3cret
                    secret: true
            """)
        try temp.write("G/get.yaml", """
            name: Get item
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/GetItem
            headers:
              - name: authorization
                value: "Bearer {{token}}"
            body:
              type: json
              content: '{"id": "missing"}'
            """)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path], width: 120, height: 34,
                                      environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state", "APIEXPLORER_HISTORY": temp.path + "/h.sqlite"])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "C-j")
        let first = try session.waitFor("gRPC NOT_FOUND (5): no item missing")
        #expect(first.contains("not in the catalogue"), "\n\(first)")
        try session.sendKeys("H")
        let list = try session.waitFor("1 shown")
        #expect(list.contains("GRPC"), "\n\(list)")
        try session.sendKeys("r")
        try session.waitUntil { _ in server.log.calls(to: "/shop.v1.Inventory/GetItem").count == 2 }
        try session.waitFor("gRPC NOT_FOUND (5)")
        let calls = server.log.calls(to: "/shop.v1.Inventory/GetItem")
        #expect(calls.count == 2 && calls.allSatisfy { $0.metadata["authorization"] == "Bearer s3cret" }, "\(calls.map(\.metadata))")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// m on a gRPC request lists the server's methods by reflection; Enter picks one, an empty body gets its example
    /// message, and s saves the grpc: block into the file.
    @Test func theMethodPickerListsTheServersMethodsAndSavesTheChoice() throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: \(server.url.absoluteString)\n")
        try temp.write("G/new.yaml", "name: New call\nurl: \"{{baseURL}}\"\ngrpc:\n  method: shop.v1.Inventory/Ping\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 120, height: 34,
                                      environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state"])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        try session.sendKeys("j", "Tab", "m")
        let picker = try session.waitFor("gRPC method")
        #expect(picker.contains("shop.v1.Inventory/ListItems  (server streaming)") && picker.contains("shop.v1.Inventory/Chat  (bidirectional streaming)"),
                "\n\(picker)")
        // Ping is highlighted; two up is ListItems.
        try session.sendKeys("k", "k", "k", "Enter")
        try session.waitFor("Method: shop.v1.Inventory/ListItems")
        try session.sendKeys("s")
        try session.waitFor("Saved")
        let file = try String(contentsOfFile: temp.path + "/G/new.yaml", encoding: .utf8)
        #expect(file.contains("method: shop.v1.Inventory/ListItems") && file.contains("\"limit\": 0"), "\(file)")
        try session.sendKeys("C-j")
        try session.waitFor("gRPC OK")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    /// Tab in a gRPC request's message completes the field names of its request type, from the schema a call kept.
    @Test func tabCompletesTheMessagesFieldNames() throws {
        let server = try GRPCTestServer()
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: \(server.url.absoluteString)\n")
        try temp.write("G/list.yaml", """
            name: List
            url: "{{baseURL}}"
            grpc:
              method: shop.v1.Inventory/ListItems
            body:
              type: json
              content: |
                {
                  "limit": 1
                }
            """)
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 120, height: 34,
                                      environment: ["APIEXPLORER_STATE_DIR": temp.path + "/state"])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.waitUntilGone("Loading requests…")
        // A first call finds the schema by reflection and keeps it.
        try session.sendKeys("j", "C-j")
        try session.waitFor("gRPC OK")
        try session.sendKeys("Tab", "]", "i")
        try session.waitFor("\"limit\": 1")
        // One name is left after limit: Tab writes it whole, quotes and colon.
        try session.sendKeys("Down", "End")
        try session.sendText(", ")
        try session.sendKeys("Tab")
        try session.waitFor("\"limit\": 1, \"prefix\": ")
        // With every name written, Tab says so.
        try session.sendText("\"p\", ")
        try session.sendKeys("Tab")
        try session.waitFor("No field of shop.v1.ListItemsRequest starts with \"\" (all are set).")
        try session.sendKeys("Escape")
        try session.waitUntilGone("editing (Esc done)")
    }
}
