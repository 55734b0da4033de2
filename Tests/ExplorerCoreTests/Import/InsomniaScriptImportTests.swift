@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// Insomnia's pre-request and after-response scripts become the request's scripts; their `insomnia` object is the
/// script engine's `pm` under another name (ExplorerScriptsTests runs one).
@Suite("Insomnia scripts are imported")
struct InsomniaScriptImportTests {
    @Test func preRequestAndAfterResponseScriptsBecomeBeforeAndAfter() throws {
        let json = #"""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "name": "Shop"},
          {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "List", "method": "GET", "url": "https://shop.example/items",
           "preRequestScript": "insomnia.request.headers.add({key: 'X-A', value: '1'});",
           "afterResponseScript": "insomnia.test('ok', () => {\n  insomnia.expect(insomnia.response.code).to.equal(200);\n});"}
        ]}
        """#
        let result = try InsomniaImporter.importExport(Data(json.utf8), source: "shop.json")
        let request = try #require(result.collection.locate(["list"])?.request)
        #expect(request.scripts.before?.body == .inline("insomnia.request.headers.add({key: 'X-A', value: '1'});"))
        #expect(request.scripts.after?.body == .inline("insomnia.test('ok', () => {\n  insomnia.expect(insomnia.response.code).to.equal(200);\n});"))
        #expect(result.report.items.map(\.description) == [
            "List: pre-request script (1 line) imported as scripts.before",
            "List: after-response script (3 lines) imported as scripts.after",
        ])
    }
}
