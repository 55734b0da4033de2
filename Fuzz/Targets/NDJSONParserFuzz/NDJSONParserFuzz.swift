// libFuzzer target: the JSON lines parser on arbitrary bytes, whole and cut into pieces.
// Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func ndjsonParserFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    var whole = NDJSONParser()
    let expected = whole.feed(bytes) + whole.finish()
    // Where the network cuts a body must not change its lines: cut it every `step` bytes, the step taken from the input.
    let step = max(1, Int(bytes.first ?? 1) % 7)
    var pieces = NDJSONParser()
    var got: [StreamEvent] = []
    var index = 0
    while index < bytes.count {
        got += pieces.feed(bytes[index..<min(bytes.count, index + step)])
        index += step
    }
    got += pieces.finish()
    if got != expected { fatalError("cutting the body every \(step) bytes changed its lines") }
    for line in expected where line.data.contains("\n") || line.data.contains("\u{1E}") || line.data.isEmpty {
        fatalError("a line holds a separator or is empty")
    }
    return 0
}

// SwiftPM links an executable target's entry point as `NDJSONParserFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("NDJSONParserFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, ndjsonParserFuzz)
}
