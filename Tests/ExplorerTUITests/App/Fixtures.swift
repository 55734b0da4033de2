import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// A small collection built in code, so screens do not change when the bundled collections do.
enum Fixtures {
    static let collection: CollectionSpec = {
        let getUser = RequestSpec(name: "Get user", slug: "get-user", method: "GET", url: "/users/{{userId}}",
                                  headers: [KeyValue("X-Request", "own")], file: "/tmp/none/users/get-user.yaml")
        let create = RequestSpec(name: "Create 用户 🚀", slug: "create", method: "POST", url: "/users",
                                 body: .json("{\"name\": \"Ada\"}"), file: "/tmp/none/users/create.yaml")
        let users = FolderSpec(name: "Users", slug: "users", headers: [KeyValue("X-Folder", "users")], requests: [getUser, create])
        let status = RequestSpec(name: "Status", slug: "status", method: "DELETE", url: "https://other.example/status", file: "/tmp/none/status.yaml")
        let root = FolderSpec(name: "Demo", slug: "Demo", headers: [KeyValue("Accept", "application/json"), KeyValue("X-Request", "collection")],
                              variables: [Variable(name: "userId", value: "1")], folders: [users], requests: [status], directory: "/tmp/none")
        return CollectionSpec(root: root, environments: [
            EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:8787", isDefault: true,
                            variables: [Variable(name: "token", value: "s3cr3t-token", secret: true)]),
            EnvironmentSpec(name: "staging", baseURL: "https://staging.example", variables: [Variable(name: "userId", value: "2")]),
        ])
    }()

    /// The model on a `width` × `height` screen. The screens these tests check were drawn side by side, which 80
    /// columns no longer are by default (`stack: auto` stacks under 100); the layout's own tests pass `.auto`.
    static func model(width: Int = 80, height: Int = 24, stack: LayoutStack = .never) -> ExplorerModel {
        var model = ExplorerModel(collections: [collection], width: width, height: height)
        model.screen.arrangement.stack = stack
        return model
    }

    /// A 110×30 model that sent its last request and shows `summary` with the response pane focused.
    static func focusedOnResponse(_ summary: ResponseSummary) -> ExplorerModel {
        var model = Fixtures.model(width: 110, height: 30)
        Fixtures.press([.character("G"), .enter], &model)
        _ = model.update(.responseReceived(id: 1, summary))
        Fixtures.press([.backTab], &model)
        return model
    }

    /// Presses keys in order, collecting every effect; body searches run at once, as the run loop would run them.
    @discardableResult
    static func press(_ keys: [Key], _ model: inout ExplorerModel) -> [AppEffect] {
        keys.flatMap { runSearches(model.update(.keyPressed($0)), &model) }
    }

    /// Delivers a message, running any body search it starts.
    @discardableResult
    static func deliver(_ message: AppMessage, _ model: inout ExplorerModel) -> [AppEffect] {
        runSearches(model.update(message), &model)
    }

    private static func runSearches(_ effects: [AppEffect], _ model: inout ExplorerModel) -> [AppEffect] {
        var all = effects
        for case let .searchBody(id, document, query, decodingEscapes) in effects {
            all += model.update(.searchFinished(id: id, matches: document.matchingLines(query, decodingEscapes: decodingEscapes)))
        }
        return all
    }

    static func typing(_ text: String) -> [Key] { text.map { Key.character($0) } }

    /// `files` (path → text) written under a new temporary directory, and a loader that reads the collections there
    /// again as the run loop does after a change; the caller removes the directory.
    static func onDisk(_ files: [String: String], prefix: String) throws -> (directory: String, load: @Sendable () -> CollectionLoadResult) {
        let directory = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        for (path, text) in files {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(atPath: PathText.deletingLastComponent(full), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return (directory, { CollectionLoader(environment: [:]).load(directory: directory) })
    }

    /// A 200 response with `body` under `contentType` (and any `extraHeaders`), its bytes kept as a real one keeps them.
    static func summary(_ body: String, contentType: String = "application/json", extraHeaders: [(String, String)] = []) -> ResponseSummary {
        ResponseSummary(statusCode: 200, reason: "OK", duration: 0.01, byteCount: body.utf8.count, redirectedTo: nil,
                        headers: [("Content-Type", contentType)] + extraHeaders.map { (name: $0.0, value: $0.1) },
                        body: BodyDocument(Data(body.utf8), contentType: contentType), data: Data(body.utf8))
    }

    static func summary(lines count: Int) -> ResponseSummary {
        var json = "["
        for index in 0..<count { json += (index > 0 ? "," : "") + "{\"id\":\(index)}" }
        json += "]"
        return ResponseSummary(statusCode: 200, reason: "OK", duration: 0.012, byteCount: json.utf8.count, redirectedTo: nil,
                               headers: [("Content-Type", "application/json")],
                               body: BodyDocument(Data(json.utf8), contentType: "application/json"))
    }
}
