import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

extension MCPToolbox {
    /// `send_request`: the request sent as `send` sends it; the response, its checks and captures, masked.
    func sendRequest(_ arguments: MCPArguments) async throws(MCPToolFailure) -> String {
        let reference = try arguments.requiredString("request", example: "Demo/users/get-user")
        let overrides = try arguments.variables()
        let result = try loadCollections()
        let (collection, located) = try locate(reference, in: result)
        let environment = try self.environment(try arguments.string("environment"), of: collection)
        try refuseProtected(environment, of: collection)
        let resolver = self.resolver(collection, located, environment: environment, overrides: overrides)
        try refuseCommandsAndPrompts(resolver)
        let exchange = await host.send(resolver)
        let masker = exchange.masker
        var object: [String: Any] = ["reference": resolver.reference]
        if let environment { object["environment"] = environment.name }
        if let outcome = exchange.outcome { object.merge(MCPToolbox.fields(of: outcome)) { $1 } }
        guard let response = exchange.response else {
            guard exchange.failure == nil, let outcome = exchange.outcome else {
                throw MCPToolFailure(masker.mask("sending \(resolver.reference) failed: \(exchange.failure ?? "no response")"))
            }
            // A WebSocket conversation or a gRPC call: what `run` reports of it.
            if let status = outcome.status { object["status"] = status }
            if let status = outcome.grpcStatus { object["grpcStatus"] = status }
            object["durationMs"] = Int((outcome.duration * 1000).rounded())
            return MCPJSON.text(object, masker: masker)
        }
        if let sent = exchange.sent {
            object["request"] = ["method": sent.httpMethod.rawValue, "url": sent.url?.absoluteString ?? "",
                                 "headers": MCPToolbox.headers(exchange.sentHeaders.isEmpty ? sent.wireHeaders : exchange.sentHeaders)] as [String: Any]
        }
        var answer: [String: Any] = ["status": response.statusCode, "reason": response.reasonPhrase,
                                     "headers": MCPToolbox.headers(response.headers.fields),
                                     "durationMs": Int((response.duration * 1000).rounded())]
        answer.merge(MCPBodyText.fields(response.data, contentType: response.headers["Content-Type"], limit: settings.bodyLimit, masker: masker)) { $1 }
        if let events = response.events { answer["events"] = events.count }
        object["response"] = answer
        if !exchange.console.isEmpty { object["console"] = exchange.console }
        return MCPJSON.text(object, masker: masker)
    }

    /// Header fields as `{name, value}` objects, in their order.
    static func headers(_ fields: [Header]) -> [[String: String]] {
        fields.map { ["name": $0.name, "value": $0.value] }
    }

    /// Whether `outcome` passed, its checks and its captures (secret values masked).
    static func fields(of outcome: RequestOutcome) -> [String: Any] {
        var fields: [String: Any] = ["passed": outcome.passed, "checks": outcome.checks.map(check)]
        fields["captures"] = outcome.captured.map { captured -> [String: Any] in
            ["name": captured.name, "value": captured.secret ? SecretMasker.mask : captured.value, "secret": captured.secret]
        }
        if let error = outcome.error { fields["checkError"] = error }
        return fields
    }

    /// A check's result as the run report writes it.
    static func check(_ result: CheckResult) -> [String: Any] {
        var check: [String: Any] = ["check": result.check.summary, "passed": result.passed, "actual": result.actual,
                                    "location": result.check.location.description]
        if let reason = result.reason { check["reason"] = reason }
        return check
    }
}
