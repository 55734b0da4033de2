@testable import ExplorerScripts
import Foundation
import Testing

/// What a script cannot do, how long it may run, and where its errors are.
@Suite("Scripts: the sandbox, the time limit and error positions")
struct ScriptEngineSandboxTests {
    let input = ScriptInput(event: .before, requestName: "r", request: ScriptRequest(method: "GET", url: "http://127.0.0.1:1/"))

    @Test(arguments: ["require", "fetch", "XMLHttpRequest", "process", "Deno", "Bun", "importScripts", "__native"])
    func noGlobalReachesOutsideTheProcess(name: String) throws {
        let result = try #require(ScriptEngine()).run([ScriptSource(text: "console.log(typeof \(name))", file: "s.js")], input: input)
        #expect(result.console.map(\.text) == ["undefined"])
    }

    @Test func callingWhatIsNotThereNamesIt() throws {
        let engine = try #require(ScriptEngine())
        let required = engine.run([ScriptSource(text: "const _ = require('lodash')", file: "s.js")], input: input)
        #expect(required.failure?.kind == .runtime && required.failure?.message.contains("require") == true)
        let sent = engine.run([ScriptSource(text: "pm.sendRequest('http://example.com', () => {})", file: "s.js")], input: input)
        #expect(sent.failure?.message.contains("pm.sendRequest is not supported") == true, "\(String(describing: sent.failure))")
        // The error is placed at the script's call, not inside the API that threw it.
        let later = engine.run([ScriptSource(text: "const a = 1;\n  pm.sendRequest('http://example.com')", file: "Shop/x.yaml", line: 7)], input: input)
        #expect(later.failure?.line == 8 && later.failure?.column == 17, "\(String(describing: later.failure))")
    }

    @Test func aScriptPastTheTimeLimitIsStoppedAndTheEngineGoesOn() throws {
        let engine = try #require(ScriptEngine(timeLimit: 0.3))
        let started = Date()
        let stuck = engine.run([ScriptSource(text: "console.log('start'); while (true) {}", file: "Shop/slow.js", line: 1)], input: input)
        #expect(stuck.failure?.kind == .timeout && stuck.failure?.file == "Shop/slow.js")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(stuck.console.map(\.text) == ["start"], "what it printed before is kept")
        #expect(stuck.failure?.description.contains("ran too long") == true)
        let next = engine.run([ScriptSource(text: "console.log('next')", file: "s.js")], input: input)
        #expect(next.failure == nil && next.console.map(\.text) == ["next"])
    }

    @Test func errorsNameTheFileLineAndColumn() throws {
        let engine = try #require(ScriptEngine())
        let runtime = engine.run([ScriptSource(text: "const a = 1;\nconst b = {};\n  b.c.d = a;", file: "Shop/items/create.yaml", line: 10)],
                                 input: input)
        #expect(runtime.failure?.kind == .runtime && runtime.failure?.line == 12 && runtime.failure?.column != nil)
        #expect(runtime.failure?.description.hasPrefix("Shop/items/create.yaml:12:") == true, "\(String(describing: runtime.failure))")
        let syntax = engine.run([ScriptSource(text: "let ok = 1;\nlet = = 2;", file: "sign.js", line: 1)], input: input)
        #expect(syntax.failure?.kind == .syntax && syntax.failure?.line == 2 && syntax.failure?.column == 5, "\(String(describing: syntax.failure))")
        // JavaScriptCore places a runtime error at the end of the failing expression; on a script's first line the
        // column is the script's own, not the function wrapped around it.
        let first = engine.run([ScriptSource(text: "undefinedFunction()", file: "x.js", line: 3)], input: input)
        #expect(first.failure?.line == 3 && first.failure?.column == "undefinedFunction".count + 1, "\(String(describing: first.failure))")
    }

    @Test func scriptsRunInOrderAndTheFirstFailureStopsTheRest() throws {
        let result = try #require(ScriptEngine()).run([
            ScriptSource(text: "pm.variables.set('order', 'collection')", file: "collection.yaml"),
            ScriptSource(text: "pm.variables.set('order', pm.variables.get('order') + ',folder')", file: "folder.yaml"),
            ScriptSource(text: "pm.variables.set('order', pm.variables.get('order') + ',request'); throw new Error('stop')", file: "r.yaml"),
            ScriptSource(text: "pm.variables.set('order', 'never')", file: "after.yaml"),
        ], input: input)
        #expect(result.variables == ["order": "collection,folder,request"])
        #expect(result.failure?.file == "r.yaml" && result.failure?.message == "Error: stop")
    }

    @Test func aScriptIsCompiledOnce() throws {
        let engine = try #require(ScriptEngine())
        let script = ScriptSource(text: "pm.variables.set('n', (pm.variables.get('n') || 0) + 1)", file: "s.js")
        for _ in 0..<3 { #expect(engine.run([script], input: input).variables == ["n": "1"]) }
        #expect(engine.compiledCount == 1)
    }
}
