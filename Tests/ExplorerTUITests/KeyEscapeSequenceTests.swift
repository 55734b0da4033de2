import ExplorerTUI
import Testing

/// Escape sequences decoded whatever terminfo says: the common Home and End variants, arrows and function keys with
/// or without modifiers; a terminal's replies are no keys.
@Suite("Escape sequences as keys")
struct KeyEscapeSequenceTests {
    @Test func homeAndEndInEveryCommonSpelling() {
        for sequence in ["[1~", "[7~", "[H", "OH", "[1;5H"] { #expect(Key.decodingEscapeSequence(sequence) == .home, "\(sequence)") }
        for sequence in ["[4~", "[8~", "[F", "OF"] { #expect(Key.decodingEscapeSequence(sequence) == .end, "\(sequence)") }
        #expect(Key.decodingEscapeSequence("[3~") == .delete && Key.decodingEscapeSequence("[5~") == .pageUp)
        #expect(Key.decodingEscapeSequence("[1;3D") == .left && Key.decodingEscapeSequence("OA") == .up)
        #expect(Key.decodingEscapeSequence("[15~") == .function(5) && Key.decodingEscapeSequence("OP") == .function(1))
        #expect(Key.decodingEscapeSequence("[Z") == .backTab)
    }

    @Test func repliesAndUnknownSequencesAreNoKeys() {
        for sequence in ["[2;2R", "[>84;0;0c", "[?1;2c", "[99~", "[200x"] { #expect(Key.decodingEscapeSequence(sequence) == nil, "\(sequence)") }
    }

    @Test func aSequenceEndsWithItsFinalByte() {
        #expect(!Key.isCompleteEscapeSequence("[") && !Key.isCompleteEscapeSequence("[1") && !Key.isCompleteEscapeSequence("[1;"))
        #expect(Key.isCompleteEscapeSequence("[1~") && Key.isCompleteEscapeSequence("OH") && Key.isCompleteEscapeSequence("[2;2R"))
        #expect(!Key.isCompleteEscapeSequence("[["))
    }
}
