import ExplorerCore

extension ExplorerModel {
    /// The effective headers of the selected request, with unsaved edits.
    public var effectiveHeaders: [EffectiveHeader] {
        selectedResolver?.effectiveHeaders ?? []
    }

    /// The request's own headers as currently edited.
    var ownHeaders: [KeyValue] {
        guard let selected = selectedRequest else { return [] }
        return editedHeaders[selected.key] ?? selected.located.request.headers
    }

    /// Index into the own headers of the selected effective header, if it is one of them.
    private var selectedOwnIndex: Int? {
        let rows = effectiveHeaders
        guard rows.indices.contains(headerSelection), rows[headerSelection].isOwn else { return nil }
        return rows[..<headerSelection].filter(\.isOwn).count
    }

    private mutating func setOwnHeaders(_ headers: [KeyValue]) {
        guard let selected = selectedRequest else { return }
        // Compare with the file's version so undoing an edit by hand clears the modified mark.
        let parts = selected.key.split(separator: "/").map(String.init)
        let saved = collections.first { $0.slug == parts.first }?.locate(Array(parts.dropFirst()))?.request.headers
        editedHeaders[selected.key] = headers == saved ? nil : headers
    }

    mutating func headerAction(_ action: AppAction) {
        guard requestTab == .headers, selectedRequest != nil else { return }
        let rows = effectiveHeaders
        switch action {
        case .moveUp: headerSelection = max(0, headerSelection - 1)
        case .moveDown: headerSelection = min(max(0, rows.count - 1), headerSelection + 1)
        case .addHeader: headerEditor = HeaderEditor(index: nil)
        case .editHeader:
            if let own = selectedOwnIndex {
                let header = ownHeaders[own]
                headerEditor = HeaderEditor(index: own, name: header.name, value: header.value)
            } else if rows.indices.contains(headerSelection) {
                // Editing an inherited header adds a request header of the same name, which overrides it.
                var editor = HeaderEditor(index: nil, name: rows[headerSelection].header.name, value: rows[headerSelection].header.value)
                editor.field = .value
                headerEditor = editor
            }
        case .deleteHeader:
            guard let own = selectedOwnIndex else {
                if rows.indices.contains(headerSelection) {
                    status = "\(rows[headerSelection].header.name) is inherited from \(rows[headerSelection].origin); press i to override it here."
                }
                return
            }
            var headers = ownHeaders
            headers.remove(at: own)
            setOwnHeaders(headers)
            headerSelection = max(0, min(headerSelection, effectiveHeaders.count - 1))
        case .toggleHeader:
            guard let own = selectedOwnIndex else {
                if rows.indices.contains(headerSelection) { status = "Inherited headers are switched off where they are defined." }
                return
            }
            var headers = ownHeaders
            headers[own].enabled.toggle()
            setOwnHeaders(headers)
        default: break
        }
    }

    mutating func handleHeaderEditor(_ key: Key) -> [AppEffect] {
        guard var editor = headerEditor else { return [] }
        switch key {
        case .escape:
            headerEditor = nil
            return []
        case .tab, .backTab:
            editor.field = editor.field == .name ? .value : .name
        case .enter, .control("j"):
            if editor.field == .name {
                editor.field = .value
            } else {
                let name = editor.name.text.trimmingCharacters(in: .whitespaces)
                guard KeyValue.isValidHeaderName(name) else {
                    status = name.isEmpty ? "A header needs a name." : "Header names cannot contain spaces or colons."
                    editor.field = .name
                    headerEditor = editor
                    return []
                }
                var headers = ownHeaders
                let header = KeyValue(name, editor.value.text)
                if let index = editor.index, headers.indices.contains(index) {
                    headers[index].name = header.name
                    headers[index].value = header.value
                } else {
                    headers.append(header)
                }
                setOwnHeaders(headers)
                headerEditor = nil
                if editor.index == nil { headerSelection = max(0, effectiveHeaders.count - 1) }
                status = "Header \(name) set; press s to save."
                return []
            }
        default:
            if editor.field == .name { _ = editor.name.handle(key) } else { _ = editor.value.handle(key) }
        }
        headerEditor = editor
        return []
    }
}
