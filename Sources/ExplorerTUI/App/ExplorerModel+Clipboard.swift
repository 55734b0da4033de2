import ExplorerCore
import Foundation

/// Copying to the clipboard, saving the body to a file and opening it in a pager.
extension ExplorerModel {
    /// Text bigger than this is not put on the clipboard (terminals cap OSC 52 far lower); S saves it instead.
    static let copyLimit = 1 << 20

    mutating func copy() -> [AppEffect] {
        switch focus {
        case .response:
            guard case let .received(summary) = responseView.state else {
                status = "Nothing to copy: there is no response yet."
                return []
            }
            if responseView.tab == .trace {
                return [.copy(text: summary.trace.joined(separator: "\n"), what: "the trace")]
            }
            if responseView.tab == .headers {
                let text = summary.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                return [.copy(text: text, what: "\(summary.headers.count) response headers")]
            }
            if case .binary = summary.body.kind {
                status = "A binary body cannot be copied as text; S saves it to a file."
                return []
            }
            guard summary.byteCount <= ExplorerModel.copyLimit * 4, summary.body.lineCount <= 200_000 else {
                status = "The body is too large to copy (\(MeasurementText.byteCount(summary.byteCount))); S saves it to a file."
                return []
            }
            let text = (responseView.bodyView.filtered ?? summary.body).allLines.map(\.text).joined(separator: "\n")
            guard text.utf8.count <= ExplorerModel.copyLimit else {
                status = "The body is too large to copy (\(MeasurementText.byteCount(text.utf8.count)) formatted); S saves it to a file."
                return []
            }
            return [.copy(text: text, what: "the body (\(MeasurementText.byteCount(text.utf8.count)))")]
        case .request:
            guard let resolver = selectedResolver else {
                status = "Select a request in the tree first."
                return []
            }
            if requestEditor.tab == .headers, requestPane.effectiveHeaders.indices.contains(requestEditor.selection) {
                let header = requestPane.effectiveHeaders[requestEditor.selection].header
                let value = (try? resolver.variableResolver.resolve(header.value)) ?? header.value
                return [.copy(text: "\(header.name): \(value)", what: "the header \(header.name)")]
            }
            do {
                return [.copy(text: try resolver.previewURLString(), what: "the URL")]
            } catch {
                status = "The URL cannot be resolved: \(error.description)"
                return []
            }
        case .tree:
            return copyAsCurl()
        }
    }

    mutating func copyAsCurl() -> [AppEffect] {
        guard let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        return [.copyRequest(resolver: resolver)]
    }

    mutating func openSaveBody() {
        guard case let .received(summary) = responseView.state else {
            status = "Nothing to save: there is no response yet."
            return
        }
        let suggested: String
        switch summary.body.kind {
        case .json: suggested = "response.json"
        case .binary: suggested = "response.bin"
        default: suggested = "response.txt"
        }
        modal = .dialog(.form(NameForm(title: " Save the body (\(MeasurementText.byteCount(summary.byteCount))) ", fields: [("File", suggested)],
                                purpose: .saveBody, note: "The bytes as received (gzip decoded) · relative to the current directory")))
    }

    mutating func saveBodySubmitted(_ form: NameForm) -> [AppEffect] {
        guard case let .received(summary) = responseView.state else { return [] }
        let path = form.value(0)
        guard !path.isEmpty else {
            modal = .dialog(.form(form))
            status = "Name the file to save to. Esc cancels."
            return []
        }
        modal = nil
        return [.saveBody(data: summary.data, path: path)]
    }

    mutating func openPager() -> [AppEffect] {
        guard case let .received(summary) = responseView.state else {
            status = "Nothing to page: there is no response yet."
            return []
        }
        return [.openPager(document: responseView.bodyView.filtered ?? summary.body, data: summary.data)]
    }
}
