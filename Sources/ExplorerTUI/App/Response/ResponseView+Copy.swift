import ExplorerCore

/// What y copies from the response pane: the tab shown (the body as shown, filtered or not), within the clipboard's
/// limit.
extension ResponseView {
    /// Text bigger than this is not put on the clipboard (terminals cap OSC 52 far lower); S saves it instead.
    static let copyLimit = 1 << 20

    /// The copy of what the pane shows.
    public func copy(context: inout PaneContext) -> [AppEffect] {
        guard case let .received(summary) = state else {
            context.status = "Nothing to copy: there is no response yet."
            return []
        }
        if tab == .trace {
            return [.copy(text: summary.trace.joined(separator: "\n"), what: "the trace")]
        }
        if tab == .headers {
            let text = summary.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
            return [.copy(text: text, what: "\(summary.headers.count) response headers")]
        }
        if case .binary = summary.body.kind {
            context.status = "A binary body cannot be copied as text" + savesToAFile(context.keyMap)
            return []
        }
        // What is shown is copied: with a JSONPath filter applied, its selection, however big the whole body is.
        let shown = bodyView.filtered ?? summary.body
        guard bodyView.filtered != nil || summary.byteCount <= ResponseView.copyLimit * 4, shown.lineCount <= 200_000 else {
            context.status = "The body is too large to copy (\(MeasurementText.byteCount(summary.byteCount)))" + savesToAFile(context.keyMap)
            return []
        }
        let text = shown.allLines.map(\.text).joined(separator: "\n")
        guard text.utf8.count <= ResponseView.copyLimit else {
            context.status = "The body is too large to copy (\(MeasurementText.byteCount(text.utf8.count)) formatted)" + savesToAFile(context.keyMap)
            return []
        }
        let what = bodyView.filtered == nil ? "the body" : "the filtered body (\(bodyView.filterExpression))"
        return [.copy(text: text, what: "\(what) (\(MeasurementText.byteCount(text.utf8.count)))")]
    }

    /// "; S saves it to a file." with the key in force, or "." when none is bound.
    private func savesToAFile(_ keyMap: KeyMap) -> String {
        keyMap.keyLabel(for: .saveBody, focus: .response).map { "; \($0) saves it to a file." } ?? "."
    }
}
