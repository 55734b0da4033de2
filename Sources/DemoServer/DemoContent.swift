import Foundation

/// The fixed payloads of the demo API.
enum DemoContent {
    static let index: DemoJSON = .object([
        ("name", "apiexplorer demo API"),
        ("routes", .array([
            "GET|POST /users, GET|PUT|PATCH|DELETE /users/{id} (also /posts, /todos)",
            "ANY /echo[/...] - method, path, query, headers and body back as JSON",
            "GET /status/{code}", "GET /delay/{seconds}", "GET /bytes/{n}", "GET /large-json?items=N",
            "GET /xml", "GET /html", "GET /text", "GET /form", "GET /image/png", "GET /gzip",
            "GET /redirect/{n}", "GET /redirect-to?url=U", "GET /bearer (Authorization: Bearer demo-token)",
            "POST /login {\"username\": \"ada\", \"password\": \"s3cret\"} - a bearer token and a session cookie",
            "GET /basic-auth/{user}/{password}", "GET /flaky/{key}?failures=N&status=S&retryAfter=T",
        ])),
    ])

    static let gzipPayload: DemoJSON = .object([("gzipped", true), ("message", "This body travelled gzip-compressed.")])

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <library><book id="1" lang="en"><title>Notes on the Analytical Engine</title><author>Ada Lovelace</author></book>\
        <book id="2"><title>Computing Machinery &amp; Intelligence</title><author>Alan Turing</author></book></library>
        """

    static let html = """
        <!DOCTYPE html>
        <html><head><title>Demo page</title></head>
        <body><h1>apiexplorer demo</h1><p>This is <b>HTML</b> from the built-in demo API.</p></body></html>
        """

    static let plainText = "Plain text from the demo API.\nSecond line, with unicode: héllo wörld, 日本語, 🚀\n"

    /// An 8×8 colour gradient PNG.
    static let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x08,
        0x00, 0x00, 0x00, 0x08, 0x08, 0x02, 0x00, 0x00, 0x00, 0x4B, 0x6D, 0x29, 0xDC, 0x00, 0x00, 0x00, 0x6C, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x15, 0xCD, 0x41, 0x15, 0x00, 0x51, 0x08, 0x42, 0x51, 0xA3, 0x18, 0x85, 0x28, 0x46, 0x79, 0x51, 0x88,
        0x42, 0x14, 0xA2, 0xCC, 0x1F, 0x97, 0x5C, 0x0E, 0xCE, 0x0C, 0x3B, 0x68, 0xB8, 0x81, 0xC1, 0x43, 0x86, 0x0E, 0x33, 0xCB,
        0x2E, 0x5A, 0x6E, 0x61, 0xF1, 0x92, 0xA5, 0xFB, 0x40, 0xAC, 0x90, 0x38, 0x81, 0xB0, 0x88, 0xA8, 0x1E, 0x1C, 0x7B, 0xE8,
        0xB8, 0x83, 0xC3, 0x47, 0x8E, 0xDE, 0x83, 0x7F, 0xE0, 0x55, 0x5F, 0xF8, 0x9F, 0x21, 0xD0, 0xF7, 0x6E, 0xCC, 0x1A, 0x99,
        0xF3, 0x1F, 0xDB, 0xC4, 0xD4, 0x0F, 0xC2, 0x06, 0x85, 0xCB, 0x5F, 0x76, 0x48, 0x68, 0x1E, 0x94, 0x2D, 0x2A, 0xD7, 0x7F,
        0xC2, 0x25, 0xA5, 0xE5, 0x03, 0xC6, 0x7B, 0x58, 0x01, 0x9F, 0x57, 0xDE, 0x74, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
        0x44, 0xAE, 0x42, 0x60, 0x82,
    ])

    /// `count` deterministic bytes, so two downloads can be compared.
    static func bytes(_ count: Int) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { buffer in
            var seed: UInt32 = 0x2545_F491
            for index in buffer.indices {
                seed = seed &* 1_103_515_245 &+ 12_345
                buffer[index] = UInt8(truncatingIfNeeded: seed >> 16)
            }
        }
        return data
    }

    /// A JSON array of `items` records, for scrolling and formatting large bodies.
    static func largeJSON(items: Int) -> Data {
        var out = Data("[".utf8)
        out.reserveCapacity(items * 120)
        for id in 0..<items {
            if id > 0 { out.append(contentsOf: Array(",\n".utf8)) }
            let record = "{\"id\":\(id),\"name\":\"item \(id)\",\"price\":\(id % 100).\(id % 10)0,"
                + "\"tags\":[\"demo\",\"large\"],\"active\":\(id % 2 == 0),\"parent\":null}"
            out.append(contentsOf: Array(record.utf8))
        }
        out.append(contentsOf: Array("]".utf8))
        return out
    }
}
