import Foundation
import Testing
@testable import ExplorerHistory

@Suite("History settings from the environment")
struct HistorySettingsTests {
    func settings(_ environment: [String: String]) -> HistorySettings {
        HistorySettings.resolve(file: "/tmp/h.sqlite", disabled: false, environment: environment)
    }

    @Test func theMaximumAgeIsNinetyDaysUnlessSetAndZeroOrOffKeepsEverything() {
        #expect(settings([:]).maxAge == TimeInterval(90 * 86_400))
        #expect(settings(["APIEXPLORER_HISTORY_MAX_AGE": "30d"]).maxAge == TimeInterval(30 * 86_400))
        #expect(settings(["APIEXPLORER_HISTORY_MAX_AGE": "12h"]).maxAge == TimeInterval(12 * 3600))
        #expect(settings(["APIEXPLORER_HISTORY_MAX_AGE": "2w"]).maxAge == TimeInterval(14 * 86_400))
        for off in ["0", "off", "Off", "0d"] {
            let kept = settings(["APIEXPLORER_HISTORY_MAX_AGE": off])
            #expect(kept.maxAge == nil && kept.path != nil && kept.problem == nil, "\(off)")
        }
    }

    @Test func anAgeThatIsNotOneTurnsHistoryOffNamingTheVariable() {
        for bad in ["90", "90 days", "-3d", "d", "infd", "3x"] {
            let refused = settings(["APIEXPLORER_HISTORY_MAX_AGE": bad])
            #expect(refused.path == nil, "\(bad)")
            #expect(refused.problem?.contains("APIEXPLORER_HISTORY_MAX_AGE='\(bad)' is not an age") == true, "\(refused.problem ?? "")")
        }
    }

    @Test func theDatabaseIsInTheStateDirectoryTheOtherStoresUse() {
        let state = ["APIEXPLORER_STATE_DIR": "/s", "XDG_STATE_HOME": "/x", "HOME": "/h"]
        #expect(HistorySettings.resolve(file: nil, disabled: false, environment: state).path == "/s/history.sqlite")
        #expect(HistorySettings.resolve(file: nil, disabled: false, environment: ["XDG_STATE_HOME": "/x"]).path == "/x/apiexplorer/history.sqlite")
        #expect(HistorySettings.resolve(file: nil, disabled: false, environment: state.merging(["APIEXPLORER_HISTORY": "/e.sqlite"]) { $1 }).path == "/e.sqlite")
    }
}
