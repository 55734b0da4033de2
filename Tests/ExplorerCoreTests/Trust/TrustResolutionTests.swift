import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Resolving with trust: a send reads and runs only what the collection is trusted with, a preview reads nothing,
/// and values from responses are data, never templates.
@Suite("Resolving within the collection's trust")
struct TrustResolutionTests {
    static func resolver(_ temp: TempDirectory, request: String = "r", environment: [String: String] = [:]) throws -> RequestResolver {
        let collection = try TrustListTests.hostile(temp)
        let located = try #require(collection.locate([request]))
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.defaultEnvironment,
                                       processEnvironment: ["HOME": temp.path + "/home", "PATH": "/usr/bin:/bin", "USER": "ada"].merging(environment) { $1 })
        resolver.inputs.context = SendContext(secrets: SecretStore(timeout: 10))
        resolver.inputs.promptAnswers = ["Name": "n"]
        return resolver
    }

    @Test func anUntrustedSendReadsAndRunsNothing() throws {
        let temp = try TempDirectory()
        try temp.write("home/.ssh/id_rsa", "PRIVATE-KEY")
        var resolver = try Self.resolver(temp)
        resolver.inputs.isSending = true
        // /etc/passwd has line breaks, which a header cannot carry: only its trust is tested, in the listing.
        resolver.request.headers.removeAll { $0.name == "X-Up" }
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message.contains("and this collection is not trusted to") && message.contains("apiexplorer trust S"), "\(message)")
        for name in ["spaced", "escaped", "folded"] { #expect(!FileManager.default.fileExists(atPath: temp.path + "/S/" + name)) }
        // Trusted with exactly its list, every read happens.
        resolver.inputs.trust = TrustGrant(resolver.collection.trustList)
        let sent = try resolver.resolve()
        #expect(sent.request.headers["X-Key"] == "PRIVATE-KEY")
        #expect(sent.request.headers["X-Env"] == temp.path + "/homeada")
        #expect(sent.request.headers["X-Inside"] == "inside n env:NOT_A_SECRET")
        for name in ["spaced", "escaped", "folded"] { #expect(FileManager.default.fileExists(atPath: temp.path + "/S/" + name)) }
    }

    @Test func aReadNotOnTheTrustedListIsRefused() throws {
        let temp = try TempDirectory()
        try temp.write("home/.ssh/id_rsa", "PRIVATE-KEY")
        var resolver = try Self.resolver(temp)
        resolver.inputs.isSending = true
        // A --set value is not in the collection's files, so not on its list.
        resolver.overrides = [Variable(name: "x", value: "{{$file ~/.ssh/id_rsa}}")]
        resolver.request.headers = [KeyValue("X-Set", "{{x}}"), KeyValue("X-Cmd", "{{$command touch extra}}")]
        resolver.inputs.trust = TrustGrant(resolver.collection.trustList)
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message.contains("runs the shell command: touch extra, and this collection is not trusted to"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/S/extra"))
    }

    @Test func aPreviewReadsNothingAndShowsTheTemplates() throws {
        let temp = try TempDirectory()
        try temp.write("home/.ssh/id_rsa", "PRIVATE-KEY")
        var resolver = try Self.resolver(temp)
        resolver.inputs.trust = .everything
        let preview = try resolver.resolve()
        #expect(preview.request.headers["X-Key"] == "{{$file ~/.ssh/id_rsa}}")
        #expect(preview.request.headers["X-Env"] == "{{$env.HOME}}{{$processEnv.USER}}")
        #expect(preview.request.headers["X-Inside"] == "{{$file data/inside.txt}} n env:NOT_A_SECRET")
        #expect(try resolver.previewURLString().contains("{{$command touch spaced}}"))
        for name in ["spaced", "escaped", "folded"] { #expect(!FileManager.default.fileExists(atPath: temp.path + "/S/" + name)) }
        let reads = Set(resolver.outsideReads())
        #expect(reads.contains(OutsideRead(.command, "touch folded")) && reads.contains(OutsideRead(.environment, "USER")))
    }

    @Test func environmentVariablesAndSecretStoresNeedTrust() throws {
        let temp = try TempDirectory()
        try temp.write("home/.ssh/id_rsa", "PRIVATE-KEY")
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("pass", "echo pass-SECRET")
        var resolver = try Self.resolver(temp, request: "r", environment: ["AWS_SECRET_ACCESS_KEY": "aws-SECRET", "API_KEY": "api-SECRET",
                                                                           "PATH": tools.directory])
        resolver.request = RequestSpec(name: "v", slug: "r", url: "/v?a={{aws}}&b={{vault}}&c={{key}}", file: temp.path + "/S/r.yaml")
        resolver.inputs.isSending = true
        for name in ["aws", "vault", "key"] {
            var one = resolver
            one.request.url = "/v?x={{\(name)}}"
            var message = ""
            do { _ = try one.resolve() } catch { message = error.description }
            #expect(message.contains("not trusted"), "\(name): \(message)")
        }
        #expect(tools.calls.isEmpty)
        resolver.inputs.trust = TrustGrant(resolver.collection.trustList)
        let sent = try resolver.resolve()
        #expect(sent.request.url?.query == "a=aws-SECRET&b=pass-SECRET&c=api-SECRET")
        #expect(Set(["aws-SECRET", "pass-SECRET", "api-SECRET"]).isSubset(of: Set(sent.secretValues)), "\(sent.secretValues)")
    }

    @Test func capturedValuesAreInsertedLiterally() throws {
        let temp = try TempDirectory()
        try temp.write("home/.ssh/id_rsa", "PRIVATE-KEY")
        var store = CaptureStore()
        store.record([CapturedValue(name: "tok", value: "{{$file ~/.ssh/id_rsa}}", origin: "S/login $.token"),
                      CapturedValue(name: "cmd", value: "{{$command touch pwned}}", secret: true, origin: "S/login $.cmd")],
                     environment: "dev")
        var resolver = try Self.resolver(temp)
        resolver.request = RequestSpec(name: "n", slug: "r", url: "/n", file: temp.path + "/S/r.yaml")
        resolver.request.headers = [KeyValue("X-Tok", "{{tok}}"), KeyValue("X-Cmd", "{{cmd}}")]
        resolver.overrides = store.variables(environment: "dev")
        resolver.inputs.isSending = true
        resolver.inputs.trust = .everything
        let sent = try resolver.resolve()
        #expect(sent.request.headers["X-Tok"] == "{{$file ~/.ssh/id_rsa}}")
        #expect(sent.request.headers["X-Cmd"] == "{{$command touch pwned}}")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/S/pwned"))
        // Saved, a secret capture stays data when it is read back from secrets.local.yaml.
        try store.persist(environment: "dev", collectionDirectory: temp.path + "/S")
        let collection = try #require(CollectionStore(directory: temp.path, loader: CollectionLoader()).load().collection(named: "S"))
        var reloaded = RequestResolver(collection: collection, folders: [], request: resolver.request, environment: collection.defaultEnvironment,
                                       processEnvironment: resolver.processEnvironment)
        reloaded.request.headers = [KeyValue("X-Cmd", "{{cmd}}")]
        reloaded.inputs.isSending = true
        reloaded.inputs.trust = .everything
        #expect(try reloaded.resolve().request.headers["X-Cmd"] == "{{$command touch pwned}}")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/S/pwned"))
    }

    @Test func aDeviceOrAFIFOIsNotAFileToInsert() throws {
        let temp = try TempDirectory()
        #expect(mkfifo(temp.path + "/S-fifo", 0o600) == 0)
        for (path, expected) in [("/dev/zero", "not a regular file (a device, FIFO or socket)"), (temp.path + "/S-fifo", "not a regular file"),
                                 (temp.path, "a directory")] {
            var resolver = try Self.resolver(temp)
            resolver.request = RequestSpec(name: "n", slug: "r", url: "/n?x={{$file \(path)}}", file: temp.path + "/S/r.yaml")
            resolver.inputs.isSending = true
            resolver.inputs.trust = .everything
            var message = ""
            do { _ = try resolver.resolve() } catch { message = error.description }
            #expect(message.contains(expected) && !message.contains("permission denied"), "\(path): \(message)")
        }
    }
}
