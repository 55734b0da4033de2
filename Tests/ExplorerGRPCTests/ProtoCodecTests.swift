import ExplorerGRPC
import ExplorerWorkspace
import Foundation
import SwiftProtobuf
import Testing

/// The codec against references made outside it: protoc's binary encoding and Google's Python protobuf's JSON.
@Suite struct ProtoCodecTests {
    @Test func decodingProtocsBytesGivesThePythonLibrarysJSON() throws {
        let schema = try GRPCFixture.schema()
        let decoded = try ProtoMessageDecoder(schema: schema).decode([UInt8](try GRPCFixture.data("item.bin")), as: "shop.v1.Item")
        #expect(decoded.unknownFields.isEmpty)
        let expected = try #require(JSONValue.parse(try GRPCFixture.data("item.json")))
        #expect(JSONValue.parse(Data(decoded.json.utf8)) == expected)
        // Declaration order, as Google's printers keep it.
        #expect(decoded.json.hasPrefix(#"{"id":"it-1","name":"Café \"mug\"\n","priceCents":"-1250","stock":"18446744073709551615""#))
        #expect(decoded.json.contains(#""created":"2023-11-14T22:13:20.120Z","ttl":"-1.500s""#))
        #expect(decoded.json.contains(#""extra":{"@type":"type.googleapis.com/shop.v1.Dimensions","width":2,"height":3.5}"#))
    }

    @Test func encodingThePythonLibrarysJSONGivesProtocsBytes() throws {
        let schema = try GRPCFixture.schema()
        let json = try #require(String(data: try GRPCFixture.data("item.json"), encoding: .utf8))
        let bytes = try ProtoMessageEncoder(schema: schema).encode(json: json, as: "shop.v1.Item")
        #expect(bytes == [UInt8](try GRPCFixture.data("item.bin")))
    }

    @Test func fieldsAreReadByProtoNameTooAndSixtyFourBitIntegersAsNumbers() throws {
        let schema = try GRPCFixture.schema()
        let bytes = try ProtoMessageEncoder(schema: schema).encode(json: #"{"price_cents": 12, "stock": 7, "color": 2, "thumbnail": "_-8"}"#, as: "shop.v1.Item")
        let json = try ProtoMessageDecoder(schema: schema).decode(bytes, as: "shop.v1.Item").json
        #expect(json == #"{"priceCents":"12","stock":"7","thumbnail":"/+8=","color":"GREEN"}"#)
    }

    @Test func specialNumbersAndTimesRoundTrip() throws {
        let schema = try GRPCFixture.schema()
        let input = #"{"weight": "NaN", "ratio": "-Infinity", "created": "2024-02-29T23:30:00.5+01:00", "ttl": "0.000000001s", "#
            + #""big": "-9223372036854775808", "value": {"a": [1, "x", null]}, "flag": true, "mask": "a.bC,d"}"#
        let bytes = try ProtoMessageEncoder(schema: schema).encode(json: input, as: "shop.v1.Item")
        let json = try ProtoMessageDecoder(schema: schema).decode(bytes, as: "shop.v1.Item").json
        #expect(json == #"{"weight":"NaN","ratio":"-Infinity","created":"2024-02-29T22:30:00.500Z","ttl":"0.000000001s","#
            + #""big":"-9223372036854775808","mask":"a.bC,d","value":{"a":[1,"x",null]},"flag":true}"#)
    }

    @Test func timestampsAndDurationsPrintAsSwiftProtobufPrintsThem() throws {
        let schema = try GRPCFixture.schema()
        let decoder = ProtoMessageDecoder(schema: schema)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2000 {
            let seconds = Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)
            let nanos = Int32(round % 4 == 0 ? 0 : round % 4 == 1 ? Int.random(in: 0..<1000) * 1_000_000 : Int.random(in: 0..<1_000_000_000))
            let timestamp = Google_Protobuf_Timestamp(seconds: seconds, nanos: nanos)
            let ours = try decoder.decode([UInt8](try timestamp.serializedBytes() as Data), as: "google.protobuf.Timestamp").json
            #expect(ours == (try timestamp.jsonString()), "\(seconds) s \(nanos) ns")
            let durationSeconds = Int64.random(in: -315_576_000_000...315_576_000_000, using: &generator)
            let durationNanos = durationSeconds < 0 ? -abs(nanos) : abs(nanos)
            let duration = Google_Protobuf_Duration(seconds: durationSeconds, nanos: durationSeconds == 0 ? 0 : durationNanos)
            let oursDuration = try decoder.decode([UInt8](try duration.serializedBytes() as Data), as: "google.protobuf.Duration").json
            #expect(oursDuration == (try duration.jsonString()), "\(durationSeconds) s")
        }
    }

    @Test func unknownFieldsAreReportedNotDropped() throws {
        let schema = try GRPCFixture.schema()
        // Field 99 as a varint, and field 1 (a string) sent as a varint.
        let bytes: [UInt8] = [0x98, 0x06, 0x05, 0x08, 0x01, 0x12, 0x01, 0x61]
        let decoded = try ProtoMessageDecoder(schema: schema).decode(bytes, as: "shop.v1.Item")
        #expect(decoded.json == #"{"name":"a"}"#)
        #expect(decoded.unknownFields == [
            "$: field 99 (varint) is not in shop.v1.Item",
            "$.id: field 1 came as varint, not as its type string is written",
        ])
    }

    @Test(arguments: [
        (#"{"nmae": "x"}"#, #"$: shop.v1.Item has no field "nmae" (fields: id, name, priceCents"#),
        (#"{"rating": 3000000000}"#, "$.rating: 3000000000 is out of int32's range -2147483648...2147483647"),
        (#"{"priceCents": "12x"}"#, #"$.priceCents: expected an integer (int64), got the string "12x""#),
        (#"{"color": "BLUE"}"#, #"$.color: shop.v1.Color has no value "BLUE" (values: COLOR_UNSPECIFIED, RED, GREEN)"#),
        (#"{"created": "2024-02-30T00:00:00Z"}"#, #"$.created: expected an RFC 3339 timestamp such as "2024-05-01T12:00:00Z", got the string "2024-02-30T00:00:00Z""#),
        (#"{"ttl": "5m"}"#, #"$.ttl: expected a duration such as "1.5s", got the string "5m""#),
        (#"{"code": "a", "size": {}}"#, #"are both set, but they are in oneof choice"#),
        (#"{"tags": "a"}"#, "$.tags: expected an array, got the string \"a\""),
        (#"{"parts": {"x": {}}}"#, #"$.parts["x"]: expected an integer (int32), got the string "x""#),
        (#"{"extra": {"@type": "type.googleapis.com/nope.Thing"}}"#, "$.extra.@type: the Any's type nope.Thing is not in the schema"),
        (#"{"size": {"width": true}}"#, "$.size.width: expected a number (double), got true"),
        ("[1]", "$: expected an object for shop.v1.Item, got an array"),
        ("{", "$: the message is not JSON"),
    ])
    func badMessagesAreRefusedNamingTheField(input: String, expected: String) throws {
        let schema = try GRPCFixture.schema()
        let error = #expect(throws: ProtoCodecError.self) { try ProtoMessageEncoder(schema: schema).encode(json: input, as: "shop.v1.Item") }
        #expect(error?.description.contains(expected) == true, "\(error?.description ?? "no error")")
    }

    @Test func truncatedAndHostileBytesAreRefusedNotTrusted() throws {
        let schema = try GRPCFixture.schema()
        let decoder = ProtoMessageDecoder(schema: schema)
        let item = [UInt8](try GRPCFixture.data("item.bin"))
        // Every prefix either decodes or is refused; none crashes.
        var refused = 0
        for length in 0..<item.count {
            do { _ = try decoder.decode(Array(item[..<length]), as: "shop.v1.Item") } catch { refused += 1 }
        }
        #expect(refused > item.count / 2)
        // A length past the end, and lists nested 200 deep in a google.protobuf.Value.
        #expect(throws: ProtoCodecError.self) { try decoder.decode([0x12, 0xFF, 0x01, 0x61], as: "shop.v1.Item") }
        var nested: [UInt8] = []
        for _ in 0..<200 {
            let list = [0x0A] + ProtoCodecTests.varint(nested.count) + nested
            nested = [0x32] + ProtoCodecTests.varint(list.count) + list
        }
        let deep = #expect(throws: ProtoCodecError.self) { try decoder.decode(nested, as: "google.protobuf.Value") }
        #expect(deep?.reason == "messages are nested more than 100 deep")
    }

    private static func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value), out: [UInt8] = []
        while value >= 0x80 { out.append(UInt8(truncatingIfNeeded: value) | 0x80); value >>= 7 }
        return out + [UInt8(value)]
    }

    @Test func theSchemaFindsMethodsAndSaysWhatExistsWhenOneIsMissing() throws {
        let schema = try GRPCFixture.schema()
        let method = try schema.method("shop.v1.Inventory/ListItems")
        #expect(method.kind == "server streaming" && method.inputType == "shop.v1.ListItemsRequest" && method.path == "/shop.v1.Inventory/ListItems")
        #expect(try schema.method("shop.v1.Inventory.Chat").kind == "bidirectional streaming")
        #expect(throws: ProtoSchemaError("no method \"Get\" in shop.v1.Inventory (methods: GetItem, ListItems, AddItems, Chat, Ping)")) {
            try schema.method("shop.v1.Inventory/Get")
        }
        #expect(throws: ProtoSchemaError("no service \"shop.Inventory\" in the schema (services: shop.v1.Inventory)")) { try schema.method("shop.Inventory/GetItem") }
        #expect(throws: ProtoSchemaError.self) { try ProtoSchema(descriptorSet: Data("not a descriptor set".utf8)) }
        let reloaded = try ProtoSchema(descriptorSet: schema.descriptorSet())
        #expect(reloaded.fileNames == schema.fileNames && reloaded.methods == schema.methods)
    }
}
