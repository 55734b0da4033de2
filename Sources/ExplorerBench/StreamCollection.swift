import Foundation

/// The collection `S` the streaming cases send, against a `PacedEventServer`: `a-fast` (events 5 ms apart),
/// `b-slow` (50 ms apart) and `c-bulk` (a body of `bulkBytes` as fast as it goes).
enum StreamCollection {
    /// The requests in tree order, with their URLs (the tree row below the collection is the index + 1).
    static func requests(events: Int, bulkBytes: Int) -> [(file: String, url: String)] {
        [("a-fast", "/paced/\(events)/5000"), ("b-slow", "/paced/\(events)/50000"), ("c-bulk", "/bulk/\(bulkBytes)")]
    }

    /// Writes the collection under `directory`; the bulk request may take as long as it needs.
    static func write(in directory: URL, baseURL: URL, events: Int, bulkBytes: Int) throws {
        let folder = directory.appendingPathComponent("S")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: S\nenvironments:\n  - name: local\n    default: true\n    baseURL: \(baseURL.absoluteString)\n"
            .write(to: folder.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
        for request in requests(events: events, bulkBytes: bulkBytes) {
            try "name: \(request.file)\nurl: \(request.url)\ntimeout: 600\n"
                .write(to: folder.appendingPathComponent("\(request.file).yaml"), atomically: true, encoding: .utf8)
        }
    }
}
