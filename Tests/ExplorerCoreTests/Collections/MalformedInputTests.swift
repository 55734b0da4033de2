@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Malformed collection files: located messages, and everything else still loads")
struct MalformedInputTests {
    /// A collection `Mini` with one good request `ok.yaml`, one broken request `bad.yaml` and a second good collection.
    func load(bad: String, name: String = "bad.yaml", loader: CollectionLoader = CollectionLoader(environment: [:]))
        throws -> (TempCollections, CollectionLoadResult) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        try temp.write("Other/collection.yaml", "name: Other\n")
        try temp.write("Other/fine.yaml", "url: /fine\n")
        try temp.write("Mini/\(name)", bad)
        return (temp, temp.load(loader))
    }

    func loadBytes(_ data: Data) throws -> (TempCollections, CollectionLoadResult) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        try temp.write("Mini/bad.yaml", data: data)
        return (temp, temp.load())
    }

    /// The one problem in `bad.yaml`, checked for location and text; the good requests loaded.
    func expectOne(_ result: CollectionLoadResult, file: String = "Mini/bad.yaml", line: Int, column: Int,
                   _ message: String, warning: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(result.problems.count == 1, "\(result.problems)", sourceLocation: sourceLocation)
        let problem = result.problems.first
        #expect(problem?.location.file.hasSuffix(file) == true, sourceLocation: sourceLocation)
        #expect(problem?.location.line == line, "\(String(describing: problem))", sourceLocation: sourceLocation)
        #expect(problem?.location.column == column, "\(String(describing: problem))", sourceLocation: sourceLocation)
        #expect(problem?.message == message, sourceLocation: sourceLocation)
        #expect(problem?.isWarning == warning, sourceLocation: sourceLocation)
        #expect(result.request("Mini/ok") != nil, sourceLocation: sourceLocation)
        if result.collection(named: "Other") != nil {
            #expect(result.request("Other/fine") != nil, sourceLocation: sourceLocation)
        }
    }

    @Test func yamlSyntaxError() throws {
        let (_, result) = try load(bad: "url: /x\nheaders:\n  - name: [unclosed\n")
        #expect(result.problems.count == 1)
        let problem = try #require(result.problems.first)
        #expect(problem.location.file.hasSuffix("Mini/bad.yaml") && problem.location.line == 4 && problem.location.column == 1)
        #expect(problem.message.hasPrefix("invalid YAML: "), "\(problem)")
        #expect(problem.description.hasPrefix(problem.location.file + ":4:1: error: invalid YAML"))
        #expect(result.request("Mini/bad") == nil && result.request("Mini/ok") != nil && result.request("Other/fine") != nil)
    }

    @Test func aListWhereTextIsExpected() throws {
        let (_, result) = try load(bad: "url:\n  - /a\n  - /b\n")
        expectOne(result, line: 2, column: 3, "expected 'url' to be text, found a list")
    }

    @Test func aMappingWhereAListIsExpected() throws {
        let (_, result) = try load(bad: "url: /x\nheaders:\n  Accept: json\n")
        expectOne(result, line: 3, column: 3, "expected 'headers' to be a list (items starting with '- '), found a mapping")
    }

    @Test func aMissingURL() throws {
        let (_, result) = try load(bad: "name: No URL\nmethod: GET\n")
        expectOne(result, line: 1, column: 1, "missing 'url' in a request")
    }

    @Test func anUnknownKeyIsAWarningAndTheRequestStillLoads() throws {
        let (_, result) = try load(bad: "url: /x\nheders:\n  - name: A\n    value: b\n")
        expectOne(result, line: 2, column: 1,
                  "unknown key 'heders' in a request (did you mean 'headers'?); expected one of: "
                      + CollectionFileParser.requestKeys.joined(separator: ", "), warning: true)
        #expect(result.request("Mini/bad")?.url == "/x")
    }

    @Test func anUnknownKeyInACollectionIsAWarning() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection + "\nEnvironment: x\n")
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        let result = temp.load()
        #expect(result.problems.map(\.message) == ["unknown key 'Environment' in collection.yaml (did you mean 'environments'?); expected one of: "
            + CollectionFileParser.collectionKeys.joined(separator: ", ")])
        #expect(result.problems.first?.location.line == 5 && result.problems.first?.isWarning == true)
        #expect(result.request("Mini/ok") != nil)
    }

    @Test func aBadMethod() throws {
        let (_, result) = try load(bad: "url: /x\nmethod: GET /x\n")
        expectOne(result, line: 2, column: 1,
                  "'GET /X' is not an HTTP method; expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or another word")
    }

    @Test func aURLWithSpaces() throws {
        let (_, result) = try load(bad: "url: /a b\n")
        expectOne(result, line: 1, column: 1, "the url '/a b' contains spaces; encode them as %20")
    }

    @Test func anUnknownAuthType() throws {
        let (_, result) = try load(bad: "url: /x\nauth:\n  type: oauth3\n")
        expectOne(result, line: 3, column: 3, "unknown auth type 'oauth3'; expected inherit, none, basic, bearer, apikey, digest, aws or oauth2")
    }

    @Test func anUnknownBodyType() throws {
        let (_, result) = try load(bad: "url: /x\nbody:\n  type: xml\n  content: <a/>\n")
        expectOne(result, line: 3, column: 3, "unknown body type 'xml'; expected none, json, text, form, multipart, file or graphql")
    }

    @Test func aMultipartFieldNeedsExactlyOneOfValueOrFile() throws {
        let (_, result) = try load(bad: "url: /x\nbody:\n  type: multipart\n  fields:\n    - name: both\n      value: a\n      file: b\n")
        expectOne(result, line: 5, column: 7, "multipart field 'both' needs exactly one of 'value' or 'file'")
    }

    @Test func aBadHeaderName() throws {
        let (_, result) = try load(bad: "url: /x\nheaders:\n  - name: \"Bad: Name\"\n    value: v\n")
        expectOne(result, line: 3, column: 5, "'Bad: Name' is not a valid header name (no spaces or colons)")
    }

    @Test func aBadBoolAndTimeout() throws {
        let (_, bool) = try load(bad: "url: /x\nfollowRedirects: maybe\n")
        expectOne(bool, line: 2, column: 18, "expected 'followRedirects' to be true or false, found 'maybe'")
        let (_, timeout) = try load(bad: "url: /x\ntimeout: -1\n")
        expectOne(timeout, line: 2, column: 10, "expected 'timeout' to be a number of seconds, found '-1'")
    }

    @Test func aBadVariableName() throws {
        let (_, result) = try load(bad: "url: /x\nvariables:\n  - name: a b\n    value: 1\n")
        expectOne(result, line: 3, column: 5, "'a b' is not a valid variable name (letters, digits, '_', '-', '.')")
    }

    func loadCollection(_ manifest: String) throws -> CollectionLoadResult {
        let temp = try TempCollections()
        try temp.write("Broken/collection.yaml", manifest)
        try temp.write("Broken/req.yaml", "url: /x\n")
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        return temp.load()
    }

    @Test func aBadEnvironmentBaseURL() throws {
        let result = try loadCollection("name: B\nenvironments:\n  - name: prod\n    baseURL: ftp://example.com\n")
        expectOne(result, file: "Broken/collection.yaml", line: 4, column: 5,
                  "environment 'prod' has baseURL 'ftp://example.com', which is not an http://, https://, ws://, wss://, grpc:// or grpcs:// URL (or builtin:demo)")
        #expect(result.collection(named: "Broken") == nil)
    }

    @Test func aProtectedEnvironmentIsReadAndABadValueIsLocated() throws {
        let good = try loadCollection("name: B\nenvironments:\n  - name: prod\n    baseURL: http://a\n    protected: true\n  - name: dev\n    baseURL: http://b\n")
        #expect(good.problems.isEmpty, "\(good.problems)")
        #expect(good.collection(named: "B")?.environment(named: "prod")?.isProtected == true)
        #expect(good.collection(named: "B")?.environment(named: "dev")?.isProtected == false)
        let result = try loadCollection("name: B\nenvironments:\n  - name: prod\n    baseURL: http://a\n    protected: maybe\n")
        expectOne(result, file: "Broken/collection.yaml", line: 5, column: 16, "expected 'protected' to be true or false, found 'maybe'")
        #expect(result.problems.first?.description.contains("collection.yaml:5:") == true, "\(result.problems)")
    }

    @Test func aMissingEnvironmentBaseURL() throws {
        let result = try loadCollection("name: B\nenvironments:\n  - name: prod\n")
        expectOne(result, file: "Broken/collection.yaml", line: 3, column: 5, "missing 'baseURL' in environment 'prod'")
    }

    @Test func aDuplicateEnvironmentName() throws {
        let result = try loadCollection("""
        name: B
        environments:
          - name: local
            baseURL: http://a
          - name: Local
            baseURL: http://b
        """)
        expectOne(result, file: "Broken/collection.yaml", line: 5, column: 5, "duplicate environment name 'Local'")
    }

    @Test func twoDefaultEnvironmentsAreAWarningAndTheFirstIsUsed() throws {
        let result = try loadCollection("""
        name: B
        environments:
          - name: a
            baseURL: http://a
            default: true
          - name: b
            baseURL: http://b
            default: true
        """)
        expectOne(result, file: "Broken/collection.yaml", line: 8, column: 5,
                  "environment 'b' is marked default too; 'a', the first so marked, is used", warning: true)
        #expect(result.collection(named: "B")?.defaultEnvironment?.name == "a")
    }

    @Test func aDuplicateRequestSlug() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/a.yaml", "url: /from-yaml\n")
        try temp.write("Mini/a.yml", "url: /from-yml\n")
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        let result = temp.load()
        expectOne(result, file: "Mini/a.yml", line: 0, column: 0,
                  "skipped: 'a.yaml' in the same folder already defines the request 'a'")
        #expect(result.request("Mini/a")?.url == "/from-yaml")
    }

    @Test func anEmptyFile() throws {
        let (_, result) = try load(bad: "")
        expectOne(result, line: 1, column: 1, "the file is empty; expected a request (name, method, url...)")
        let (_, comments) = try load(bad: "# only a comment\n")
        expectOne(comments, line: 1, column: 1, "the file is empty; expected a request (name, method, url...)")
    }

    @Test func aScalarDocument() throws {
        let (_, result) = try load(bad: "just text\n")
        expectOne(result, line: 1, column: 1,
                  "expected a request (name, method, url...) to be a mapping of keys to values, found the text 'just text'")
    }

    @Test func binaryGarbageWithNULBytes() throws {
        let (_, result) = try loadBytes(Data("url: /x\nname: a".utf8) + Data([0, 1, 2, 0x7F]))
        expectOne(result, line: 2, column: 1, "the file contains NUL bytes (is it a binary file?)")
    }

    @Test func nonUTF8TextIsLocatedAtItsFirstInvalidByte() throws {
        // Line 2, after "url: /café/" (11 characters, é counted once): the Latin-1 é (0xE9) of "caf\u{E9}".
        let (_, result) = try loadBytes(Data("name: x\nurl: /café/caf".utf8) + Data([0xE9, 0x0A]))
        expectOne(result, line: 2, column: 15, "the file is not UTF-8 text: byte 0xE9 is not valid UTF-8 (saved as Latin-1? save it as UTF-8)")
    }

    @Test func aDuplicateKeyIsNamedWithItsLine() throws {
        let (_, result) = try load(bad: "name: Dup\nmethod: GET\nheaders: []\nurl: /a\nurl: /b\n")
        expectOne(result, line: 4, column: 1, "duplicate key 'url'")
        #expect(result.problems.first?.description.hasSuffix("bad.yaml:4:1: error: duplicate key 'url'") == true,
                "\(result.problems.first?.description ?? "")")
    }

    @Test func anAbsoluteURLThatDoesNotParseIsCaughtWhenLoading() throws {
        let (_, result) = try load(bad: "name: Bad\nurl: \"http://[::1/oops\"\n")
        expectOne(result, line: 2, column: 1, "the url 'http://[::1/oops' is not a valid URL")
        #expect(result.request("Mini/bad") == nil)
    }

    @Test func aFileOverTheSizeLimit() throws {
        var loader = CollectionLoader(environment: [:])
        loader.maximumFileSize = 100
        let (_, result) = try load(bad: "url: /x\ndescription: " + String(repeating: "x", count: 100) + "\n", loader: loader)
        expectOne(result, line: 0, column: 0, "the file is 122 bytes; collection files are limited to 100 bytes")
    }

    @Test func aFileOverTheSizeLimitInMegabytes() throws {
        var loader = CollectionLoader(environment: [:])
        loader.maximumFileSize = 1024 * 1024
        let (_, result) = try load(bad: "url: /x\ndescription: " + String(repeating: "x", count: 3 * 1024 * 1024) + "\n", loader: loader)
        expectOne(result, line: 0, column: 0, "the file is 3.0 MB; collection files are limited to 1.0 MB")
    }

    @Test func permissionDenied() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        let path = try temp.write("Mini/bad.yaml", "url: /secret\n")
        chmod(path, 0)
        let result = temp.load()
        if getuid() == 0 {
            // root reads the file anyway; the loader must then simply load it.
            #expect(result.request("Mini/bad")?.url == "/secret")
        } else {
            expectOne(result, line: 0, column: 0, "permission denied; check the file's permissions")
        }
        #expect(result.request("Mini/ok") != nil)
    }

    @Test func aDirectorySymlinkLoop() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/sub/ok.yaml", "url: /ok\n")
        try FileManager.default.createSymbolicLink(atPath: temp.path("Mini/sub/loop"), withDestinationPath: temp.path("Mini"))
        let result = temp.load()
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.location.file == temp.path("Mini/sub/loop"))
        #expect(result.problems.first?.message == "skipped: this folder links back to a folder already loaded (a symbolic link loop)")
        #expect(result.request("Mini/sub/ok") != nil)
    }

    @Test func aBrokenSymlink() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        try FileManager.default.createSymbolicLink(atPath: temp.path("Mini/gone.yaml"), withDestinationPath: temp.path("nowhere.yaml"))
        let result = temp.load()
        expectOne(result, file: "Mini/gone.yaml", line: 0, column: 0, "cannot be read (a broken symbolic link?)")
    }

    @Test func foldersNestedTooDeep() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/a/b/c/deep.yaml", "url: /deep\n")
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        var loader = CollectionLoader(environment: [:])
        loader.maximumDepth = 2
        let result = temp.load(loader)
        expectOne(result, file: "Mini/a/b/c", line: 0, column: 0, "skipped: folders are nested more than 2 deep")
    }

    @Test func aBrokenFolderManifestSkipsOnlyThatFolder() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/broken/folder.yaml", "headers: nope\n")
        try temp.write("Mini/broken/r.yaml", "url: /r\n")
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        let result = temp.load()
        expectOne(result, file: "Mini/broken/folder.yaml", line: 1, column: 10,
                  "expected 'headers' to be a list (items starting with '- '), found the text 'nope'")
        #expect(result.request("Mini/broken/r") == nil)
    }

    @Test func aBrokenSecretsFileIsReportedAndTheCollectionStillLoads() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/ok.yaml", "url: /ok\n")
        try temp.write("Mini/secrets.local.yaml", "local: [unclosed\n")
        let result = temp.load()
        #expect(result.problems.count == 1 && result.problems.first?.location.file.hasSuffix("secrets.local.yaml") == true)
        #expect(result.request("Mini/ok") != nil)
    }

    /// WebSocket keys (issue 28): a bad subprotocol token and a message with two contents are named where they are.
    @Test func webSocketProtocolsAndMessagesAreChecked() throws {
        let (_, tokens) = try load(bad: "method: WS\nurl: /chat\nprotocols:\n  - chat v2\n")
        expectOne(tokens, line: 4, column: 5, "expected each item of 'protocols' to be a subprotocol token (like chat.v2), found the text 'chat v2'")
        let (_, two) = try load(bad: "url: ws://h/\nmessages:\n  - name: x\n    text: a\n    base64: AA==\n")
        expectOne(two, line: 3, column: 5, "a message needs exactly one of text, json or base64")
        let (_, good) = try load(bad: "url: wss://h/chat\nprotocols: [chat.v2]\nmessages:\n  - json: '{\"a\": 1}'\n  - name: raw\n    base64: AAEC\n", name: "good.yaml")
        let request = try #require(good.request("Mini/good"))
        #expect(request.isWebSocket && request.protocols == ["chat.v2"])
        #expect(request.messages == [SavedMessage(name: "message 1", format: .json, content: "{\"a\": 1}"),
                                     SavedMessage(name: "raw", format: .base64, content: "AAEC")])
    }
}
