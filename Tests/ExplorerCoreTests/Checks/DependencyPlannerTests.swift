@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Ordering requests by what they need")
struct DependencyPlannerTests {
    func collection(_ files: [String: String]) throws -> (TempCollections, CollectionSpec) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        for (name, text) in files { try temp.write("Mini/\(name)", text) }
        let result = temp.load()
        #expect(result.errors.isEmpty, "\(result.errors)")
        return (temp, try #require(result.collections.first))
    }

    @Test func dependenciesComeFirstAndCollectionOrderIsKept() throws {
        let (_, collection) = try collection([
            "a-login.yaml": "url: /login\n",
            "b-create.yaml": "url: /create\nneeds:\n  - a-login\n",
            "c-get.yaml": "url: /get\nneeds:\n  - Mini/b-create\n  - a-login\n",
            "users/d-list.yaml": "url: /list\n",
        ])
        let planner = DependencyPlanner(collection: collection)
        let all = try planner.plan(collection.allRequests)
        #expect(all.map(\.reference) == ["Mini/users/d-list", "Mini/a-login", "Mini/b-create", "Mini/c-get"])
        #expect(all.last?.dependencies == ["Mini/b-create", "Mini/a-login"])
        let one = try planner.plan([try #require(collection.locate(["c-get"]))])
        #expect(one.map(\.reference) == ["Mini/a-login", "Mini/b-create", "Mini/c-get"])
        #expect(one.map(\.isDependency) == [true, true, false])
    }

    @Test func aCycleIsReportedWithItsPathAndLocationBeforeAnythingIsSent() throws {
        let (temp, collection) = try collection([
            "a.yaml": "url: /a\nneeds:\n  - b\n",
            "b.yaml": "url: /b\nneeds:\n  - c\n",
            "c.yaml": "url: /c\nneeds:\n  - a\n",
            "self.yaml": "url: /s\nneeds:\n  - self\n",
        ])
        let planner = DependencyPlanner(collection: collection)
        let error = #expect(throws: CollectionProblem.self) { try planner.plan(collection.allRequests) }
        #expect(error?.message == "dependency cycle: Mini/a → Mini/b → Mini/c → Mini/a; nothing was sent")
        #expect(error?.location.file == temp.path("Mini/b.yaml") && error?.location.line == 3)
        let selfError = #expect(throws: CollectionProblem.self) { try planner.plan([try #require(collection.locate(["self"]))]) }
        #expect(selfError?.message.contains("Mini/self → Mini/self") == true)
    }

    @Test func anUnknownNeedIsLocated() throws {
        let (temp, collection) = try collection(["a.yaml": "url: /a\nneeds:\n  - nowhere/x\n"])
        let error = #expect(throws: CollectionProblem.self) { try DependencyPlanner(collection: collection).plan(collection.allRequests) }
        #expect(error?.description == "\(temp.path("Mini/a.yaml")):3:5: error: 'needs' names 'nowhere/x', which is not a request of collection Mini")
    }

    @Test func checksApplyFromTheCollectionDown() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection + "\nchecks:\n  - status: 2xx\n")
        try temp.write("Mini/f/folder.yaml", "checks:\n  - bodyContains: x\n")
        try temp.write("Mini/f/r.yaml", "url: /r\nchecks:\n  - json: $.a\n")
        let collection = try #require(temp.load().collections.first)
        let located = try #require(collection.locate(["f", "r"]))
        let resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request, environment: nil)
        #expect(resolver.checks.map(\.kind) == [
            .status(.statusClass(2)), .bodyContains("x"), .jsonPath("$.a", .exists(true))])
    }
}
