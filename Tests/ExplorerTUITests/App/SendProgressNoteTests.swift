import ExplorerCore
import Foundation
import Testing
@testable import ExplorerTUI

/// Issue 41: a note about the send in flight is a value the status log knows, not text recognised by its prefix.
@Suite("Progress notes are values: they go with the answer, other messages stay")
struct SendProgressNoteTests {
    @Test func theLogKnowsANoteUntilAnotherMessageReplacesIt() {
        var log = StatusLog(wrappedValue: nil)
        log.show(.replaying(id: 7))
        #expect(log.wrappedValue == "Replaying #7 exactly as it was sent…" && log.progress == .replaying(id: 7))
        // A pane handing back the message it was lent changes nothing.
        log.wrappedValue = "Replaying #7 exactly as it was sent…"
        #expect(log.progress == .replaying(id: 7))
        log.wrappedValue = "Saved Demo/users/get-user"
        #expect(log.progress == nil)
        #expect(log.entries.map(\.text) == ["Replaying #7 exactly as it was sent…", "Saved Demo/users/get-user"])
    }

    @Test func clearingProgressLeavesAMessageThatOnlyReadsLikeANote() {
        var model = Fixtures.model()
        model.$status.show(.sendingNeed(reference: "Demo/login"))
        model.clearSendProgress()
        #expect(model.status == nil)
        // The same words set as an ordinary message are news, and stay.
        model.status = SendProgressNote.sendingNeed(reference: "Demo/login").text
        model.clearSendProgress()
        #expect(model.status == "Sending Demo/login first: this request needs its captures.")
    }
}
