import MCP

/// The tools the server offers, with the JSON Schemas of their arguments: what `tools/list` answers.
public enum MCPToolCatalog {
    /// `list_requests`.
    public static let listRequests = "list_requests"
    /// `show_request`.
    public static let showRequest = "show_request"
    /// `send_request`.
    public static let sendRequest = "send_request"
    /// `run`.
    public static let run = "run"
    /// `search_history`.
    public static let searchHistory = "search_history"

    /// Every tool, in the order an agent would reach for them.
    public static let tools: [Tool] = [
        Tool(name: listRequests, title: "List saved requests",
             description: "List the saved requests of the collections (or of one collection): each request's reference, name, method, URL template and description, and each collection's environments (protected ones marked). References are what the other tools take.",
             inputSchema: schema(["collection": text("Only this collection (its name or directory), e.g. Demo.")]),
             annotations: Tool.Annotations(readOnlyHint: true)),
        Tool(name: showRequest, title: "Show a saved request",
             description: "Show one saved request: its file as written (secret values masked), its checks, captures and needs, and the request it would send in an environment as an .http preview. Nothing is sent, read outside the collection or run.",
             inputSchema: schema([
                "request": text("The request: collection/folder/request, as list_requests shows it."),
                "environment": text("The environment for the preview (default: the collection's default)."),
             ], required: ["request"]),
             annotations: Tool.Annotations(readOnlyHint: true)),
        Tool(name: sendRequest, title: "Send a saved request",
             description: "Send a saved request as `apiexplorer send` does and return the response: status, headers, body (long bodies cut, with a note) and the results of the request's checks and captures. Secret values are masked everywhere, the response's echo of them too. {{$command}} values and {{$prompt}} questions are never run: pass such a value in `variables`. An environment marked protected is refused unless the server was started with --allow-protected.",
             inputSchema: schema([
                "request": text("The request: collection/folder/request, as list_requests shows it."),
                "environment": text("The environment (default: the collection's default)."),
                "variables": variables,
             ], required: ["request"]),
             annotations: Tool.Annotations(destructiveHint: true, openWorldHint: true)),
        Tool(name: run, title: "Run a collection or folder",
             description: "Send a collection, a folder or a request as a test suite, as `apiexplorer run` does (each request after those it needs), and return the run summary: totals and every request with its status, checks and captures (secret ones masked). The same refusals as send_request apply.",
             inputSchema: schema([
                "reference": text("A collection (Demo), a folder (Demo/users) or a request (Demo/users/get-user)."),
                "environment": text("The environment (default: the collection's default)."),
                "variables": variables,
             ], required: ["reference"]),
             annotations: Tool.Annotations(destructiveHint: true, openWorldHint: true)),
        Tool(name: searchHistory, title: "Search the history",
             description: "Search the exchanges kept in history, newest first: id, time, request reference, environment, method, URL (secrets masked as they were kept), status, duration, size and error.",
             inputSchema: schema([
                "text": text("Only exchanges whose URL, method or request reference contains this text."),
                "request": text("Only this request (collection/folder/request)."),
                "status": .object(["type": "string", "enum": ["2xx", "3xx", "4xx", "5xx", "failed"],
                                   "description": "Only these outcomes."]),
                "environment": text("Only exchanges sent in this environment."),
                "source": text("Only exchanges from this source: explorer, send, run, diff, replay, load, proxy or mcp."),
                "limit": .object(["type": "integer", "minimum": 1, "maximum": .int(MCPToolCatalog.historyLimit),
                                  "description": .string("At most this many exchanges (default \(MCPToolCatalog.historyDefault)).")]),
             ]),
             annotations: Tool.Annotations(readOnlyHint: true)),
    ]

    /// The most exchanges `search_history` returns at once.
    public static let historyLimit = 200
    /// How many it returns when the call does not say.
    public static let historyDefault = 20

    /// `variables`: values that win over every other definition, as `--set NAME=VALUE` does.
    private static let variables: Value = .object([
        "type": "object",
        "description": "Variables that win over every other definition, as --set NAME=VALUE does: {\"id\": \"42\"}. Values are used as they are, never read as templates.",
        "additionalProperties": .object(["type": .array(["string", "number", "boolean"])]),
    ])

    private static func text(_ description: String) -> Value {
        .object(["type": "string", "description": .string(description)])
    }

    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var object: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        return .object(object)
    }
}
