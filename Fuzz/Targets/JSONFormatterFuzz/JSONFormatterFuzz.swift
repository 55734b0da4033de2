// libFuzzer target: the streaming JSON pretty-printer and the body formatter, on arbitrary bytes.
// Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation
import ExplorerWorkspace

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFormatterFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    if let pretty = try? JSONFormatter.prettyPrinted(bytes) {
        // Pretty output is valid UTF-8 and never carries a raw control character other than newline.
        let text = String(decoding: pretty, as: UTF8.self)
        for scalar in text.unicodeScalars where scalar.value < 0x20 && scalar != "\n" {
            fatalError("raw control character \(scalar.value) in pretty-printed JSON")
        }
    }
    // Page through the lines in small steps, as the explorer does.
    let formatter = JSONFormatter(bytes)
    var state = JSONFormatter.State.start
    for _ in 0..<64 {
        let page = formatter.formatLines(from: state, maxLines: 7)
        state = page.nextState
        if state.isFinished || page.lines.isEmpty { break }
    }
    _ = BodyFormatter.format(Data(bytes), contentType: "application/json; charset=utf-8")
    return 0
}

// SwiftPM links an executable target's entry point as `JSONFormatterFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("JSONFormatterFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, jsonFormatterFuzz)
}
