import ExplorerScripts
import ExplorerWorkspace
import Foundation
import Testing

/// The check the Scripts tab runs as a script is typed: parsing only, never running.
@Suite("Scripts: the syntax check of a script being edited")
struct ScriptSyntaxCheckTests {
    @Test func aScriptThatParsesCompilesAndIsNotRun() throws {
        let engine = try #require(ScriptEngine())
        // Running this would never end; checking it returns at once.
        #expect(engine.syntaxVerdict(of: "while (true) {}\npm.test('x', () => pm.expect(1).to.equal(1))") == .compiles)
        #expect(engine.syntaxVerdict(of: "") == .compiles)
        // A top-level return is allowed: a script runs as a function body.
        #expect(engine.syntaxVerdict(of: "if (pm.response.code !== 200) return;") == .compiles)
    }

    @Test func anErrorNamesItsLineAndColumnInTheScript() throws {
        let engine = try #require(ScriptEngine())
        guard case let .error(message, line, column) = engine.syntaxVerdict(of: "const a = 1;\nconst b = );") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(message.hasPrefix("SyntaxError") && line == 2 && column == 11, "\(message) \(String(describing: line)):\(String(describing: column))")
        // Left open, a script is flagged at its end, not on the line that closes what wraps it.
        guard case let .error(open, openLine, openColumn) = engine.syntaxVerdict(of: "pm.test(\"x\", () => {\n  pm.expect(1).to.equal(1)\n}") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(openLine == 3 && openColumn == 2 && open == "SyntaxError: Unexpected end of script. Expected ')' to end an argument list.", "\(open)")
    }

    @Test func theVerdictReadsAsTheTabShowsIt() {
        #expect(LazyScriptEngine().syntaxVerdict(of: "let x = 1") == .compiles)
        #expect(ScriptSyntaxVerdict.error(message: "SyntaxError: Unexpected token '='", line: 2, column: 11).description
                == "✗ line 2, column 11: SyntaxError: Unexpected token '='")
        #expect(ScriptSyntaxVerdict.error(message: "SyntaxError", line: nil, column: nil).description == "✗ SyntaxError")
        #expect(ScriptSyntaxVerdict.unchecked("no library").description == "not checked: no library")
    }
}
