@testable import ExplorerScripts
import Foundation
import Testing

/// The state handed to a script is JSON written by hand: every string reads back as it was.
@Suite("Scripts: the state as JSON")
struct ScriptStateJSONTests {
    @Test func everyStringReadsBackExactly() throws {
        let awkward = "quote \" backslash \\ line\nbreak\r\ttab \u{0} \u{1F} é 雪 🧪 \u{2028} </script>"
        let input = ScriptInput(event: .after, requestName: awkward, iteration: 3,
                                request: ScriptRequest(method: "POST", url: "{{baseURL}}/a?b=\"c\"", headers: [ScriptHeader("X-\u{1}", awkward)], body: awkward),
                                response: ScriptResponse(code: 201, status: "Created", headers: [ScriptHeader("A", "b")], body: awkward, responseTime: 12.5),
                                environment: [awkward: awkward, "plain": "1"], variables: [:], collectionVariables: ["c": "\""])
        let text = ScriptStateJSON.make(input)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let request = try #require(object["request"] as? [String: Any])
        #expect(request["body"] as? String == awkward && request["url"] as? String == "{{baseURL}}/a?b=\"c\"")
        #expect((request["headers"] as? [[String: String]])?.first == ["key": "X-\u{1}", "value": awkward])
        #expect(object["environment"] as? [String: String] == [awkward: awkward, "plain": "1"])
        #expect(object["collectionVariables"] as? [String: String] == ["c": "\""])
        let info = try #require(object["info"] as? [String: Any])
        #expect(info["requestName"] as? String == awkward && info["iteration"] as? Int == 2 && info["eventName"] as? String == "test")
        let response = try #require(object["response"] as? [String: Any])
        #expect(response["code"] as? Int == 201 && response["responseTime"] as? Double == 12.5)
        // The body is handed over as a string of its own, not inside the JSON.
        #expect(response["body"] == nil && response["withheld"] as? Bool == false)
        #expect(response["size"] as? Int == awkward.utf8.count)
        let engine = try #require(ScriptEngine())
        let result = engine.run([ScriptSource(text: "pm.test('same', () => pm.expect(pm.response.text()).to.equal(pm.environment.get('plain')))", file: "s.js")],
                                input: ScriptInput(event: .after, requestName: "r", request: input.request, response: input.response,
                                                   environment: ["plain": awkward]))
        #expect(result.tests.map(\.passed) == [true], "\(result.tests)")
    }

    /// A body over the limit is not handed to the engine: its size is there, and reading it says why it is not.
    @Test func aBodyOverTheLimitIsWithheldWithAReason() throws {
        let response = ScriptResponse(code: 200, status: "OK", body: "", size: 40_000_000, isBodyWithheld: true)
        let input = ScriptInput(event: .after, requestName: "r", request: ScriptRequest(method: "GET", url: "http://127.0.0.1:1/"), response: response)
        let engine = try #require(ScriptEngine())
        let result = engine.run([ScriptSource(text: """
            pm.test("status still there", () => pm.response.to.have.status(200));
            pm.test("size", () => pm.expect(pm.response.responseSize).to.equal(40000000));
            pm.response.json();
            """, file: "big.js")], input: input)
        #expect(result.tests.map(\.passed) == [true, true])
        #expect(result.failure?.message == "Error: pm.response: the body is 40000000 bytes; scripts read bodies up to 32 MB", "\(String(describing: result.failure))")
        #expect(result.failure?.line == 3)
    }
}
