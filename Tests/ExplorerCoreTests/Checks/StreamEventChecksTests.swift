@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Checks and captures over a streamed response's events")
struct StreamEventChecksTests {
    static let events = [
        StreamEvent(kind: .serverSent, event: "progress", id: "1", data: #"{"status": "working", "n": 1}"#, time: 0.120),
        StreamEvent(kind: .serverSent, event: "progress", id: "2", data: "plain text", time: 0.450),
        StreamEvent(kind: .serverSent, event: "done", id: "3", data: #"{"status": "done", "n": 3}"#, time: 0.900),
    ]

    var streamed: CheckedResponse {
        var response = CheckedResponse(status: 200, headers: [(name: "Content-Type", value: "text/event-stream")],
                                       body: Data("data: ...\n\n".utf8), duration: 1)
        response.events = StreamEventChecksTests.events
        response.eventCount = 3
        return response
    }

    func outcome(_ kind: CheckKind, _ response: CheckedResponse? = nil) -> CheckResult {
        CheckEvaluator(response: response ?? streamed).evaluate(CheckSpec(kind))
    }

    @Test func jsonPathReadsTheEventsAsAnArray() {
        #expect(outcome(.jsonPath("$events", .count(3))).passed)
        #expect(outcome(.jsonPath("$events[*].data.status", .equals(.string("working")))).passed)
        #expect(outcome(.jsonPath("$events[-1].data.n", .equals(.integer(3)))).passed)
        #expect(outcome(.jsonPath("$events[1].data", .equals(.string("plain text")))).passed)
        #expect(outcome(.jsonPath("$events[0].time", .equals(.integer(120)))).passed)
        #expect(outcome(.jsonPath("$events[?@.event == 'done'].id", .equals(.string("3")))).passed)
        let notStreamed = outcome(.jsonPath("$events", .exists(true)), CheckedResponse(status: 200, body: Data("{}".utf8)))
        #expect(!notStreamed.passed && notStreamed.reason?.contains("did not stream") == true)
    }

    @Test func capturesReadTheEventsToo() throws {
        let capture = CaptureSpec(name: "last", source: .jsonPath("$events[-1].id"))
        #expect(try CaptureExtractor.value(of: capture, in: streamed).get() == "3")
    }

    @Test func eventsCountMinAndMax() {
        #expect(outcome(.events(count: 3, min: nil, max: nil)).passed)
        let wrong = outcome(.events(count: 10, min: nil, max: nil))
        #expect(!wrong.passed && wrong.actual == "3" && wrong.reason == "expected 10 events, got 3")
        #expect(outcome(.events(count: nil, min: 1, max: 5)).passed)
        #expect(!outcome(.events(count: nil, min: 4, max: nil)).passed)
        #expect(!outcome(.events(count: nil, min: nil, max: 2)).passed)
        #expect(!outcome(.events(count: 0, min: nil, max: nil), CheckedResponse(status: 200)).passed)
    }

    @Test func firstEventBelow() {
        #expect(outcome(.firstEventBelow(500)).passed)
        let late = outcome(.firstEventBelow(100))
        #expect(!late.passed && late.actual == "120 ms")
        #expect(!outcome(.firstEventBelow(500), CheckedResponse(status: 200)).passed)
    }

    @Test func theNewKindsAreReadFromAFileAndWrittenBack() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/s.yaml", """
        url: /events
        stream: true
        streamIdleTimeout: 2.5
        captures:
          - name: last
            json: $events[-1].id
        checks:
          - events: {count: 10}
          - events:
              min: 1
              max: 20
          - firstEventBelow: 500
          - json: $events[*].data.status
            contains: done
        """)
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let request = try #require(result.request("Mini/s"))
        #expect(request.stream == true && request.streamIdleTimeout == 2.5)
        #expect(request.checks.map(\.kind) == [
            .events(count: 10, min: nil, max: nil), .events(count: nil, min: 1, max: 20), .firstEventBelow(500),
            .jsonPath("$events[*].data.status", .contains(.string("done"))),
        ])
        let written = request.checks.compactMap(CollectionYAML.check)
        #expect(written.count == 4)
    }

    @Test func anEventsCheckWithoutABoundIsAWarning() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/s.yaml", "url: /x\nchecks:\n  - events: {least: 1}\n")
        let problems = temp.load().problems(in: "s.yaml")
        #expect(problems.contains { $0.message.contains("count, min or max") }, "\(problems)")
    }
}
