@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// Every importer reports the templates that read a file, the environment or run a command as what they are: kept,
/// active, and asked about before they are read or run; never as text that is sent or fails.
@Suite("Importers report active templates truthfully")
struct ActiveTemplateReportTests {
    static let notice = "kept as written; apiexplorer asks before it reads or runs it (apiexplorer trust COLLECTION)"
    static let templates = ["{{$file token.txt}}", "{{$command echo hi}}", "{{$env.HOME}}"]

    func expectTruthful(_ report: ImportReport, _ importer: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let messages = report.items.map(\.message)
        for template in Self.templates {
            #expect(messages.contains(template + ": " + Self.notice), "\(importer) on \(template): \(messages)", sourceLocation: sourceLocation)
        }
        for message in messages {
            #expect(!message.contains("sending fails") && !message.contains("sent as text"), "\(importer): \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test func postman() throws {
        let json = """
            {"info": {"name": "P", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "R", "request": {"method": "POST", "url": "https://x.test/a?f={{$file token.txt}}",
               "header": [{"key": "X-Run", "value": "{{$command echo hi}}"}, {"key": "X-Home", "value": "{{$env.HOME}}"}]}}]}
            """
        expectTruthful(try PostmanImporter.importCollection(Data(json.utf8), source: "p.json").report, "postman")
    }

    @Test func insomnia() throws {
        let json = """
            {"_type": "export", "__export_format": 4, "resources": [
              {"_id": "wrk_1", "parentId": null, "name": "W", "_type": "workspace"},
              {"_id": "req_1", "parentId": "wrk_1", "name": "R", "method": "GET", "url": "https://x.test/a?f={{ $file token.txt }}",
               "headers": [{"name": "X-Run", "value": "{{$command echo hi}}"}, {"name": "X-Home", "value": "{{ $env.HOME }}"}], "_type": "request"}]}
            """
        expectTruthful(try InsomniaImporter.importExport(Data(json.utf8), source: "i.json").report, "insomnia")
    }

    @Test func har() throws {
        let json = """
            {"log": {"entries": [{"request": {"method": "GET", "url": "https://x.test/a?f={{$file token.txt}}",
              "headers": [{"name": "X-Run", "value": "{{$command echo hi}}"}, {"name": "X-Home", "value": "{{$env.HOME}}"}]}}]}}
            """
        expectTruthful(try HARImporter.importArchive(Data(json.utf8), source: "h.har").report, "har")
    }

    @Test func openAPI() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: O, version: '1'}
            servers: [{url: 'https://x.test'}]
            paths:
              /a:
                get:
                  parameters:
                    - {name: f, in: query, example: '{{$file token.txt}}'}
                    - {name: X-Run, in: header, example: '{{$command echo hi}}'}
                    - {name: X-Home, in: header, example: '{{$env.HOME}}'}
                  responses: {}
            """
        expectTruthful(try OpenAPIImporter.importSpec(Data(yaml.utf8), source: "o.yaml").report, "openapi")
    }

    @Test func httpFile() throws {
        let text = """
            GET https://x.test/a?f={{$file token.txt}}
            X-Run: {{$command echo hi}}
            X-Home: {{$processEnv HOME}}
            """
        let report = try HTTPFileImporter.importFile(text, source: "a.http").report
        // `$processEnv HOME` becomes `{{$env.HOME}}`, which reads the environment as well.
        expectTruthful(report, ".http")
    }

    @Test func curl() throws {
        let command = "curl 'https://x.test/a?f={{$file token.txt}}' -H 'X-Run: {{$command echo hi}}' -H 'X-Home: {{$env.HOME}}'"
        expectTruthful(try CurlImporter.importCommand(command).report, "curl")
    }
}
