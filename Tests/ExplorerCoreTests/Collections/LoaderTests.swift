@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Loading collections from disk")
struct LoaderTests {
    static let manifest = """
    name: Full Service
    description: Everything the format has.
    headers:
      - name: Accept
        value: application/json
      - name: X-Off
        value: "no"
        enabled: false
    auth:
      type: bearer
      token: "{{token}}"
    variables:
      - name: userId
        value: 7
      - name: apiKey
        value: ""
        secret: true
        fromEnv: FULL_API_KEY
    environments:
      - name: local
        baseURL: http://127.0.0.1:8080
        default: true
        variables:
          - name: token
            value: local-token
            secret: true
      - name: demo
        baseURL: builtin:demo
    """

    @Test func aFullCollectionLoadsIntoExactlyTheModel() throws {
        let temp = try TempCollections()
        let dir = "Full"
        try temp.write("\(dir)/collection.yaml", Self.manifest)
        try temp.write("\(dir)/users/folder.yaml", """
        name: Users
        description: User things
        headers:
          - name: X-Folder
            value: users
        auth:
          type: basic
          username: ada
          password: "{{pw}}"
        variables:
          - name: pw
            value: secret
        """)
        try temp.write("\(dir)/users/admin/folder.yml", "name: Admin\nauth:\n  type: none\n")
        try temp.write("\(dir)/users/admin/purge.yaml", """
        method: delete
        url: /admin/purge
        auth:
          type: apikey
          name: X-Key
          value: "{{apiKey}}"
          in: query
        """)
        try temp.write("\(dir)/users/get.yaml", """
        name: Get user
        method: GET
        url: /users/{{userId}}?expand=1
        description: One user
        query:
          - name: fields
            value: id,name
          - name: debug
            value: "true"
            enabled: false
        headers:
          - name: X-Trace
            value: "1"
          - name: X-Disabled
            value: off
            enabled: false
        variables:
          - name: userId
            value: "9"
        timeout: 2.5
        followRedirects: false
        verifyTLS: true
        """)
        try temp.write("\(dir)/bodies/json.yaml", "method: POST\nurl: /echo\nbody:\n  type: json\n  content: '{\"a\": {{userId}}}'\n")
        try temp.write("\(dir)/bodies/text.yaml", "method: POST\nurl: /echo\nbody:\n  type: text\n  content: hello\n  contentType: text/csv\n")
        try temp.write("\(dir)/bodies/form.yaml", """
        method: POST
        url: /echo
        body:
          type: form
          fields:
            - name: q
              value: a b
            - name: off
              value: x
              enabled: false
        """)
        try temp.write("\(dir)/bodies/multipart.yaml", """
        method: POST
        url: /echo
        body:
          type: multipart
          fields:
            - name: note
              value: hi
            - name: upload
              file: _files/data.json
              contentType: application/json
            - name: skipped
              value: x
              enabled: false
        """)
        try temp.write("\(dir)/bodies/file.yaml", "method: PUT\nurl: /echo\nbody:\n  type: file\n  file: _files/data.json\n")
        try temp.write("\(dir)/bodies/none.yaml", "method: POST\nurl: /echo\nbody:\n  type: none\n")
        try temp.write("\(dir)/bodies/_files/data.json", "{\"url\": \"/not-a-request\"}")
        try temp.write("\(dir)/bodies/_files/looks-like.yaml", "url: /not-a-request\n")
        try temp.write("\(dir)/bodies/notes.local.yaml", "url: /not-a-request\n")
        try temp.write("\(dir)/bodies/readme.txt", "not a request")
        try temp.write("\(dir)/ping.json", #"{"name": "Ping", "method": "HEAD", "url": "https://example.invalid/ping", "headers": [{"name": "X-J", "value": "1"}]}"#)

        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "full"))
        let root = temp.path(dir)
        #expect(collection.name == "Full Service" && collection.slug == "Full" && collection.directory == root)
        #expect(collection.root.description == "Everything the format has.")
        #expect(collection.root.headers == [KeyValue("Accept", "application/json"), KeyValue("X-Off", "no", enabled: false)])
        #expect(collection.root.auth == .bearer(token: "{{token}}"))
        #expect(collection.root.variables == [Variable(name: "userId", value: "7"),
                                              Variable(name: "apiKey", value: "", secret: true, fromEnvironment: "FULL_API_KEY")])
        #expect(collection.environments == [
            EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:8080", isDefault: true,
                            variables: [Variable(name: "token", value: "local-token", secret: true)]),
            EnvironmentSpec(name: "demo", baseURL: "builtin:demo"),
        ])
        #expect(collection.defaultEnvironment?.name == "local")
        #expect(collection.environments[1].usesBuiltInDemo)
        #expect(collection.root.requests.map(\.slug) == ["ping"])
        #expect(collection.root.requests.first == RequestSpec(
            name: "Ping", slug: "ping", method: "HEAD", url: "https://example.invalid/ping", headers: [KeyValue("X-J", "1")],
            file: root + "/ping.json"))
        #expect(collection.root.folders.map(\.slug) == ["bodies", "users"])

        let bodies = collection.root.folders[0]
        #expect(bodies.name == "bodies" && bodies.auth == .inherit && bodies.headers.isEmpty)
        #expect(bodies.folders.isEmpty, "_files must not become a folder")
        #expect(bodies.requests.map(\.slug) == ["file", "form", "json", "multipart", "none", "text"])
        let byBody = Dictionary(uniqueKeysWithValues: bodies.requests.map { ($0.slug, $0.body) })
        #expect(byBody["json"] == .json("{\"a\": {{userId}}}"))
        #expect(byBody["text"] == .text("hello", contentType: "text/csv"))
        #expect(byBody["form"] == .form([KeyValue("q", "a b"), KeyValue("off", "x", enabled: false)]))
        #expect(byBody["multipart"] == .multipart([
            MultipartField(name: "note", value: "hi"),
            MultipartField(name: "upload", file: "_files/data.json", contentType: "application/json"),
            MultipartField(name: "skipped", value: "x", enabled: false),
        ]))
        #expect(byBody["file"] == .file(path: "_files/data.json", contentType: nil))
        #expect(byBody["none"] == BodySpec.none)
        #expect(bodies.requests.first { $0.slug == "file" }?.method == "PUT")

        let users = collection.root.folders[1]
        #expect(users == FolderSpec(
            name: "Users", slug: "users", description: "User things", headers: [KeyValue("X-Folder", "users")],
            auth: .basic(username: "ada", password: "{{pw}}"), variables: [Variable(name: "pw", value: "secret")],
            folders: users.folders, requests: users.requests, directory: root + "/users"))
        #expect(users.requests == [RequestSpec(
            name: "Get user", slug: "get", method: "GET", url: "/users/{{userId}}?expand=1", description: "One user",
            query: [KeyValue("fields", "id,name"), KeyValue("debug", "true", enabled: false)],
            headers: [KeyValue("X-Trace", "1"), KeyValue("X-Disabled", "off", enabled: false)],
            variables: [Variable(name: "userId", value: "9")], timeout: 2.5, followRedirects: false, verifyTLS: true,
            file: root + "/users/get.yaml")])
        let admin = try #require(users.folders.first)
        #expect(admin.name == "Admin" && admin.slug == "admin" && admin.auth == AuthSpec.none)
        #expect(admin.requests == [RequestSpec(name: "purge", slug: "purge", method: "DELETE", url: "/admin/purge",
                                               auth: .apiKey(name: "X-Key", value: "{{apiKey}}", inQuery: true),
                                               file: root + "/users/admin/purge.yaml")])
        #expect(collection.allRequests.count == 9)
        #expect(collection.locate(["Users", "ADMIN", "purge"])?.folders.map(\.slug) == ["users", "admin"])
        // Every file read is remembered byte for byte, for conflict checks when saving.
        #expect(result.loadedFiles[root + "/users/get.yaml"] == FileManager.default.contents(atPath: root + "/users/get.yaml"))
        #expect(result.loadedFiles[root + "/bodies/notes.local.yaml"] == nil)
    }

    @Test func collectionsLoadInNameOrderAndDirectoriesWithoutAManifestAreIgnored() throws {
        let temp = try TempCollections()
        try temp.write("b/collection.yaml", "name: Bee\n")
        try temp.write("a/collection.yml", "name: Ay\n")
        try temp.write("c/collection.json", #"{"name": "Sea"}"#)
        try temp.write("not-a-collection/req.yaml", "url: /x\n")
        try temp.write(".hidden/collection.yaml", "name: Hidden\n")
        let result = temp.load()
        #expect(result.problems.isEmpty)
        #expect(result.collections.map(\.name) == ["Ay", "Bee", "Sea"])
    }

    @Test func theTLSKeysOfAnEnvironmentLoadWithoutWarnings() throws {
        let temp = try TempCollections()
        try temp.write("t/collection.yaml", """
        name: T
        environments:
          - name: staging
            baseURL: https://staging.test
            caCertificates: certs/company-ca.pem
            clientCertificate: certs/me.pem
            clientKey: certs/me-key.pem
            clientKeyPassphrase: "{{keyPassphrase}}"
        """)
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let environment = try #require(result.collections.first?.environments.first)
        #expect(environment == EnvironmentSpec(name: "staging", baseURL: "https://staging.test", caCertificates: "certs/company-ca.pem",
                                               clientCertificate: "certs/me.pem", clientKey: "certs/me-key.pem",
                                               clientKeyPassphrase: "{{keyPassphrase}}"))
    }

    @Test func aBadProxyIsAnErrorNamingTheEnvironment() throws {
        let temp = try TempCollections()
        try temp.write("p/collection.yaml", "name: P\nenvironments:\n  - name: office\n    baseURL: http://api.test\n    proxy: ftp://nope\n")
        let result = temp.load()
        #expect(result.problems.contains { $0.message.contains("environment 'office' has proxy 'ftp://nope', which is not an http:// proxy URL") },
                "\(result.problems)")
    }

    @Test func aMissingDirectoryIsOneProblem() {
        let result = CollectionLoader().load(directory: "/nonexistent-\(UUID().uuidString)")
        #expect(result.collections.isEmpty)
        #expect(result.problems.map(\.message) == ["the collections directory does not exist"])
    }

    @Test func theBundledCollectionsLoadWithoutProblems() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Collections").path
        let result = CollectionLoader(environment: [:]).load(directory: root)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.collections.map(\.slug).contains("Demo"))
        #expect(result.collection(named: "Demo")?.defaultEnvironment?.usesBuiltInDemo == true)
    }
}

@Suite("Loading only what the first frame needs")
struct ShallowLoadTests {
    @Test func nestedRequestFilesAreLeftUnreadUntilAFullLoad() throws {
        let temp = try TempCollections()
        try temp.write("Shop/collection.yaml", "name: Shop\n")
        try temp.write("Shop/top.yaml", "name: Top\nmethod: GET\nurl: /top\n")
        try temp.write("Shop/orders/folder.yaml", "name: Orders\n")
        try temp.write("Shop/orders/list.yaml", "name: List orders\nmethod: GET\nurl: /orders\n")
        try temp.write("Shop/orders/broken.yaml", "name: [unclosed\n")
        var loader = CollectionLoader(environment: [:])
        loader.readsNestedRequests = false
        let shallow = loader.load(directory: temp.root)
        #expect(!shallow.isComplete)
        let shop = try #require(shallow.collections.first)
        #expect(shop.root.requests.map(\.name) == ["Top"])
        #expect(shop.root.folders.map(\.name) == ["Orders"])
        #expect(shop.root.folders.first?.requests.isEmpty == true)
        #expect(shallow.problems.isEmpty)

        let full = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(full.isComplete)
        #expect(full.collections.first?.root.folders.first?.requests.map(\.name) == ["List orders"])
        #expect(full.problems.count == 1 && full.problems.first?.location.file.hasSuffix("broken.yaml") == true)
    }
}
