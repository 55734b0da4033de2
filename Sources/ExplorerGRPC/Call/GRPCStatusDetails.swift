import Foundation

/// The `google.rpc.Status` of a `grpc-status-details-bin` trailer as JSON: its code, message and each detail, decoded
/// with the schema when it has the detail's type (`{"@type": "…ErrorInfo", "reason": …}`), as base64 when not.
public enum GRPCStatusDetails {
    /// `details` (a serialized `google.rpc.Status`) as compact JSON; nil when the bytes are not one.
    public static func json(_ details: [UInt8], schema: ProtoSchema?) -> String? {
        var reader = ProtoWireReader(details)
        var code: Int32 = 0
        var message = ""
        var items: [String] = []
        do {
            while let (number, wireType) = try reader.tag() {
                let value = try reader.value(wireType: wireType, number: number)
                switch (number, value) {
                case let (1, .varint(raw)?): code = Int32(truncatingIfNeeded: raw)
                case let (2, .bytes(range)?): message = String(decoding: details[range], as: UTF8.self)
                case let (3, .bytes(range)?): items.append(try detail(Array(details[range]), schema: schema))
                default: continue
                }
            }
        } catch {
            return nil
        }
        var json = "{\"code\":\(code)"
        if !message.isEmpty { json += ",\"message\":" + ProtoJSONText.quoted(message) }
        if !items.isEmpty { json += ",\"details\":[" + items.joined(separator: ",") + "]" }
        return json + "}"
    }

    private static func detail(_ any: [UInt8], schema: ProtoSchema?) throws(ProtoCodecError) -> String {
        var reader = ProtoWireReader(any)
        var url = ""
        var content: [UInt8] = []
        while let (number, wireType) = try reader.tag() {
            let value = try reader.value(wireType: wireType, number: number)
            if number == 1, case let .bytes(range)? = value { url = String(decoding: any[range], as: UTF8.self) }
            if number == 2, case let .bytes(range)? = value { content = Array(any[range]) }
        }
        let name = url.split(separator: "/").last.map(String.init) ?? url
        if let schema, schema.messages[name] != nil, let decoded = try? ProtoMessageDecoder(schema: schema).decode(content, as: name) {
            let body = decoded.json.dropFirst().dropLast()
            return "{\"@type\":" + ProtoJSONText.quoted(url) + (body.isEmpty ? "" : ",") + body + "}"
        }
        return "{\"@type\":" + ProtoJSONText.quoted(url) + ",\"@value\":\"" + Data(content).base64EncodedString() + "\"}"
    }
}
