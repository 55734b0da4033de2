@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Captures, needs and checks as the lines the Checks tab edits, and their file form")
struct CheckRowTests {
    private let file = "/c/Shop/users/get.yaml"

    @Test(arguments: [
        "needs users/create-user",
        "capture token = $.token",
        "capture id = header X-Request-Id",
        "capture code = status",
        "capture session = cookie session",
        "status 200", "status 2xx", "status 200-299",
        "header Content-Type present", "header Content-Type equals application/json", "header Content-Type matches json",
        "$.user.name equals \"Ada Lovelace\"", "$.id equals 3", "$.ok equals true", "$.tags contains \"x\"",
        "$.items[?@.price < 10].name exists", "$.gone does not exist", "$.id is integer", "$.items count 3", "$.name matches ^A",
        "body contains hello world", "response time < 500 ms", "body matches schema ../_files/user.schema.json",
        // A stream's events and a conversation's messages, as the tab shows them when loaded from a file.
        "$events[0].data.price equals 101", "$messages[*].data count 2", "$events[?@.data.price > 100].id exists",
    ])
    func aLineReadsBackAsItself(line: String) throws {
        #expect(try CheckRow.parse(line, requestFile: file).text(requestFile: file) == line)
    }

    @Test func aSchemaPathIsRelativeToTheRequestFile() throws {
        let row = try CheckRow.parse("body matches schema ../_files/user.schema.json", requestFile: file)
        #expect(row == .check(CheckSpec(.schema(path: "/c/Shop/_files/user.schema.json"))))
    }

    @Test func aBadLineSaysWhatWasExpected() {
        #expect(throws: CheckLineError.self) { try CheckRow.parse("stat 200", requestFile: file) }
        #expect(throws: CheckLineError("a status check takes a code (200), a class (2xx) or a range (200-299).")) {
            try CheckRow.parse("status ok", requestFile: file)
        }
        #expect(throws: CheckLineError.self) { try CheckRow.parse("$.a[ equals 1", requestFile: file) }
        #expect(throws: CheckLineError.self) { try CheckRow.parse("capture a b = $.x", requestFile: file) }
    }

    @Test func editedRowsAreSavedSurgicallyAndLoadBackTheSame() throws {
        let temp = try TempCollections()
        try temp.write("Shop/collection.yaml", "name: Shop\n")
        let original = "name: Get\n# the user\nurl: /users/{{uid}}\nchecks:\n  - status: 200\n# end\n"
        let path = try temp.write("Shop/get.yaml", original)
        let saved = try #require(temp.load().request("Shop/get"))
        let rows = try ["needs login", "capture name = $.name", "status 2xx", "$.name equals \"Alan Turing\"", "response time < 500 ms"]
            .map { try CheckRow.parse($0, requestFile: path, secret: $0.hasPrefix("capture")) }
        let edited = CheckRow.setting(rows, in: saved)
        try CollectionStore.save(edited, over: saved, original: Data(original.utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
        name: Get
        # the user
        url: /users/{{uid}}
        needs:
          - login
        captures:
          - name: name
            json: "$.name"
            secret: true
        checks:
          - status: 2xx
          - json: "$.name"
            equals: Alan Turing
          - responseTimeBelow: 500
        # end

        """)
        let loaded = try #require(temp.load().request("Shop/get"))
        #expect(CheckRow.rows(of: loaded) == rows)
    }
}
