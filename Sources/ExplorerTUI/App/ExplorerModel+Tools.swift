import ExplorerCore
import Foundation

extension ExplorerModel {
    /// The environments the active one can be compared with: the current collection's others.
    public var comparisonCandidates: [EnvironmentSpec] {
        guard let collection = currentCollection else { return [] }
        let active = environment(of: collection)?.name
        return collection.environments.filter { $0.name != active }
    }

    /// Opens the export overlay and asks the run loop to write the selected request in `format`.
    mutating func exportRequest(_ format: ExportFormat) -> [AppEffect] {
        guard let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        let id = takeSendID()
        modal = .tool(.exporting(id: id, format: format))
        status = ExplorerModel.emptyCredentialWarning(resolver)
        return [.export(id: id, resolver: resolver, format: format)]
    }

    /// Opens the list of environments to compare the active one with.
    mutating func chooseComparison() -> [AppEffect] {
        guard selectedResolver != nil else {
            status = "Select a request in the tree first."
            return []
        }
        guard !comparisonCandidates.isEmpty else {
            status = "Comparing needs a second environment in this collection."
            return []
        }
        modal = .tool(.choosingEnvironment(selection: 0))
        return []
    }

    /// Applies a finished export or comparison, if it is the one the overlay is waiting for.
    mutating func updateToolPanel(_ message: AppMessage) -> [AppEffect] {
        guard case let .tool(panel, back)? = modal else { return [] }
        switch (message, panel) {
        case let (.exported(id, format, text), .exporting(current, _)) where id == current:
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalSafeText.sanitize(String($0)) }
            if lines.last == "" { lines.removeLast() }
            modal = .tool(.exported(format: format, lines: lines, scroll: 0), returnTo: back)
        case let (.compared(id, lines), .comparing(current, first, second)) where id == current:
            modal = .tool(.compared(title: "\(first) ↔ \(second)", lines: lines, scroll: 0), returnTo: back)
        case let (.toolFailed(id, text), .exporting(current, format)) where id == current:
            modal = .tool(.failed(title: "Export as \(format.title)", message: text), returnTo: back)
        case let (.toolFailed(id, text), .comparing(current, first, second)) where id == current:
            modal = .tool(.failed(title: "Compare \(first) ↔ \(second)", message: text), returnTo: back)
        default:
            break
        }
        return []
    }

    /// A warning when the credentials the request sends come out empty (a secret that is not set), or nil.
    static func emptyCredentialWarning(_ resolver: RequestResolver) -> String? {
        let variables = resolver.variableResolver
        func empty(_ text: String) -> Bool { ((try? variables.resolve(text)) ?? "").isEmpty }
        switch resolver.effectiveAuth {
        case let .bearer(token) where empty(token):
            return "Warning: the bearer token is empty (\(token.isEmpty ? "no token" : token) is not set); e shows the environment."
        case let .apiKey(name, value, _) where empty(value):
            return "Warning: the API key \(name) is empty (\(value.isEmpty ? "no value" : value) is not set); e shows the environment."
        case let .basic(username, password) where empty(password) && !password.isEmpty:
            return "Warning: the password for \(username) is empty (\(password) is not set)."
        default:
            return nil
        }
    }
}
