// libFuzzer target: the OpenAPI importer on arbitrary bytes. The input up to the first NUL byte is the description
// (YAML or JSON); the rest, when there is a NUL, is the file every relative `$ref` names. An error must name the
// description; a description that imports is written by CollectionWriter and loaded back by CollectionLoader, which
// must read it without problems and as written. Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation
import ExplorerWorkspace
import ExplorerFormats

private let source = "fuzz.yaml"

/// Where imported collections are written and loaded back: in memory (/dev/shm) where there is one.
private let scratch: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return (base as NSString).appendingPathComponent("apiexplorer-fuzz-openapi-\(getpid())")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func openAPIImporterFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let nul = bytes.firstIndex(of: 0)
    let spec = Data(bytes[..<(nul ?? count)])
    let other = nul.map { Data(bytes[($0 + 1)...]) }
    do {
        let result = try OpenAPIImporter.importSpec(spec, source: source, readFile: { _ in other })
        for item in result.report.items where item.message.isEmpty { fatalError("report item without a message at \(item.path)") }
        if isSampled(bytes) { roundTrip(result) }
    } catch {
        guard error.location.file == source, !error.message.isEmpty, error.description.hasPrefix(source + ":") else {
            fatalError("error without the source or a message: '\(error.description)'")
        }
    }
    return 0
}

/// True for about half of all inputs, the same half every run (FNV-1a of the bytes): the round trip costs several
/// times the import. The replay test round-trips every input.
private func isSampled(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash >> 24 & 1 == 0
}

/// Writes the collection (its first requests and folders only, so a large input costs no more than a small one) and
/// loads it back.
private func roundTrip(_ imported: ImportResult) {
    var result = imported.renamed("fuzz")
    result.collection.root = bounded(result.collection.root)
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
    // Yams drops a U+FEFF that starts a scalar: that difference alone is allowed.
    guard loaded.collections == [summary.collection] || withoutByteOrderMarks(loaded.collections) == withoutByteOrderMarks([summary.collection]) else {
        fatalError("an imported collection loads differently:\nwritten: \(summary.collection)\nloaded: \(loaded.collections)")
    }
}

private func bounded(_ folder: FolderSpec) -> FolderSpec {
    var copy = folder
    copy.requests = Array(folder.requests.prefix(8))
    copy.folders = folder.folders.prefix(4).map(bounded)
    return copy
}

private func withoutByteOrderMarks(_ collections: [CollectionSpec]) -> String {
    String(String.UnicodeScalarView("\(collections)".unicodeScalars.filter { $0 != "\u{FEFF}" }))
}

// SwiftPM links an executable target's entry point as `OpenAPIImporterFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("OpenAPIImporterFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // The scratch directory is empty between inputs; it goes when libFuzzer exits.
    atexit { try? FileManager.default.removeItem(atPath: scratch) }
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, openAPIImporterFuzz)
}
