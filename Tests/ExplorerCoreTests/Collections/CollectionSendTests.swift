@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("A loaded collection request sent through ExplorerCore")
struct CollectionSendTests {
    @Test func headersQueryBodyAndAuthArriveAtTheEchoServer() async throws {
        let server = try await TestServer.shared()
        let temp = try TempCollections()
        try temp.write("Echo/collection.yaml", """
        name: Echo
        headers:
          - name: X-Collection
            value: "{{who}}"
          - name: X-Replaced
            value: collection
        auth:
          type: basic
          username: ada
          password: "{{password}}"
        variables:
          - name: who
            value: collection-var
        environments:
          - name: local
            baseURL: \(server.baseURL.absoluteString)
            variables:
              - name: password
                secret: true
        """)
        try temp.write("Echo/secrets.local.yaml", "local:\n  password: pw-from-file\n")
        try temp.write("Echo/things/folder.yaml", "headers:\n  - name: X-Replaced\n    value: folder\n")
        try temp.write("Echo/things/post.yaml", """
        method: POST
        url: /echo/{{id}}?inline=1
        query:
          - name: q
            value: "{{who}} x"
          - name: off
            value: "1"
            enabled: false
        headers:
          - name: X-Own
            value: own
          - name: X-Disabled
            value: "1"
            enabled: false
        variables:
          - name: id
            value: "42"
        body:
          type: json
          content: '{"id": {{id}}}'
        """)
        try temp.write("Echo/things/key.yaml", """
        method: PUT
        url: /echo
        auth:
          type: apikey
          name: api_key
          value: k-{{id}}
          in: query
        variables:
          - name: id
            value: "7"
        body:
          type: file
          file: _files/payload.txt
          contentType: text/x-test
        """)
        try temp.write("Echo/things/_files/payload.txt", "file bytes")
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "Echo"))
        let post = try #require(collection.locate(["things", "post"]))
        let resolved = try RequestResolver(collection: collection, folders: post.folders, request: post.request,
                                           environment: collection.defaultEnvironment, extraHeaders: [KeyValue("X-Extra", "cli")],
                                           processEnvironment: [:]).resolve()
        let reply: EchoReply = try await resolved.request.send()
        #expect(reply.method == "POST" && reply.path == "/echo/42")
        #expect(reply.queryValues("inline") == ["1"] && reply.queryValues("q") == ["collection-var x"] && reply.queryValues("off").isEmpty)
        #expect(reply.header("X-Collection") == "collection-var")
        #expect(reply.header("X-Replaced") == "folder")
        #expect(reply.header("X-Own") == "own" && reply.header("X-Extra") == "cli" && reply.header("X-Disabled") == nil)
        #expect(reply.header("Authorization") == "Basic " + Data("ada:pw-from-file".utf8).base64EncodedString())
        #expect(reply.body == #"{"id": 42}"# && reply.header("Content-Type") == "application/json")
        // The secret variable, then the Basic password, its `user:password` pair and that pair's base64 as sent.
        #expect(resolved.secretValues == ["pw-from-file", "pw-from-file", "ada:pw-from-file", Data("ada:pw-from-file".utf8).base64EncodedString()])

        let key = try #require(collection.locate(["things", "key"]))
        let keyRequest = try RequestResolver(collection: collection, folders: key.folders, request: key.request,
                                             environment: collection.defaultEnvironment, processEnvironment: [:]).resolve()
        let keyReply: EchoReply = try await keyRequest.request.send()
        #expect(keyReply.method == "PUT" && keyReply.queryValues("api_key") == ["k-7"])
        #expect(keyReply.header("Authorization") == nil, "the request's own auth replaces the collection's")
        #expect(keyReply.body == "file bytes" && keyReply.header("Content-Type") == "text/x-test")
    }

    @Test func formAndMultipartBodiesArrive() async throws {
        let server = try await TestServer.shared()
        let temp = try TempCollections()
        try temp.write("F/collection.yaml", "name: F\nenvironments:\n  - name: l\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("F/form.yaml", "method: POST\nurl: /echo\nbody:\n  type: form\n  fields:\n    - name: a\n      value: x y\n    - name: b\n      value: '2'\n      enabled: false\n")
        try temp.write("F/multi.yaml", "method: POST\nurl: /echo\nbody:\n  type: multipart\n  fields:\n    - name: note\n      value: hi\n    - name: up\n      file: _files/d.json\n      contentType: application/json\n")
        try temp.write("F/_files/d.json", "{}")
        let result = temp.load()
        let collection = try #require(result.collection(named: "F"))
        func send(_ slug: String) async throws -> EchoReply {
            let located = try #require(collection.locate([slug]))
            let resolved = try RequestResolver(collection: collection, folders: [], request: located.request,
                                               environment: collection.defaultEnvironment, processEnvironment: [:]).resolve()
            return try await resolved.request.send()
        }
        let form = try await send("form")
        #expect(form.body == "a=x+y" && form.header("Content-Type") == "application/x-www-form-urlencoded")
        let multi = try await send("multi")
        #expect(multi.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(multi.body.contains("name=\"note\"\r\n\r\nhi"))
        #expect(multi.body.contains("name=\"up\"; filename=\"d.json\"\r\nContent-Type: application/json\r\n\r\n{}"))
    }
}
