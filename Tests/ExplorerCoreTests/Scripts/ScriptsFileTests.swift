@testable import ExplorerWorkspace
import Foundation
import Testing

/// `scripts:` in request, folder and collection files: read with where each script starts, refused with the file and
/// line when its shape is wrong, and written back so it reads the same.
@Suite("Scripts in collection files")
struct ScriptsFileTests {
    @Test func everyLevelIsReadWithWhereItsTextStarts() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\nscripts:\n  before: pm.variables.set('a', 1)\n")
        try temp.write("Mini/users/folder.yaml", "name: Users\nscripts:\n  after:\n    file: scripts/check.js\n")
        try temp.write("Mini/users/get.yaml", """
            url: /users/1
            scripts:
              before: |
                console.log("one")
                console.log("two")
              after: "pm.test('ok', () => {})"
            """)
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "Mini"))
        #expect(collection.root.scripts.before == ScriptText(.inline("pm.variables.set('a', 1)")))
        #expect(collection.root.scripts.before?.location.line == 3)
        let folder = try #require(collection.root.folders.first)
        #expect(folder.scripts.after == ScriptText(.file("scripts/check.js")) && folder.scripts.after?.location.line == 4)
        let request = try #require(result.request("Mini/users/get"))
        #expect(request.scripts.before == ScriptText(.inline("console.log(\"one\")\nconsole.log(\"two\")\n")))
        #expect(request.scripts.before?.location.line == 4, "a block's text starts on the line after its `|`")
        #expect(request.scripts.after?.body == .inline("pm.test('ok', () => {})") && request.scripts.after?.location.line == 6)
    }

    @Test(arguments: [
        ("scripts: pm.test()\n", "r.yaml:2:10: error: expected 'scripts' to be a mapping of keys to values, found the text 'pm.test()'"),
        ("scripts:\n  before:\n    - one\n", "r.yaml:4:5: error: expected 'scripts.before' to be the script's text or 'file: NAME.js', found a list"),
        ("scripts:\n  before:\n    path: a.js\n", "r.yaml:4:5: error: expected 'scripts.before' to be the script's text or 'file: NAME.js'"),
        ("scripts:\n  after:\n    file: ''\n", "r.yaml:4:5: error: 'scripts.after.file' is empty; name a .js file"),
    ])
    func aWrongShapeNamesTheFileAndLine(yaml: String, message: String) throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\n")
        try temp.write("Mini/r.yaml", "url: /x\n" + yaml)
        let problems = temp.load().problems(in: "r.yaml").map(\.description)
        #expect(problems.contains { $0.hasSuffix(message) || $0.contains(message) }, "\(problems)")
    }

    @Test func anUnknownKeyInScriptsIsAWarningWithASuggestion() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\n")
        try temp.write("Mini/r.yaml", "url: /x\nscripts:\n  befor: x\n")
        let problems = temp.load().problems(in: "r.yaml")
        #expect(problems.contains { $0.isWarning && $0.description.contains("unknown key 'befor' in 'scripts' (did you mean 'before'?)") },
                "\(problems)")
    }

    @Test func scriptsAreSavedAsTheyRead() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", "name: Mini\n")
        try temp.write("Mini/r.yaml", "url: /x\n")
        let result = temp.load()
        let saved = try #require(result.request("Mini/r"))
        var edited = saved
        edited.scripts = ScriptsSpec(before: ScriptText(.inline("const a = 1;\nconsole.log(a)\n")), after: ScriptText(.file("after.js")))
        let data = try CollectionStore.save(edited, over: saved, original: result.loadedFiles[saved.file])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("scripts:\n  before: |\n    const a = 1;\n    console.log(a)\n  after:\n    file: after.js\n"), "\(text)")
        try text.write(toFile: temp.path("Mini/r.yaml"), atomically: true, encoding: .utf8)
        #expect(temp.load().request("Mini/r")?.scripts == edited.scripts)
    }
}
