import ExplorerWorkspace

/// The state `__apiexplorer.begin` reads, written as JSON by hand: JSONSerialization of a `[String: Any]` was a fifth
/// of a scripted `run`'s time (twice a request, the response body included).
enum ScriptStateJSON {
    /// `input` as the JSON object the prelude expects.
    static func make(_ input: ScriptInput) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256 + input.request.body.utf8.count)
        func text(_ value: String) { out.append(contentsOf: JSONValue.quoted(value).utf8) }
        func raw(_ value: String) { out.append(contentsOf: value.utf8) }
        func headers(_ list: [ScriptHeader]) {
            raw("[")
            for (index, header) in list.enumerated() {
                raw(index == 0 ? "{\"key\":" : ",{\"key\":")
                text(header.key)
                raw(",\"value\":")
                text(header.value)
                raw("}")
            }
            raw("]")
        }
        func dictionary(_ values: [String: String]) {
            raw("{")
            for (index, (name, value)) in values.enumerated() {
                if index > 0 { raw(",") }
                text(name)
                raw(":")
                text(value)
            }
            raw("}")
        }
        raw("{\"request\":{\"method\":")
        text(input.request.method)
        raw(",\"url\":")
        text(input.request.url)
        raw(",\"headers\":")
        headers(input.request.headers)
        raw(",\"body\":")
        text(input.request.body)
        raw("},\"environment\":")
        dictionary(input.environment)
        raw(",\"variables\":")
        dictionary(input.variables)
        raw(",\"collectionVariables\":")
        dictionary(input.collectionVariables)
        raw(",\"info\":{\"requestName\":")
        text(input.requestName)
        raw(",\"eventName\":")
        text(input.event.postmanName)
        raw(",\"iteration\":\(input.iteration - 1)}")
        if let response = input.response {
            raw(",\"response\":{\"code\":\(response.code),\"status\":")
            text(response.status)
            raw(",\"headers\":")
            headers(response.headers)
            // The body goes to `begin` as a string of its own: escaped into this JSON it was copied and parsed twice more.
            raw(",\"withheld\":\(response.isBodyWithheld),\"limit\":\(ScriptResponse.bodyLimit)")
            raw(",\"responseTime\":\(response.responseTime.isFinite ? response.responseTime : 0),\"size\":\(response.size)}")
        }
        raw("}")
        return String(decoding: out, as: UTF8.self)
    }
}
