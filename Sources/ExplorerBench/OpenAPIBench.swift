import Foundation

/// The OpenAPI import of a large description (issue 29): `apiexplorer import openapi` of a generated spec with about
/// 1,000 operations and several MB of JSON, as a whole process, and the explorer's first frame on the result.
enum OpenAPIBench {
    /// One row for the import, one for opening the imported collection.
    static func run(_ options: BenchOptions, executable: String, workDirectory: URL, report: (BenchRow) -> Void) throws {
        let operations = options.quick ? 40 : 1000
        let spec = workDirectory.appendingPathComponent("openapi-bench.json")
        let text = generate(operations: operations)
        try Data(text.utf8).write(to: spec)
        let into = workDirectory.appendingPathComponent("openapi-collections")
        let times = try Repetition.timings(runs: options.runs) {
            try? FileManager.default.removeItem(at: into)
            return try ProcessRun.checked([executable, "import", "openapi", spec.path, "--into", into.path]).seconds
        }
        let median = Median.of(times)
        report(BenchRow(name: "import openapi, \(operations) operations, \(BenchText.size(text.utf8.count)) JSON", ours: BenchText.time(median),
                        reference: "-", ratio: "-", target: "< 3.00 s", met: median < 3))
        let screen = try ScreenBench(options: options, executable: executable)
        defer { screen.finish() }
        report(try screen.launch(collections: into, firstCollection: "Bench API", label: "imported OpenAPI, \(operations) operations", target: 0.2))
    }

    /// A description shaped like a large public one: resources with list, create, read, replace and delete, tags,
    /// shared parameters, `$ref`ed schemas of 20 properties with nested objects, examples and long descriptions.
    static func generate(operations: Int) -> String {
        let resources = max(1, operations / 4)
        let prose = String(repeating: "Returns the resource with every field the caller may read; fields are documented in the schema. ", count: 6)
        var paths: [String] = []
        var schemas: [String] = []
        for index in 0..<resources {
            let name = "Resource\(index)"
            let tag = "\"group\(index % 40)\""
            let ref = "{\"$ref\": \"#/components/schemas/\(name)\"}"
            let responses = "{\"200\": {\"description\": \"OK\", \"content\": {\"application/json\": {\"schema\": \(ref)}}}, \"default\": {\"$ref\": \"#/components/responses/Error\"}}"
            let list = "\"get\": {\"tags\": [\(tag)], \"operationId\": \"list\(name)\", \"summary\": \"List \(name)\", \"description\": \"\(prose)\", \"parameters\": [{\"$ref\": \"#/components/parameters/Limit\"}, {\"name\": \"filter\", \"in\": \"query\", \"schema\": {\"type\": \"string\"}}], \"responses\": \(responses)}"
            let create = "\"post\": {\"tags\": [\(tag)], \"operationId\": \"create\(name)\", \"summary\": \"Create \(name)\", \"description\": \"\(prose)\", \"requestBody\": {\"content\": {\"application/json\": {\"schema\": \(ref)}}}, \"responses\": \(responses)}"
            let read = "\"get\": {\"tags\": [\(tag)], \"operationId\": \"get\(name)\", \"summary\": \"Get \(name)\", \"description\": \"\(prose)\", \"responses\": \(responses)}"
            let replace = "\"put\": {\"tags\": [\(tag)], \"operationId\": \"replace\(name)\", \"summary\": \"Replace \(name)\", \"description\": \"\(prose)\", \"requestBody\": {\"content\": {\"application/json\": {\"schema\": \(ref)}}}, \"responses\": \(responses)}"
            paths.append("\"/resources\(index)\": {\(list), \(create)}")
            paths.append("\"/resources\(index)/{id}\": {\"parameters\": [{\"name\": \"id\", \"in\": \"path\", \"required\": true, \"schema\": {\"type\": \"integer\"}}], \(read), \(replace)}")
            var properties: [String] = []
            for field in 0..<18 {
                let type = ["string", "integer", "number", "boolean"][field % 4]
                properties.append("\"field\(field)\": {\"type\": \"\(type)\", \"description\": \"Field \(field) of \(name), as stored.\"}")
            }
            properties.append("\"address\": {\"type\": \"object\", \"required\": [\"street\", \"city\"], \"properties\": {\"street\": {\"type\": \"string\"}, \"city\": {\"type\": \"string\", \"example\": \"Lisbon\"}}}")
            properties.append("\"tags\": {\"type\": \"array\", \"items\": {\"type\": \"string\", \"enum\": [\"a\", \"b\"]}}")
            schemas.append("\"\(name)\": {\"type\": \"object\", \"properties\": {\(properties.joined(separator: ", "))}}")
        }
        return """
            {"openapi": "3.0.3", "info": {"title": "Bench API", "version": "1"},
             "servers": [{"url": "https://api.bench.test/v1", "description": "production"}, {"url": "http://127.0.0.1:8080/v1", "description": "local"}],
             "security": [{"bearer": []}],
             "paths": {\(paths.joined(separator: ",\n"))},
             "components": {
               "parameters": {"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 20}}},
               "responses": {"Error": {"description": "An error", "content": {"application/json": {"schema": {"type": "object", "properties": {"message": {"type": "string"}}}}}}},
               "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
               "schemas": {\(schemas.joined(separator: ",\n"))}}}
            """
    }
}
