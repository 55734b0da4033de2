import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The remembered split between the tree and the panes")
struct LayoutStateFileTests {
    /// A directory to remove afterwards, and a file two levels below it that does not exist yet.
    func temporaryPath() -> (directory: String, path: String) {
        let directory = NSTemporaryDirectory() + "layout-state-\(UUID().uuidString)"
        return (directory, directory + "/nested/layout.json")
    }

    @Test func aSplitWrittenIsReadBackByTheNextRun() throws {
        let (directory, path) = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = LayoutStateFile(path: path)
        #expect(file.read() == nil)
        try file.write(split: 35)
        #expect(LayoutStateFile(path: path).read() == 35)
        try file.write(split: 60)
        #expect(LayoutStateFile(path: path).read() == 60)
    }

    @Test func aBrokenOrOutOfRangeFileIsNoSplit() throws {
        let (directory, path) = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = LayoutStateFile(path: path)
        try file.write(split: 35)
        for text in ["not json", "{\"split\": 95}", "{\"split\": \"35\"}", "[35]"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(file.read() == nil, "\(text)")
        }
    }

    @Test func theFileIsInTheStateDirectory() {
        #expect(LayoutStateFile.standard(environment: ["APIEXPLORER_STATE_DIR": "/s"]).path == "/s/layout.json")
        #expect(LayoutStateFile.standard(environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).path == "/x/apiexplorer/layout.json")
        #expect(LayoutStateFile.standard(environment: ["HOME": "/h"]).path == "/h/.local/state/apiexplorer/layout.json")
    }
}
