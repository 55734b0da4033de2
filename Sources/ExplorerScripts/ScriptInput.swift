import ExplorerWorkspace

/// What the scripts of one request run with: the request, the response for `after`, and the variables.
public struct ScriptInput: Sendable {
    /// Before sending or after the response.
    public var event: ScriptPhase
    /// The request's name (`pm.info.requestName`).
    public var requestName: String
    /// The run's iteration, from 1 (`pm.info.iteration` is 0-based, as Postman's).
    public var iteration: Int
    /// The request.
    public var request: ScriptRequest
    /// The response, for `after`.
    public var response: ScriptResponse?
    /// The environment in use (`pm.environment`).
    public var environment: [String: String]
    /// This run's own variables (`pm.variables.set`).
    public var variables: [String: String]
    /// The collection's variables (`pm.collectionVariables`).
    public var collectionVariables: [String: String]
    /// Values never printed: `console.log` of one shows `••••••`.
    public var secrets: [String]

    /// The input for `event` of the request `requestName`.
    public init(event: ScriptPhase, requestName: String, iteration: Int = 1, request: ScriptRequest, response: ScriptResponse? = nil,
                environment: [String: String] = [:], variables: [String: String] = [:], collectionVariables: [String: String] = [:],
                secrets: [String] = []) {
        self.event = event
        self.requestName = requestName
        self.iteration = iteration
        self.request = request
        self.response = response
        self.environment = environment
        self.variables = variables
        self.collectionVariables = collectionVariables
        self.secrets = secrets
    }
}
