@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Resolving saved requests: variables, secrets, headers, auth and URLs")
struct ResolutionTests {
    static let collection = CollectionSpec(
        root: FolderSpec(name: "Svc", slug: "svc", headers: [KeyValue("Accept", "application/json"), KeyValue("X-Level", "collection")],
                         auth: .bearer(token: "{{token}}"),
                         variables: [Variable(name: "v", value: "collection"), Variable(name: "onlyCollection", value: "c")]),
        environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:9/api/", variables: [
            Variable(name: "v", value: "environment"), Variable(name: "token", value: "tok-secret-123", secret: true),
        ])])
    static let outer = FolderSpec(name: "Outer", slug: "outer", headers: [KeyValue("X-Level", "outer"), KeyValue("X-Outer", "1")],
                                  variables: [Variable(name: "v", value: "outer"), Variable(name: "f", value: "outer")])
    static let inner = FolderSpec(name: "Inner", slug: "inner", headers: [KeyValue("x-level", "inner")],
                                  variables: [Variable(name: "f", value: "inner")])

    func resolver(_ request: RequestSpec, folders: [FolderSpec] = [outer, inner], environment: EnvironmentSpec? = collection.environments.first,
                  overrides: [Variable] = [], env: [String: String] = [:]) -> RequestResolver {
        RequestResolver(collection: Self.collection, folders: folders, request: request, environment: environment,
                        overrides: overrides, processEnvironment: env)
    }

    func text(_ resolver: RequestResolver, _ template: String) throws -> String {
        do { return try resolver.variableResolver.resolve(template) } catch {
            Issue.record("\(error)")
            return ""
        }
    }

    @Test func scopesWinInOrderSetEnvironmentRequestFolderCollection() throws {
        var request = RequestSpec(name: "r", slug: "r", url: "/x", variables: [Variable(name: "v", value: "request"), Variable(name: "f", value: "request")])
        #expect(try text(resolver(request, overrides: [Variable(name: "v", value: "set")]), "{{v}}") == "set")
        #expect(try text(resolver(request), "{{v}}") == "environment")
        #expect(try text(resolver(request, environment: nil), "{{v}}") == "request")
        #expect(try text(resolver(request), "{{f}}") == "request")
        request.variables = []
        #expect(try text(resolver(request, environment: nil), "{{v}}") == "outer")
        #expect(try text(resolver(request), "{{f}}") == "inner", "the nearest folder wins")
        #expect(try text(resolver(request, folders: [], environment: nil), "{{v}} {{onlyCollection}}") == "collection c")
        #expect(resolver(request).variableResolver.scopes.map(\.origin) == ["command line", "environment local", "request", "folder Inner", "folder Outer", "collection"])
    }

    /// The preview shows the query list and a query API key (it showed neither), readable and with secrets masked.
    @Test func thePreviewShowsTheQueryAndAQueryAPIKeyWithSecretsMasked() throws {
        let request = RequestSpec(name: "r", slug: "r", url: "/search?q=a b", query: [KeyValue("page", "{{v}}"), KeyValue("off", "x", enabled: false)],
                                  auth: .apiKey(name: "key", value: "{{token}}", inQuery: true))
        #expect(try resolver(request).previewURLString() == "http://127.0.0.1:9/api/search?q=a b&page=environment&key=\(SecretMasker.mask)")
        let ambiguous = RequestSpec(name: "r", slug: "r", url: "/x", query: [KeyValue("b", "two words & more=1")], auth: .none)
        #expect(try resolver(ambiguous).previewURLString() == "http://127.0.0.1:9/api/x?b=two%20words%20%26%20more%3D1")
        let plain = RequestSpec(name: "r", slug: "r", url: "/x", auth: .none)
        #expect(try resolver(plain).previewURLString() == "http://127.0.0.1:9/api/x")
    }

    @Test func variablesReferToVariablesAndBaseURLIsOne() throws {
        let request = RequestSpec(name: "r", slug: "r", url: "/x", variables: [Variable(name: "a", value: "<{{b}}>"), Variable(name: "b", value: "{{v}}")])
        #expect(try text(resolver(request), "{{a}} {{ a }}") == "<environment> <environment>")
        #expect(try text(resolver(request), "{{baseURL}}") == "http://127.0.0.1:9/api/")
    }

    @Test func builtIns() throws {
        let r = resolver(RequestSpec(name: "r", slug: "r", url: "/x"), env: ["HOME_X": "/home/x"])
        let uuid = try text(r, "{{$uuid}}")
        #expect(UUID(uuidString: uuid) != nil && uuid == uuid.lowercased())
        #expect(try text(r, "{{$uuid}}") != uuid)
        let now = Int(Date().timeIntervalSince1970)
        let stamp = try #require(Int(try text(r, "{{$timestamp}}")))
        #expect(abs(stamp - now) <= 2)
        let random = try #require(Int(try text(r, "{{$randomInt}}")))
        #expect((0..<1000).contains(random))
        // An environment variable is read only when sending, and only in a trusted collection; a preview shows it.
        #expect(try text(r, "{{$env.HOME_X}}/y") == "{{$env.HOME_X}}/y")
        var sending = r
        sending.inputs.isSending = true
        sending.inputs.trust = TrustGrant(reads: [OutsideRead(.environment, "HOME_X"), OutsideRead(.environment, "NOT_SET_X")])
        #expect(try sending.variableResolver.resolve("{{$env.HOME_X}}/y") == "/home/x/y")
        #expect(ISO8601DateFormatter().date(from: try text(r, "{{$isoTimestamp}}")) != nil)
        do {
            _ = try sending.variableResolver.resolve("{{$env.NOT_SET_X}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.name == "$env.NOT_SET_X" && error.reason == "reads the process environment variable NOT_SET_X, which is not set")
            #expect(error.description.hasSuffix("Set NOT_SET_X in the shell that starts apiexplorer."))
        }
        do {
            _ = try r.variableResolver.resolve("{{$nope}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason.hasPrefix("is not a built-in"))
        }
    }

    @Test func escapesAndUnclosedBracesAreLiteral() throws {
        let r = resolver(RequestSpec(name: "r", slug: "r", url: "/x"))
        #expect(try text(r, #"\{{v}} is {{v}}"#) == "{{v}} is environment")
        #expect(try text(r, "open {{v") == "open {{v")
        #expect(try text(r, "no braces") == "no braces")
    }

    @Test func anUnresolvedVariableNamesTheVariableTheRequestAndTheEnvironment() throws {
        let r = resolver(RequestSpec(name: "r", slug: "get-x", url: "/x/{{missing}}"))
        do {
            _ = try r.resolve()
            Issue.record("expected an error")
        } catch {
            #expect(error == .variable(VariableError(name: "missing", context: "request svc/outer/inner/get-x", environment: "local")))
            #expect(error.description == "The variable {{missing}} is not defined (in request svc/outer/inner/get-x, environment 'local'). "
                + "Define it in the environment, the collection, or pass --set missing=VALUE.")
        }
        do {
            _ = try resolver(RequestSpec(name: "r", slug: "y", url: "http://h/{{missing}}"), folders: [], environment: nil).resolve()
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("(in request svc/y, no environment)"))
        }
    }

    @Test func cyclesAreReportedWithTheirChain() throws {
        let request = RequestSpec(name: "r", slug: "r", url: "/x", variables: [Variable(name: "a", value: "{{b}}"), Variable(name: "b", value: "x{{a}}"),
                                                                               Variable(name: "self", value: "{{self}}")])
        let r = resolver(request)
        do {
            _ = try r.variableResolver.resolve("{{a}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.name == "a" && error.reason == "refers to itself through {{a}} → {{b}} → {{a}}")
            // The advice fits a loop (it said to define the variable with --set, which is not the problem).
            #expect(error.description.hasSuffix("Give one of these variables a value that does not refer back."))
            #expect(!error.description.contains("--set"))
        }
        do {
            _ = try r.variableResolver.resolve("{{self}}")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "refers to itself through {{self}} → {{self}}")
        }
    }

    @Test func secretsComeFromTheLocalFileAndFromEnvAndAreMasked() throws {
        let temp = try TempCollections()
        try temp.write("S/collection.yaml", """
        name: S
        environments:
          - name: local
            baseURL: http://127.0.0.1:9
            variables:
              - name: token
                secret: true
              - name: fromEnvVar
                secret: true
                fromEnv: S_TOKEN
              - name: both
                value: shared-default
                secret: true
                fromEnv: S_BOTH
              - name: plain
                value: visible
          - name: Prod
            baseURL: https://example.invalid
            variables:
              - name: token
                secret: true
        """)
        try temp.write("S/secrets.local.yaml", """
        local:
          token: local-file-token
          both: from-file
          extra: extra-secret
        prod:
          token: prod-token
        """)
        try temp.write("S/r.yaml", "url: /r\nheaders:\n  - name: Authorization\n    value: Bearer {{token}}\n  - name: X-Both\n    value: \"{{both}}\"\n")
        let result = temp.load(CollectionLoader(environment: ["S_TOKEN": "env-token", "S_BOTH": "env-both"]))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        let local = try #require(collection.environment(named: "local"))
        #expect(local.variables == [
            Variable(name: "token", value: "local-file-token", secret: true),
            Variable(name: "fromEnvVar", value: "", secret: true, fromEnvironment: "S_TOKEN"),
            Variable(name: "both", value: "from-file", secret: true, fromEnvironment: "S_BOTH"),
            Variable(name: "plain", value: "visible"),
            Variable(name: "extra", value: "extra-secret", secret: true),
        ])
        #expect(collection.environment(named: "prod")?.variables == [Variable(name: "token", value: "prod-token", secret: true)])
        #expect(result.request("S/r") != nil, "secrets.local.yaml is not a request")
        #expect(collection.allRequests.count == 1)

        let located = try #require(collection.locate(["r"]))
        // fromEnv is read when sending, from the process environment, in a trusted collection; it wins over the file.
        var resolver = RequestResolver(collection: collection, folders: [], request: located.request, environment: local,
                                       processEnvironment: ["S_TOKEN": "env-token", "S_BOTH": "env-both"])
        resolver.inputs.isSending = true
        resolver.inputs.trust = TrustGrant(collection.trustList)
        let resolved = try resolver.resolve()
        #expect(resolved.request.effectiveHeaders["X-Both"] == "env-both")
        #expect(Set(resolved.secretValues) == ["local-file-token", "extra-secret", "env-token", "env-both", "from-file"])
        #expect(resolved.request.effectiveHeaders["Authorization"] == "Bearer local-file-token")
        #expect(resolved.masked("Authorization: Bearer local-file-token; plain visible; env-both")
                    == "Authorization: Bearer ••••••; plain visible; ••••••")
    }

    @Test func secretValuesIncludeResolvedForms() throws {
        let env = EnvironmentSpec(name: "e", baseURL: "http://127.0.0.1:9", variables: [
            Variable(name: "user", value: "ada"), Variable(name: "cred", value: "{{user}}:pw-1234", secret: true),
        ])
        let r = resolver(RequestSpec(name: "r", slug: "r", url: "/x"), environment: env)
        #expect(Set(r.variableResolver.secretValues) == ["ada:pw-1234", "{{user}}:pw-1234"])
        #expect(SecretMasker(secrets: ["ab", "abcd", "abcdef"]).mask("ab abcd abcdef") == "ab •••••• ••••••")
    }

    @Test func effectiveHeadersShowOriginsAndOverrides() {
        let request = RequestSpec(name: "r", slug: "r", url: "/x", headers: [KeyValue("X-LEVEL", "request"), KeyValue("X-Off", "1", enabled: false)])
        let headers = resolver(request).effectiveHeaders
        #expect(headers == [
            EffectiveHeader(header: KeyValue("Accept", "application/json"), origin: "collection", isOwn: false),
            EffectiveHeader(header: KeyValue("X-Level", "collection"), origin: "collection", isOwn: false, isOverridden: true),
            EffectiveHeader(header: KeyValue("X-Level", "outer"), origin: "Outer", isOwn: false, isOverridden: true),
            EffectiveHeader(header: KeyValue("X-Outer", "1"), origin: "Outer", isOwn: false),
            EffectiveHeader(header: KeyValue("x-level", "inner"), origin: "Inner", isOwn: false, isOverridden: true),
            EffectiveHeader(header: KeyValue("X-LEVEL", "request"), origin: "request", isOwn: true),
            EffectiveHeader(header: KeyValue("X-Off", "1", enabled: false), origin: "request", isOwn: true),
        ])
    }

    @Test func aDisabledNearerHeaderDoesNotOverride() throws {
        let request = RequestSpec(name: "r", slug: "r", url: "/x", headers: [KeyValue("Accept", "text/plain", enabled: false)])
        let headers = resolver(request, folders: []).effectiveHeaders
        #expect(headers.first?.isOverridden == false)
        let built = try resolver(request, folders: []).resolve().request
        #expect(built.effectiveHeaders["Accept"] == "application/json")
    }

    @Test func resolvedHeadersTakeTheNearestValue() throws {
        let request = RequestSpec(name: "r", slug: "r", url: "/x", headers: [KeyValue("X-Level", "request")])
        let built = try resolver(request).resolve().request
        #expect(built.effectiveHeaders.values(for: "X-Level") == ["request"])
        #expect(built.effectiveHeaders["X-Outer"] == "1")
        let inherited = try resolver(RequestSpec(name: "r", slug: "r", url: "/x")).resolve().request
        #expect(inherited.effectiveHeaders.values(for: "X-Level") == ["inner"])
    }

    @Test func authIsInheritedFromTheNearestAndNoneStopsIt() throws {
        let plain = RequestSpec(name: "r", slug: "r", url: "/x")
        #expect(resolver(plain).effectiveAuth == .bearer(token: "{{token}}"))
        var basicFolder = Self.outer
        basicFolder.auth = .basic(username: "u", password: "p")
        #expect(resolver(plain, folders: [basicFolder, Self.inner]).effectiveAuth == .basic(username: "u", password: "p"))
        var noneFolder = Self.inner
        noneFolder.auth = .none
        #expect(resolver(plain, folders: [basicFolder, noneFolder]).effectiveAuth == AuthSpec.none)
        var own = plain
        own.auth = .apiKey(name: "k", value: "v", inQuery: false)
        #expect(resolver(own, folders: [basicFolder, noneFolder]).effectiveAuth == .apiKey(name: "k", value: "v", inQuery: false))
        let bare = CollectionSpec(root: FolderSpec(name: "b", slug: "b"), environments: [])
        #expect(RequestResolver(collection: bare, folders: [], request: plain, environment: nil).effectiveAuth == AuthSpec.none)

        let bearer = try resolver(plain).resolve().request
        #expect(bearer.authentication == .bearer(token: "tok-secret-123"))
        var none = plain
        none.auth = .none
        #expect(try resolver(none).resolve().request.authentication == nil)
        let noneFolderRequest = try resolver(plain, folders: [basicFolder, noneFolder]).resolve().request
        #expect(noneFolderRequest.authentication == nil)
    }

    @Test func urlsJoinTheBaseURLOrStayAbsolute() throws {
        func url(_ raw: String, environment: EnvironmentSpec? = Self.collection.environments.first) throws(ResolveError) -> String {
            let r = resolver(RequestSpec(name: "r", slug: "r", url: raw), environment: environment,
                             overrides: environment == nil ? [Variable(name: "token", value: "t")] : [])
            return try r.resolve().request.url?.absoluteString ?? ""
        }
        #expect(try url("/users/{{onlyCollection}}") == "http://127.0.0.1:9/api/users/c")
        #expect(try url("users") == "http://127.0.0.1:9/api/users")
        #expect(try url("") == "http://127.0.0.1:9/api")
        #expect(try url("https://example.invalid/abs?x=1") == "https://example.invalid/abs?x=1")
        #expect(try url("HTTP://example.invalid/abs", environment: nil).lowercased() == "http://example.invalid/abs")
        #expect(try url("/search?q=a%20b&flag&n=1") == "http://127.0.0.1:9/api/search?q=a%20b&flag&n=1")
        do {
            _ = try url("/x", environment: nil)
            Issue.record("expected an error")
        } catch {
            #expect(error == .invalidURL("/x", context: "request svc/outer/inner/r (no environment is selected, so a path has no base URL)"))
        }
        do {
            _ = try url("ftp://example.invalid/x")
            Issue.record("expected an error")
        } catch {
            // Another scheme is an absolute URL too, rejected as such, not glued onto the base URL.
            #expect(error == .invalidURL("ftp://example.invalid/x", context: "request svc/outer/inner/r"))
        }
    }

    @Test func queryItemsFromTheURLAndTheListAreBothSent() throws {
        let request = RequestSpec(name: "r", slug: "r", url: "/s?a=1&b=x+y", query: [KeyValue("c", "{{v}}"), KeyValue("d", "no", enabled: false)])
        let built = try resolver(request).resolve().request
        let items = URLComponents(url: try #require(built.url), resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.map(\.name) == ["a", "b", "c"])
        #expect(items.map(\.value) == ["1", "x y", "environment"])
    }

    @Test func theDemoBaseURLIsTheRunningServer() throws {
        let demo = EnvironmentSpec(name: "local", baseURL: "builtin:demo")
        let port = URL(string: "http://127.0.0.1:4567")
        let r = RequestResolver(collection: Self.collection, folders: [], request: RequestSpec(name: "r", slug: "r", url: "/users/1"),
                                environment: demo, demoBaseURL: port, processEnvironment: [:])
        #expect(r.baseURLValue == "http://127.0.0.1:4567")
        #expect(try r.resolvedURLString() == "http://127.0.0.1:4567/users/1")
        #expect(try text(r, "{{baseURL}}") == "http://127.0.0.1:4567")
        var notStarted = r
        notStarted.demoBaseURL = nil
        #expect(notStarted.baseURLValue == "http://127.0.0.1:0")
    }

    @Test func timeoutRedirectsAndVerifyTLS() throws {
        var request = RequestSpec(name: "r", slug: "r", url: "/x", timeout: 3, followRedirects: false)
        let built = try resolver(request).resolve().request
        #expect(built.configuration.timeoutInterval == 3 && built.configuration.followRedirects == false)
        #expect(built.configuration.verifiesTLSCertificates)
        request.verifyTLS = false
        #expect(try resolver(request).resolve().request.configuration.verifiesTLSCertificates == false)
        request.verifyTLS = nil
        var unverified = try #require(Self.collection.environments.first)
        unverified.verifyTLS = false
        #expect(try resolver(request, environment: unverified).resolve().request.configuration.verifiesTLSCertificates == false)
    }

    @Test func theEnvironmentsTLSFilesAreTakenFromTheCollectionAndThePassphraseIsSubstituted() throws {
        var environment = try #require(Self.collection.environments.first)
        environment.caCertificates = "certs/ca.pem"
        environment.clientCertificate = "/etc/client.pem"
        environment.clientKey = "certs/{{v}}-key.pem"
        environment.clientKeyPassphrase = "{{token}}"
        let directory = "/tmp/coll"
        var collection = Self.collection
        collection.root.directory = directory
        let resolver = RequestResolver(collection: collection, folders: [], request: RequestSpec(name: "r", slug: "r", url: "/x"),
                                       environment: environment)
        let tls = try resolver.resolve().request.configuration.tls
        #expect(tls.caCertificatesFile == "/tmp/coll/certs/ca.pem")
        #expect(tls.clientCertificateFile == "/etc/client.pem")
        #expect(tls.clientKeyFile == "/tmp/coll/certs/environment-key.pem")
        #expect(tls.clientKeyPassphrase == "tok-secret-123")
    }

    @Test func aMissingBodyFileNamesThePath() throws {
        let request = RequestSpec(name: "r", slug: "r", method: "POST", url: "/x", body: .file(path: "_files/nope.bin", contentType: nil),
                                  file: "/tmp/coll/r.yaml")
        do {
            _ = try resolver(request).resolve()
            Issue.record("expected an error")
        } catch {
            #expect(error == .file(path: "/tmp/coll/_files/nope.bin", context: "request svc/outer/inner/r", reason: "no such file"))
        }
    }
}
