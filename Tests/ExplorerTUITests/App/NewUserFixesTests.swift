import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("What a new user tripped over (issue 26)")
struct NewUserFixesTests {
    /// The fixture model with `Demo/users/get-user`'s response on screen.
    func withResponse(_ body: String) -> ExplorerModel {
        var model = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        Fixtures.deliver(.responseReceived(id: model.session.nextSendID - 1, Fixtures.summary(body)), &model)
        return model
    }

    /// Item 5: the response of a renamed (or moved) request is titled by its new key.
    @Test func aRenamedRequestsResponseIsTitledByItsNewName() {
        var model = withResponse(#"{"id": 1}"#)
        #expect(model.responseView.key == "Demo/users/get-user")
        var renamed = Fixtures.collection
        renamed.root.folders[0].requests[0].name = "Fetch user"
        renamed.root.folders[0].requests[0].slug = "fetch-user"
        _ = model.update(.treeChanged(CollectionLoadResult(collections: [renamed]), select: "Demo/users/fetch-user",
                                      movedFrom: "Demo/users/get-user", message: "Renamed"))
        #expect(model.responseView.key == "Demo/users/fetch-user")
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Response · Demo/users/fetch-user") && !screen.contains("get-user"))
    }
}
