import ExplorerTUI
import Testing

@Suite("Fuzzy matching: subsequences, scores, highlight ranges, Unicode")
struct FuzzyMatcherTests {
    func match(_ query: String, _ text: String) -> FuzzyMatch? { FuzzyMatcher(query).match(FuzzyText(text)) }
    func score(_ query: String, _ text: String) -> Int? { FuzzyMatcher(query).score(FuzzyText(text)) }

    @Test func aQueryMatchesWhenItsLettersAppearInOrderInAnyCase() {
        #expect(match("USR", "list users")?.positions == [5, 6, 8])
        #expect(match("sru", "users") == nil)
        #expect(match("userss", "users") == nil)
        #expect(score("xyz", "users") == nil)
        #expect(match("", "anything") == FuzzyMatch(score: 0, positions: []))
    }

    @Test func theScoreFromScoringAloneIsTheScoreOfTheMatch() {
        for (query, text) in [("us", "Status users"), ("abc", "axbxc abc"), ("gusr", "GET /users/{{id}}"), ("e", "Create 用户")] {
            #expect(score(query, text) == match(query, text)?.score, "\(query) in \(text)")
        }
    }

    @Test func consecutiveLettersAndWordStartsWinOverScatteredOnes() {
        // "us" could be St-a-t-U-S; the start of "users" is better.
        #expect(match("us", "Status users")?.positions == [7, 8])
        #expect(match("abc", "axbxc abc")?.positions == [6, 7, 8])
        // camelCase humps count as word starts.
        #expect(match("gu", "getUser")?.positions == [0, 3])
    }

    @Test func theStartOfTheNameRanksAboveTheMiddleOfAWord() throws {
        let atStart = try #require(score("get", "Get user"))
        let inWord = try #require(score("get", "Target"))
        let afterSpace = try #require(score("get", "the get"))
        #expect(atStart > afterSpace && afterSpace > inWord)
        // Fewer skipped letters score higher.
        #expect(try #require(score("ur", "user")) > #require(score("ur", "uxxxxxxxr")))
    }

    @Test func positionsBecomeRunsForHighlighting() {
        #expect(FuzzyMatch(score: 0, positions: [0, 4, 5, 9]).ranges == [0..<1, 4..<6, 9..<10])
        #expect(match("stat", "https://other.example/status")?.ranges == [22..<26])
    }

    @Test func positionsCountCharactersNotBytesOrScalars() {
        // Wide CJK letters, an emoji and a decomposed é are one position each.
        #expect(match("用户", "Create 用户 🚀")?.positions == [7, 8])
        #expect(match("🚀", "Create 用户 🚀")?.positions == [10])
        #expect(match("É", "cafe\u{301} crème")?.positions == [3])
        #expect(match("crè", "cafe\u{301} crème")?.positions == [5, 6, 7])
        #expect(match("über", "ÜBERSICHT")?.positions == [0, 1, 2, 3])
        #expect(match("ß", "STRASSE") == nil)
    }
}
