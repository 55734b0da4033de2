// libFuzzer target: the Insomnia v4 importer on arbitrary bytes (the whole input is the export). An export that imports
// is written by CollectionWriter and loaded back by CollectionLoader, which must read it without problems and as
// written. Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation
import ExplorerWorkspace
import ExplorerFormats

/// Where imported collections are written and loaded back: in memory (/dev/shm) where there is one.
private let scratch: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return (base as NSString).appendingPathComponent("apiexplorer-fuzz-insomnia-\(getpid())")
}()

private let source = "fuzz.insomnia.json"

@_cdecl("LLVMFuzzerTestOneInput")
public func insomniaImporterFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    _ = InsomniaImporter.looksLikeInsomnia(Data(bytes))
    do {
        let result = try InsomniaImporter.importExport(Data(bytes), source: source)
        checkReport(result.report)
        if isSampled(bytes) { roundTrip(result) }
    } catch {
        check(error, source: source)
    }
    return 0
}

/// An error names the file given and says what is wrong.
private func check(_ error: ImportError, source: String) {
    guard error.location.file == source, !error.message.isEmpty, error.description.hasPrefix(error.location.file + ":") else {
        fatalError("error without a source or a message: '\(error.description)'")
    }
}

private func checkReport(_ report: ImportReport) {
    for item in report.items where item.message.isEmpty { fatalError("report item without a message at \(item.path)") }
}

/// True for about half of all inputs, the same half every run: the round trip through the disk costs several times the
/// import, so it is done for a fixed half (FNV-1a of the bytes) and the fuzzer gets through more inputs. The replay
/// test round-trips every input.
private func isSampled(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash >> 24 & 1 == 0
}

/// Writes the collection (without attachments, which name files on this machine) and loads it back. Only the first
/// requests and folders of each folder are written, so that a large input costs no more than a small one: the writer
/// and the loader treat every request alike.
private func roundTrip(_ imported: ImportResult) {
    var result = imported.renamed("fuzz")
    result.attachments = []
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
    // Yams drops a U+FEFF that starts a scalar (it decodes scalars with String(bytes:encoding:)): that difference alone is allowed.
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

// SwiftPM links an executable target's entry point as `InsomniaImporterFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("InsomniaImporterFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // The scratch directory is empty between inputs; it goes when libFuzzer exits.
    atexit { try? FileManager.default.removeItem(atPath: scratch) }
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, insomniaImporterFuzz)
}
