@testable import ExplorerCore
@testable import ExplorerWorkspace
import Testing

@Suite("Printable \\u escapes in JSON strings, decoded for display only")
struct JSONEscapesTests {
    @Test func printableEscapesAreDecodedAndTheRestStay() {
        #expect(JSONEscapes.decodingPrintable(#""\u65e5\u672c""#) == "\"日本\"")
        #expect(JSONEscapes.decodingPrintable(#""\ud83d\ude80 go""#) == "\"🚀 go\"")
        // Controls, quotes, backslashes and invisible format characters stay escaped; other escapes are copied whole.
        #expect(JSONEscapes.decodingPrintable(#""\u001b[2J \u0022 \u005c \u200b \n \\u0041""#) == #""\u001b[2J \u0022 \u005c \u200b \n \\u0041""#)
        // Broken escapes are left as written.
        #expect(JSONEscapes.decodingPrintable(#""\u12 \ud800 x""#) == #""\u12 \ud800 x""#)
        #expect(JSONEscapes.decodingPrintable("\"plain\"") == "\"plain\"")
    }
}
