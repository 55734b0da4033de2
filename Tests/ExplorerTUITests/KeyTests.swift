import ExplorerTUI
import Testing

@Suite struct KeyTests {
    @Test func labelsForHelpText() {
        #expect(Key.control("j").label == "Ctrl-J")
        #expect(Key.pageDown.label == "PgDn")
        #expect(Key.backTab.label == "Shift-Tab")
        #expect(Key.function(5).label == "F5")
        #expect(Key.character(" ").label == "Space")
        #expect(Key.character("é").label == "é")
        #expect(Key.escape.label == "Esc")
        #expect(Key.alt("x").label == "Alt-x")
    }

    @Test func keysAreHashable() {
        let bindings: [Key: String] = [.control("s"): "send", .function(1): "help", .resize(width: 80, height: 24): "resize"]
        #expect(bindings[.control("s")] == "send")
        #expect(bindings[.resize(width: 80, height: 24)] == "resize")
        #expect(Key.character("a") != Key.control("a"))
    }
}
