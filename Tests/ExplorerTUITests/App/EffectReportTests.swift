import ExplorerCore
import Foundation
import Testing
@testable import ExplorerTUI

/// Issue 41: runners report facts (`EffectReport`) and the explorer words them, once.
@Suite("What work off the UI came to, worded by the explorer")
struct EffectReportTests {
    @Test func aFailedSaveSaysTheOldFileIsUnchangedOnlyWhenThereWasOne() {
        #expect(EffectReport.bodyNotSaved(path: "/x/a.json", reason: "read-only", existed: true).text
                == "Not saved: writing /x/a.json failed (read-only); the old file is unchanged.")
        #expect(EffectReport.bodyNotSaved(path: "/x/a.json", reason: "read-only", existed: false).text == "Not saved: writing /x/a.json failed (read-only).")
    }

    @Test func theStatusLineShowsTheReportsWords() {
        var model = Fixtures.model()
        _ = model.update(.reported(.bodySaved(bytes: 2048, path: "/tmp/b.json")))
        #expect(model.status == "Saved the body (2.0 KB) to /tmp/b.json.")
        _ = model.update(.reported(.collectionNotWritten(what: "Demo", existing: "/c/Demo", reason: "exists", advice: "")))
        #expect(model.status == "Demo not written: /c/Demo is already there and is left as it is.")
        _ = model.update(.reported(.pagerClosed(pager: "less -R", status: 1)))
        #expect(model.status == "The pager (less -R) exited with status 1.")
    }
}
