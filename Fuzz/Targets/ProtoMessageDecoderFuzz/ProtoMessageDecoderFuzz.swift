// libFuzzer target: the protobuf message decoder on arbitrary bytes, as shop.v1.Item (every proto3 JSON special case)
// or google.protobuf.Value (nesting), chosen by the first byte. What it decodes must be JSON, and whatever that JSON
// encodes to must decode again. Built only by scripts/fuzz.sh, run from the package root (it reads the fixtures' schema).
import ExplorerGRPC
import ExplorerWorkspace
import Foundation

private let schema: ProtoSchema = {
    let path = "Tests/ExplorerGRPCTests/Fixtures/shop.protoset"
    guard let data = FileManager.default.contents(atPath: path), let schema = try? ProtoSchema(descriptorSet: data) else {
        fatalError("ProtoMessageDecoderFuzz runs from the package root: \(path) is its schema")
    }
    return schema
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func protoMessageDecoderFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let type = (bytes.first ?? 0) & 1 == 0 ? "shop.v1.Item" : "google.protobuf.Value"
    let decoder = ProtoMessageDecoder(schema: schema)
    guard let decoded = try? decoder.decode(Array(bytes.dropFirst()), as: type) else { return 0 }
    guard JSONValue.parse(Data(decoded.json.utf8)) != nil else { fatalError("the decoder wrote JSON that does not parse: \(decoded.json)") }
    guard let encoded = try? ProtoMessageEncoder(schema: schema).encode(json: decoded.json, as: type) else { return 0 }
    do { _ = try decoder.decode(encoded, as: type) } catch {
        fatalError("the encoder wrote bytes the decoder refuses (\(error)) from \(decoded.json)")
    }
    return 0
}

// SwiftPM links an executable target's entry point as `ProtoMessageDecoderFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("ProtoMessageDecoderFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, protoMessageDecoderFuzz)
}
