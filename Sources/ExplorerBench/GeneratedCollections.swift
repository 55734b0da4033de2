import Foundation

/// Writes the collections the screen benchmarks open: one pointing at the bench server, one with thousands of requests.
enum GeneratedCollections {
    /// A `Bench` collection whose `bench` environment is `baseURL`, with a small request and one per large body.
    static func writeBench(in directory: URL, baseURL: URL, largeBodies: [Int]) throws {
        let folder = directory.appendingPathComponent("Bench")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        name: Bench
        environments:
          - name: bench
            default: true
            baseURL: \(baseURL.absoluteString)

        """.write(to: folder.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
        try request(name: "Small", url: "/small").write(to: folder.appendingPathComponent("a-small.yaml"), atomically: true, encoding: .utf8)
        for (index, size) in largeBodies.enumerated() {
            try request(name: "Large \(size)", url: "/large/\(size)")
                .write(to: folder.appendingPathComponent("b\(index)-large-\(size).yaml"), atomically: true, encoding: .utf8)
        }
    }

    /// A `Generated` collection of `count` requests in folders of 100.
    static func writeLarge(in directory: URL, count: Int) throws {
        let root = directory.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try """
        name: Generated
        headers:
          - name: Accept
            value: application/json
        environments:
          - name: local
            default: true
            baseURL: http://127.0.0.1:9
            variables:
              - name: token
                value: not-a-real-token
                secret: true
              - name: page
                value: "1"

        """.write(to: root.appendingPathComponent("collection.yaml"), atomically: true, encoding: .utf8)
        for start in stride(from: 0, to: count, by: 100) {
            let folder = root.appendingPathComponent(String(format: "folder-%03d", start / 100))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "name: Folder \(start / 100)\n".write(to: folder.appendingPathComponent("folder.yaml"), atomically: true, encoding: .utf8)
            for index in start..<min(count, start + 100) {
                let text = request(name: "Request \(index)", url: "/items/\(index)?page={{page}}", header: ("Authorization", "Bearer {{token}}"))
                try text.write(to: folder.appendingPathComponent("request-\(index).yaml"), atomically: true, encoding: .utf8)
            }
        }
    }

    private static func request(name: String, url: String, header: (String, String)? = nil) -> String {
        var text = "name: \(name)\nmethod: GET\nurl: \(url)\n"
        if let header { text += "headers:\n  - name: \(header.0)\n    value: \(header.1)\n" }
        return text
    }
}
