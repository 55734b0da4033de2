import ExplorerCore
import Foundation

extension ExplorerModel {
    /// The effects that send `resolver`: first, one at a time, the requests it needs whose captures are missing; a
    /// dependency cycle fails the send before anything is sent.
    mutating func startChain(id: Int, resolver: RequestResolver) -> [AppEffect] {
        let needs: [RequestResolver]
        do { needs = try resolver.missingNeeds(in: captures) } catch {
            response = .failed("\(error.description)\nThe request was not sent.")
            pendingNeeds = []
            return []
        }
        pendingNeeds = needs + [resolver]
        return nextInChain(id: id)
    }

    /// The effect for the next request of the chain, with the values captured so far.
    mutating func nextInChain(id: Int) -> [AppEffect] {
        guard !pendingNeeds.isEmpty else { return [] }
        var next = pendingNeeds.removeFirst()
        next.overrides = captures.variables(environment: next.environment?.name) + overrides
        if pendingNeeds.isEmpty { return [.send(id: id, resolver: next)] }
        status = "Sending \(next.reference) first: this request needs its captures."
        return [.sendNeed(id: id, resolver: next)]
    }

    /// A needed request came back: its captures are recorded and the chain goes on, or the send fails saying which.
    mutating func needSent(id: Int, reference: String, captured: [CapturedValue], failure: String?) -> [AppEffect] {
        guard case let .sending(current, _) = response, current == id else { return [] }
        recordCaptures(captured, environment: pendingNeeds.last?.environment?.name)
        if let failure {
            pendingNeeds = []
            response = .failed("\(reference), which this request needs, failed: \(failure)\nThe request was not sent.")
            return []
        }
        return nextInChain(id: id)
    }

    /// Records captured values for the environment of the collection the response pane is about.
    mutating func recordCaptures(_ values: [CapturedValue], environment name: String? = nil) {
        guard !values.isEmpty else { return }
        let environment = name ?? responseKey.flatMap { key in
            collections.first { $0.slug == key.split(separator: "/").first.map(String.init) }.flatMap { self.environment(of: $0)?.name }
        }
        captures.record(values, environment: environment)
        status = "Captured \(values.map(\.name).joined(separator: ", "))."
    }

    /// Shows `tab` of the response pane from its top.
    mutating func showResponseTab(_ tab: ResponseTab) {
        responseTab = tab
        bodyView.position = BodyPosition(line: 0, row: 0)
        bodyView.column = 0
    }
}
