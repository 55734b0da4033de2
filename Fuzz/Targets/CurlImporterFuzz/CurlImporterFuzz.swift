// libFuzzer target: the curl command importer on arbitrary bytes. A command that imports is written by
// CollectionWriter and loaded back by CollectionLoader, which must read it without problems and as written.
// Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation
import ExplorerWorkspace
import ExplorerFormats

/// Where imported collections are written and loaded back: in memory (/dev/shm) where there is one.
private let scratch: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return (base as NSString).appendingPathComponent("apiexplorer-fuzz-curl-\(getpid())")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func curlImporterFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let result = try CurlImporter.importCommand(text, source: "curl")
        for item in result.report.items where item.message.isEmpty { fatalError("report item without a message at \(item.path)") }
        if isSampled(UnsafeBufferPointer(start: start, count: count)) { roundTrip(result) }
    } catch {
        guard error.location.file == "curl", !error.message.isEmpty, error.description.hasPrefix("curl") else {
            fatalError("error without a source or a message: '\(error.description)'")
        }
    }
    return 0
}

/// True for about a quarter of all inputs, the same quarter every run: almost every input imports (any word is a URL)
/// and the round trip through the disk costs three times the import, so it is done for a fixed quarter (FNV-1a of the
/// bytes) and the fuzzer gets through more inputs (334 exec/s at a half). The replay test round-trips every input.
private func isSampled(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash >> 24 & 3 == 0
}

/// Writes the collection (without attachments, which name files on this machine) and loads it back.
private func roundTrip(_ imported: ImportResult) {
    var result = imported.renamed("fuzz")
    result.attachments = []
    let summary: CollectionWriteSummary
    do {
        summary = try CollectionWriter.write(result, into: scratch, force: true)
    } catch {
        fatalError("an imported collection could not be written: \(error)")
    }
    defer { try? FileManager.default.removeItem(atPath: summary.directory) }
    let loaded = CollectionLoader(environment: [:]).load(directory: scratch)
    guard loaded.problems.isEmpty else {
        fatalError("an imported collection does not load: \(loaded.problems.map(\.description).joined(separator: "\n"))")
    }
    // Yams drops a U+FEFF that starts a scalar (it decodes scalars with String(bytes:encoding:)): that difference alone is allowed.
    guard loaded.collections == [summary.collection] || withoutByteOrderMarks(loaded.collections) == withoutByteOrderMarks([summary.collection]) else {
        fatalError("an imported collection loads differently:\nwritten: \(summary.collection)\nloaded: \(loaded.collections)")
    }
}

private func withoutByteOrderMarks(_ collections: [CollectionSpec]) -> String {
    String(String.UnicodeScalarView("\(collections)".unicodeScalars.filter { $0 != "\u{FEFF}" }))
}

// SwiftPM links an executable target's entry point as `CurlImporterFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("CurlImporterFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // The scratch directory is empty between inputs; it goes when libFuzzer exits.
    atexit { try? FileManager.default.removeItem(atPath: scratch) }
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, curlImporterFuzz)
}
