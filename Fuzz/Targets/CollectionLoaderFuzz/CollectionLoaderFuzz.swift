// libFuzzer target: collection and request files, parsed from arbitrary bytes. Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation
import ExplorerWorkspace

@_cdecl("LLVMFuzzerTestOneInput")
public func collectionLoaderFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let loader = CollectionLoader(environment: ["HOME": "/home/fuzz"])
    let (request, requestProblems) = loader.parseRequest(text, file: "/fuzz/C/request.yaml", slug: "request")
    let (collection, collectionProblems) = loader.parseCollection(text, file: "/fuzz/C/collection.yaml", directory: "/fuzz/C")
    // Every problem must print (file:line:column), and whatever parsed must resolve without trapping.
    for problem in requestProblems + collectionProblems { _ = problem.description }
    if let request, let collection {
        for environment in [nil] + collection.environments.map(Optional.some) {
            let resolver = RequestResolver(collection: collection, folders: [], request: request, environment: environment,
                                           processEnvironment: [:])
            _ = try? resolver.resolve()
            _ = resolver.effectiveHeaders
        }
    }
    return 0
}

// SwiftPM links an executable target's entry point as `CollectionLoaderFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("CollectionLoaderFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, collectionLoaderFuzz)
}
