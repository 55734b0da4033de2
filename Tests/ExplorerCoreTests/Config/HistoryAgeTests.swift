@testable import ExplorerWorkspace
import Testing

/// `history.maxAge`, `APIEXPLORER_HISTORY_MAX_AGE` and `history prune --older-than` read one type.
@Suite("History ages")
struct HistoryAgeTests {
    @Test func numbersWithUnitsAreAgesAndZeroIsNoLimit() {
        #expect(HistoryAge("90d")?.seconds == 90 * 86_400 && HistoryAge("90d")?.limit == 90 * 86_400)
        #expect(HistoryAge("12h")?.seconds == 43_200 && HistoryAge("2w")?.seconds == 1_209_600 && HistoryAge("45s")?.seconds == 45)
        for none in ["0", "off", "OFF", "0d"] { #expect(HistoryAge(none)?.limit == nil, "\(none)") }
        // Prune takes only a number and a unit: `0d` prunes everything, `0` and `off` are no age for it.
        #expect(HistoryAge("0d")?.hasUnit == true && HistoryAge("0")?.hasUnit == false && HistoryAge("off")?.hasUnit == false)
        for bad in ["", "d", "12", "12x", "-1d", "1.5.2h", "infd"] { #expect(HistoryAge(bad) == nil, "\(bad)") }
        #expect(HistoryAge("12h")?.description == "12h" && HistoryAge.standard.description == "90d")
    }
}
