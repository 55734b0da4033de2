import ExplorerCore

/// What y copies from the request pane: the selected header (resolved) on the Headers tab, else the resolved URL.
extension RequestPane {
    /// The copy of the selected header or the URL.
    mutating func copy() -> [AppEffect] {
        guard let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        if requestEditor.tab == .headers, effectiveHeaders.indices.contains(requestEditor.selection) {
            let header = effectiveHeaders[requestEditor.selection].header
            let value = (try? resolver.variableResolver.resolve(header.value)) ?? header.value
            return [.copy(text: "\(header.name): \(value)", what: "the header \(header.name)")]
        }
        do {
            return [.copy(text: try resolver.previewURLString(), what: "the URL")]
        } catch {
            status = "The URL cannot be resolved: \(error.description)"
            return []
        }
    }
}
