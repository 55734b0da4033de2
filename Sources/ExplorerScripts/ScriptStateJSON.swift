/// The state `__apiexplorer.begin` reads, written as JSON by hand: JSONSerialization of a `[String: Any]` was a fifth
/// of a scripted `run`'s time (twice a request, the response body included).
enum ScriptStateJSON {
    /// `input` as the JSON object the prelude expects.
    static func make(_ input: ScriptInput) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256 + input.request.body.utf8.count + (input.response?.body.utf8.count ?? 0))
        func text(_ value: String) { string(value, into: &out) }
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
            raw(",\"body\":")
            text(response.body)
            raw(",\"responseTime\":\(response.responseTime.isFinite ? response.responseTime : 0),\"size\":\(response.body.utf8.count)}")
        }
        raw("}")
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func string(_ value: String, into out: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
