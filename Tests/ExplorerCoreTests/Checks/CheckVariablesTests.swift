@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Check values resolve `{{variables}}`, captures and built-ins as request values do.
@Suite("Variables in check values")
struct CheckVariablesTests {
    static let body = #"{"items": [{"id": 42, "name": "Ada", "code": "A-42"}], "owner": "Ada"}"#

    /// A request whose checks compare with `{{itemId}}`, `{{who}}` and `{{missing}}`, loaded from disk like any.
    func resolver(overrides: [Variable]) throws -> RequestResolver {
        let temp = try TempDirectory()
        try temp.write("C/collection.yaml", """
        name: C
        variables:
          - name: who
            value: Ada
        environments:
          - name: local
            baseURL: http://127.0.0.1:1
        """)
        try temp.write("C/get.yaml", """
        url: /items
        checks:
          - json: $.items[0].id
            equals: "{{itemId}}"
          - json: $.items[0].code
            equals: "A-{{itemId}}"
          - json: $.owner
            contains: "{{who}}"
          - json: $.items[?@.id == {{itemId}}].name
            equals: Ada
          - header: X-Owner
            equals: "{{who}}"
          - bodyContains: "\\"code\\": \\"A-{{itemId}}\\""
          - json: $.owner
            equals: "{{missing}}"
        """)
        let result = CollectionLoader(environment: [:]).load(directory: temp.path)
        let collection = try #require(result.collections.first)
        let located = try #require(collection.locate(["get"]))
        return RequestResolver(collection: collection, folders: located.folders, request: located.request,
                               environment: collection.defaultEnvironment, overrides: overrides)
    }

    @Test func checkValuesResolveVariablesAndCaptures() throws {
        let resolver = try resolver(overrides: [Variable(name: "itemId", value: "42")])
        let response = CheckedResponse(status: 200, headers: [(name: "X-Owner", value: "Ada")], body: Data(Self.body.utf8))
        let outcome = RequestOutcome.evaluate(response, reference: resolver.reference, name: "get", iteration: 1,
                                              checks: resolver.checks, captures: [], secrets: [], variables: resolver.variableResolver)
        let results = outcome.checks
        #expect(results.count == 7)
        for result in results.prefix(6) {
            #expect(result.passed, "\(result.check.summary): \(result.reason ?? "")")
        }
        // The summary shows what was compared.
        #expect(results.first?.check.summary == "$.items[0].id equals 42")
        let missing = try #require(results.last)
        #expect(!missing.passed)
        #expect(missing.reason?.contains("{{missing}} is not defined") == true, "\(missing.reason ?? "")")
    }

    @Test func aCapturedValueThatDiffersFailsWithTheResolvedValue() throws {
        let resolver = try resolver(overrides: [Variable(name: "itemId", value: "7")])
        let response = CheckedResponse(status: 200, headers: [(name: "X-Owner", value: "Ada")], body: Data(Self.body.utf8))
        let outcome = RequestOutcome.evaluate(response, reference: resolver.reference, name: "get", iteration: 1,
                                              checks: resolver.checks, captures: [], secrets: [], variables: resolver.variableResolver)
        let first = try #require(outcome.checks.first)
        #expect(!first.passed && first.reason == "expected 7, got 42")
    }
}
