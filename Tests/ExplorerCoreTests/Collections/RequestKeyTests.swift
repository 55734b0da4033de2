import ExplorerCore
import ExplorerWorkspace
import Testing

/// Issue 41: a request's place is a type; the tree, drafts and palette no longer split and join its text themselves.
@Suite("RequestKey: a request's or folder's place in the collections")
struct RequestKeyTests {
    @Test func itsPartsParentAndAncestors() {
        let key: RequestKey = "Demo/users/admin/get-user"
        #expect(key.collection == "Demo" && key.path == ["users", "admin", "get-user"])
        #expect(key.parent == "Demo/users/admin")
        #expect(key.ancestors == ["Demo", "Demo/users", "Demo/users/admin"])
        #expect(key.description == "Demo/users/admin/get-user")
        #expect(RequestKey(collection: "Demo", path: ["users"]).appending("create") == "Demo/users/create")
    }

    @Test func aCollectionHasNoParentAndNoAncestors() {
        let key = RequestKey("Demo")
        #expect(key.parent == nil && key.ancestors.isEmpty && key.path.isEmpty)
        #expect(RequestKey("").collection == "" && RequestKey("").ancestors.isEmpty)
    }
}
