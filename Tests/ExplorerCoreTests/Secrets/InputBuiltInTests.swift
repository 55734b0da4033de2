import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// `{{$file path}}` and `{{$prompt Label}}`: files from the collection's directory, an absolute path or `~`, a
/// missing file named; prompts shown as `{{$prompt Label}}` in previews, asked once when sending (hidden inside a
/// secret variable), masked, and a clear error with no one to ask.
@Suite("File and prompt built-ins")
struct InputBuiltInTests {
    /// Records the questions and answers `Label-answer`.
    final class RecordingPrompter: PromptAnswering, @unchecked Sendable {
        private let lock = NSLock()
        private var given: [String: String] = [:]
        private(set) var questions: [String] = []
        let answers: Bool

        init(answers: Bool = true) { self.answers = answers }

        func givenAnswer(_ label: String) -> String? { lock.withLock { given[label] } }

        func ask(_ label: String, secret: Bool) -> String? {
            lock.withLock {
                questions.append(label + (secret ? " (secret)" : ""))
                guard answers else { return nil }
                given[label] = "\(label)-SECRET-answer"
                return given[label]
            }
        }
    }

    static func resolver(_ temp: TempDirectory, url: String, body: String = "") throws -> RequestResolver {
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: dev
                baseURL: http://127.0.0.1:9
                variables:
                  - name: password
                    value: "{{$prompt Password}}"
                    secret: true
            """)
        try temp.write("S/r.yaml", "url: \(url)\n" + body)
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader(environment: ["HOME": temp.path + "/home"])).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        let located = try #require(collection.locate(["r"]))
        return RequestResolver(collection: collection, folders: located.folders, request: located.request,
                               environment: collection.defaultEnvironment, processEnvironment: ["HOME": temp.path + "/home"])
    }

    @Test func fileTextComesFromTheCollectionAnAbsolutePathOrHome() throws {
        let temp = try TempDirectory()
        try temp.write("S/keys/id.txt", "relative-id\n")
        try temp.write("home/.token", "home-token\r\n")
        try temp.write("abs.txt", "absolute")
        var resolver = try Self.resolver(temp, url: "'/x/{{$file keys/id.txt}}/{{$file ~/.token}}/{{ $file \(temp.path)/abs.txt }}'")
        // A preview reads nothing: it shows the templates.
        #expect(try resolver.resolvedURLString() == "http://127.0.0.1:9/x/{{$file keys/id.txt}}/{{$file ~/.token}}/{{$file \(temp.path)/abs.txt}}")
        // Sending reads the file inside the collection; the two outside it need the collection's trust.
        resolver.inputs.isSending = true
        var refused = ""
        do { _ = try resolver.resolvedURLString() } catch { refused = error.description }
        #expect(refused.contains("reads the file \(temp.path)/home/.token, and this collection is not trusted to"), "\(refused)")
        #expect(Set(resolver.collection.trustList.reads) == [OutsideRead(.file, temp.path + "/home/.token"), OutsideRead(.file, temp.path + "/abs.txt")])
        resolver.inputs.trust = TrustGrant(resolver.collection.trustList)
        #expect(try resolver.resolvedURLString() == "http://127.0.0.1:9/x/relative-id/home-token/absolute")
        var missing = try Self.resolver(temp, url: "'/x/{{$file keys/nope.txt}}'")
        missing.inputs.isSending = true
        var message = ""
        do { _ = try missing.resolve() } catch { message = error.description }
        #expect(message.contains("{{$file keys/nope.txt}}") && message.contains("\(temp.path)/S/keys/nope.txt, which does not exist"), "\(message)")
        #expect(message.contains("request S/r"), "\(message)")
    }

    @Test func promptsAreShownInPreviewsAskedWhenSendingAndMasked() throws {
        let temp = try TempDirectory()
        var resolver = try Self.resolver(temp, url: "'/login?user={{$prompt User}}&again={{$prompt User}}'",
                                         body: "auth:\n  type: basic\n  username: ada\n  password: \"{{password}}\"\n")
        let prompter = RecordingPrompter()
        resolver.inputs.prompter = prompter
        // A preview asks nothing.
        #expect(try resolver.resolvedURLString() == "http://127.0.0.1:9/login?user={{$prompt User}}&again={{$prompt User}}")
        #expect(prompter.questions.isEmpty)
        resolver.inputs.isSending = true
        let sent = try resolver.resolve()
        #expect(sent.request.url?.absoluteString == "http://127.0.0.1:9/login?user=User-SECRET-answer&again=User-SECRET-answer")
        #expect(sent.request.authentication == .basic(username: "ada", password: "Password-SECRET-answer"))
        // Each label once; the one inside a secret variable is asked hidden, and its answer is masked.
        #expect(prompter.questions == ["User", "Password (secret)"])
        #expect(sent.secretValues.contains("Password-SECRET-answer") && !sent.secretValues.contains("User-SECRET-answer"))
        // Answers given in the explorer come with the request and are not asked again.
        var answered = try Self.resolver(temp, url: "/x", body: "auth:\n  type: basic\n  username: ada\n  password: \"{{password}}\"\n")
        answered.inputs.isSending = true
        answered.inputs.promptAnswers = ["Password": "typed-SECRET"]
        #expect(try answered.resolve().request.authentication == .basic(username: "ada", password: "typed-SECRET"))
        #expect(answered.variableResolver.secretValues.contains("typed-SECRET"))
    }

    @Test func aPromptWithNoOneToAskFailsClearly() throws {
        let temp = try TempDirectory()
        var resolver = try Self.resolver(temp, url: "/x", body: "auth:\n  type: basic\n  username: ada\n  password: \"{{password}}\"\n")
        resolver.inputs.isSending = true
        resolver.inputs.prompter = RecordingPrompter(answers: false)
        var message = ""
        do { _ = try resolver.resolve() } catch { message = error.description }
        #expect(message == "The variable {{$prompt Password}} needs a terminal (in request S/r, environment 'dev'). Pass --set password=VALUE.")
    }
}
