// libFuzzer target: the server-sent event parser on arbitrary bytes, whole and cut into pieces.
// Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func serverSentEventParserFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    var whole = ServerSentEventParser()
    let expected = whole.feed(bytes) + whole.finish()
    // Where the network cuts a stream must not change its events: cut it every `step` bytes, the step taken from the input.
    let step = max(1, Int(bytes.first ?? 1) % 7)
    var pieces = ServerSentEventParser()
    var got: [StreamEvent] = []
    var index = 0
    while index < bytes.count {
        got += pieces.feed(bytes[index..<min(bytes.count, index + step)])
        index += step
    }
    got += pieces.finish()
    if got != expected { fatalError("cutting the stream every \(step) bytes changed its events") }
    if whole.retry != pieces.retry || whole.lastEventID != pieces.lastEventID { fatalError("cutting the stream changed retry or the last id") }
    for event in expected where event.event?.contains("\n") == true || event.id?.contains("\n") == true || event.id?.contains("\r") == true {
        fatalError("a line end inside an event name or id")
    }
    return 0
}

// SwiftPM links an executable target's entry point as `ServerSentEventParserFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("ServerSentEventParserFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, serverSentEventParserFuzz)
}
