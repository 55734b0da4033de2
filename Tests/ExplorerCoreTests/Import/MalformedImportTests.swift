@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Malformed import input")
struct MalformedImportTests {
    func postmanError(_ json: String) -> String {
        do {
            _ = try PostmanImporter.importCollection(Data(json.utf8), source: "c.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func postmanErrorsNameTheJSONPathAndLine() {
        #expect(postmanError("{\"info\": {\"name\": \"x\"},\n \"item\": [\n  {\"name\": \"a\", \"request\": {\"url\": 5}}\n]}")
            == "c.json:3:36: error: item[0].request.url: expected a string or an object with 'raw', 'host' and 'path', found a number")
        #expect(postmanError("{\"info\": {}, \"item\": [{\"item\": []}, {\"item\": []}, {\"name\": \"n\", \"request\": {\"header\": {\"k\": 1}, \"url\": \"/x\"}}]}")
            == "c.json:1:87: error: item[2].request.header: expected an array of {key, value}, found an object")
        #expect(postmanError("{\"info\": {}, \"item\": [{\"name\": \"f\", \"item\": [3]}]}")
            == "c.json:1:46: error: item[0].item[0]: expected a request or folder (an object), found a number")
        #expect(postmanError("{\"info\": {}, \"item\": [{\"request\": {\"method\": \"GE T\", \"url\": \"/\"}}]}")
            == "c.json:1:46: error: item[0].request.method: 'GE T' is not an HTTP method")
        #expect(postmanError("{\"info\": {}, \"item\": [{\"request\": {\"url\": \"/\", \"auth\": {\"type\": \"basic\", \"basic\": 7}}}]}")
            == "c.json:1:83: error: item[0].request.auth.basic: expected an array of {key, value} or an object, found a number")
    }

    @Test func postmanWrongDocuments() {
        #expect(postmanError("[]") == "c.json:1:1: error: expected a Postman collection (an object with 'info' and 'item'), found an array")
        #expect(postmanError("{\"item\": []}") == "c.json:1:1: error: missing 'info'; expected a Postman Collection v2.0 or v2.1 export")
        #expect(postmanError("{\"name\": \"e\", \"values\": []}") == "c.json:1:1: error: this is a Postman environment, not a collection; pass it with --environment")
        #expect(postmanError("{\"id\": \"1\", \"name\": \"v1\", \"requests\": [], \"order\": []}")
            == "c.json:1:1: error: this is a Postman Collection v1 export; export it again from Postman as Collection v2.1")
    }

    @Test func invalidJSONGivesLineAndColumn() {
        #expect(postmanError("{\n  \"info\": {\"name\": \"x\"}\n  \"item\": []\n}") == "c.json:3:3: error: invalid JSON: unexpected '\"'; expected ',' or '}' after the value of \"info\"")
        #expect(postmanError("{\"info\": {\"name\": \"x\n\"}}") == "c.json:1:21: error: invalid JSON: a line break inside a string; write it as \\n")
        #expect(postmanError("") == "c.json:1:1: error: invalid JSON: the file is empty; expected a JSON object")
        #expect(postmanError("{\"a\": tru}") == "c.json:1:7: error: invalid JSON: unexpected 't'; expected a value (did you mean 'true'?)")
        #expect(postmanError(String(repeating: "[", count: 300)) == "c.json:1:257: error: invalid JSON: nested more than 256 levels deep")
        #expect(postmanError("{\"info\": {}, \"item\": []} x") == "c.json:1:26: error: invalid JSON: unexpected 'x' after the end of the JSON document")
    }

    @Test func postmanEnvironmentErrors() {
        var report = ImportReport()
        #expect(throws: ImportError(SourceLocation(file: "e.json", line: 1, column: 13), path: "values[0]", "missing 'key'; each environment value needs a name")) {
            try PostmanImporter.importEnvironment(Data("{\"values\": [{\"value\": 1}]}".utf8), source: "e.json", report: &report)
        }
    }

    func httpError(_ text: String) -> String {
        do {
            _ = try HTTPFileImporter.importFile(text, source: "api.http")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func httpErrorsNameFileAndLine() {
        #expect(httpError("### one\nGET https://x.test/\nAccept application/json\n") == "api.http:3: error: expected a header 'Name: value', or a blank line before the body, found 'Accept application/json'")
        #expect(httpError("GET https://x.test/\nBad Name: 1\n") == "api.http:2: error: 'Bad Name' is not a valid header name (no spaces or colons)")
        #expect(httpError("@ token\n") == "api.http:1: error: expected a file variable '@name = value', found '@ token'")
        #expect(httpError("@my var = 1\n") == "api.http:1: error: 'my var' is not a valid variable name (letters, digits, '_', '-', '.')")
        #expect(httpError("###\n\nhello there\n") == "api.http:3: error: expected a request line 'METHOD URL' (or a URL), found 'hello there'")
    }

    @Test func httpEnvironmentFileErrors() {
        #expect(throws: ImportError(SourceLocation(file: "http-client.env.json", line: 1, column: 9), path: "dev", "expected an object of variable names and values, found a string")) {
            try HTTPFileImporter.importFile("GET /x\n", source: "a.http", environments: (Data("{\"dev\": \"x\"}".utf8), "http-client.env.json"))
        }
    }

    func curlError(_ text: String) -> String {
        do {
            _ = try CurlImporter.importCommand(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func curlErrors() {
        #expect(curlError("curl 'https://x.test/\n -H 'A: b'") == "curl:2: error: the quote ' opened on line 2 is never closed")
        #expect(curlError("curl -H 'A: b' \\\n  --compressed") == "curl:2: error: the curl command has no URL")
        #expect(curlError("curl https://x.test -H") == "curl:1: error: the curl option -H needs a value")
        #expect(curlError("  ") == "curl: error: the curl command is empty")
        #expect(curlError("curl -X 'GE T' https://x.test") == "curl:1: error: 'GE T' is not an HTTP method")
        // Text that is not a curl command is refused rather than imported as a request to http://hello or http://wget.
        #expect(curlError("hello world") == "curl:1: error: not a curl command: it starts with 'hello'; paste a command that starts with curl")
        #expect(curlError("wget http://x.test") == "curl:1: error: not a curl command: it starts with 'wget'; paste a command that starts with curl")
        // curl's arguments alone still import: an option or a URL first.
        #expect((try? CurlImporter.request(from: "-X POST https://x.test/a"))?.request.method == "POST")
        #expect((try? CurlImporter.request(from: "https://x.test/a -H 'A: b'"))?.request.url == "https://x.test/a")
    }
}
