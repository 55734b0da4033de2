/// What `__apiexplorer.finish()` returns, as JSON.
struct ScriptOutput: Decodable {
    /// The request as the scripts left it.
    struct Request: Decodable {
        var method: String
        var url: String
        var body: String
        var headers: [ScriptHeader]
    }

    var tests: [ScriptTest]
    var console: [ScriptConsoleLine]
    var environment: [String: String?]
    var variables: [String: String?]
    var collectionVariables: [String: String?]
    var request: Request
}
