// A test helper, not part of the product: saves a request file's headers over and over, alternating between two
// header sets, until it is killed. The interrupted-save test SIGKILLs it at random moments and checks the file.
import ExplorerCore
import Foundation
import ExplorerWorkspace

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: SaveStress REQUEST_FILE\n".utf8))
    exit(64)
}
let path = arguments[1]
/// The two header sets; each makes a file of some 25 KB so that a save takes long enough to be interrupted.
func headers(_ set: String) -> [KeyValue] {
    (0..<500).map { KeyValue("X-\(set)-\($0)", String(repeating: set, count: 20)) }
}
let request = RequestSpec(name: "stress", slug: "stress", url: "/stress", file: path)
var round = 0
FileHandle.standardOutput.write(Data("ready\n".utf8))
while true {
    let current = FileManager.default.contents(atPath: path)
    do {
        try CollectionStore.saveHeaders(headers(round % 2 == 0 ? "B" : "A"), of: request, original: current)
    } catch {
        FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
        exit(1)
    }
    round += 1
}
