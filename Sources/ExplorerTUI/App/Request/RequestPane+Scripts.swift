import ExplorerCore
import ExplorerWorkspace

/// The request's Scripts tab: its `before` and `after` scripts, one row each. An inline script is edited in the body
/// editor, its syntax checked as it is typed (off the UI); a `file:` script's path is edited on one line. Edits stay
/// an unsaved draft until `s`, like every other edit of the request.
extension RequestPane {
    /// The phase of a row of the Scripts tab: `before` first.
    static func scriptPhase(atRow row: Int) -> ScriptPhase {
        row <= 0 ? .before : .after
    }

    /// Edit or delete the script of the selected row.
    mutating func scriptsAction(_ action: AppAction) {
        guard let request = selectedRequest?.located.request else { return }
        let phase = RequestPane.scriptPhase(atRow: requestEditor.selection)
        switch action {
        case .addRow, .editRow:
            if case let .file(path)? = request.scripts[phase]?.body {
                requestEditor.edit = .value(ValueEditor(target: .scriptFile(phase), label: "\(phase.rawValue.capitalized) file: ",
                                                        field: TextField(text: path, placeholder: "sign.js, relative to the collection"),
                                                        isSecret: false))
            } else {
                openScriptEditor(phase)
            }
        case .deleteRow:
            guard request.scripts[phase] != nil else {
                status = "No \(phase.rawValue) script to delete."
                return
            }
            editSelected { $0.scripts[phase] = nil }
            status = "Deleted the \(phase.rawValue) script\(pressToSave)."
        default:
            break
        }
    }

    /// The body editor on the inline script of `phase` (empty when there is none).
    mutating func openScriptEditor(_ phase: ScriptPhase) {
        guard let request = selectedRequest?.located.request else { return }
        var text = ""
        if case let .inline(written)? = request.scripts[phase]?.body { text = written }
        var area = TextArea(text: text)
        area.showsLineNumbers = true
        var editor = BodyEditor(area: area)
        editor.script = phase
        editor.area.markUnmodified()
        requestEditor.selection = phase == .before ? 0 : 1
        requestEditor.edit = .body(editor)
    }

    /// The script editor's text goes into the draft: empty text is no script.
    mutating func commitScriptEditor(_ editor: BodyEditor, phase: ScriptPhase) {
        var text = editor.area.text
        editSelected { request in
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                request.scripts[phase] = nil
                return
            }
            if case let .inline(written)? = request.scripts[phase]?.body, written == text { return }
            // Ending in a line break, a script is saved as a `|` block, as scripts are written by hand.
            if !text.hasSuffix("\n") { text += "\n" }
            // An inline script keeps where it was written, so errors still name its file; a new one is in the request file.
            let location = request.scripts[phase].flatMap { if case .inline = $0.body { $0.location } else { nil } }
                ?? SourceLocation(file: request.file)
            request.scripts[phase] = ScriptText(.inline(text), at: location)
        }
    }

    /// Asks for the script being edited to be checked, one check at a time: keys typed meanwhile are checked together
    /// when it reports.
    mutating func checkScriptSyntax() -> [AppEffect] {
        guard var editor = requestEditor.edit?.body, editor.script != nil else { return [] }
        let id = editor.beginCheck { takeID() }
        requestEditor.edit = .body(editor)
        return id.map { [.checkScript(id: $0, text: editor.area.text)] } ?? []
    }

    /// The answer of the syntax check `id` of the script being edited; a check asked for meanwhile runs next.
    public mutating func scriptChecked(id: Int, verdict: ScriptSyntaxVerdict) -> [AppEffect] {
        guard var editor = requestEditor.edit?.body, editor.script != nil, let again = editor.endCheck(id) else { return [] }
        editor.scriptVerdict = verdict
        requestEditor.edit = .body(editor)
        return again ? checkScriptSyntax() : []
    }

    /// Enter on a script file path: the script of `phase` runs that file. A path must stay inside the collection.
    mutating func scriptFileEdited(_ text: String, phase: ScriptPhase) -> Bool {
        let path = text.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else {
            status = "A file script needs a path, relative to the collection (d deletes the script). Esc cancels."
            return false
        }
        // The rule a send applies when it reads the file: inside the collection once `..`, `~` and links are resolved.
        if let boundary = selectedResolver?.boundary, boundary.outsideRead(boundary.absolute(path)) != nil {
            status = "A script file is named relative to the collection and stays inside it. Esc cancels."
            return false
        }
        editSelected { request in
            let location = request.scripts[phase]?.location ?? SourceLocation(file: request.file)
            request.scripts[phase] = ScriptText(.file(path), at: location)
        }
        status = "The \(phase.rawValue) script runs \(path)\(pressToSave)."
        return true
    }

    /// The script's text as `$EDITOR` left it, for the request `key`.
    public mutating func scriptEdited(key: RequestKey, phase: ScriptPhase, text: String) {
        guard key == selectedKey else { return }
        var editor = BodyEditor(area: TextArea(text: text))
        editor.script = phase
        commitScriptEditor(editor, phase: phase)
        status = requestEditor.drafts[key]?.edited == nil ? "Script unchanged." : "The \(phase.rawValue) script was updated from the editor\(pressToSave)."
    }

    /// Draws the Scripts tab: a row per phase, the scripts the collection and folders add, then the selected script.
    func scriptsTab(_ resolver: RequestResolver, selection: Int?, _ rect: Rect, _ buffer: inout CellBuffer) {
        let request = resolver.request
        let editor = requestEditor.edit?.body.flatMap { $0.script == nil ? nil : $0 }
        let shown = editor?.script ?? RequestPane.scriptPhase(atRow: selection ?? 0)
        let rows = ScriptPhase.allCases.map { phase -> [StyledLine] in
            let summary: StyledLine
            switch request.scripts[phase]?.body {
            case nil: summary = StyledLine("none", style: Theme.dim)
            case let .inline(text)?:
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
                summary = StyledLine("inline, \(lines) line\(lines == 1 ? "" : "s")")
            case let .file(path)?: summary = StyledLine("file: \(path)")
            }
            return [StyledLine(phase.rawValue.capitalized, style: .bold), summary]
        }
        let table = Table(columns: [TableColumn("Script", width: .length(8)), TableColumn("Source", width: .fill(1))], rows: rows,
                          selectedIndex: selection.map { $0 <= 0 ? 0 : 1 })
        table.render(in: Rect(x: rect.x, y: rect.y, width: rect.width, height: min(rect.height, 3)), buffer: &buffer)
        var y = rect.y + 3
        let inherited = inheritedScripts(resolver)
        if !inherited.isEmpty, y < rect.bottom {
            ExplorerView.writeCut(StyledLine("Also runs: " + inherited.joined(separator: " · "), style: Theme.dim),
                                  in: Rect(x: rect.x, y: y, width: rect.width, height: 1), &buffer)
            y += 1
        }
        guard y < rect.bottom else { return }
        let line: StyledLine
        if let editor {
            let verdict: Span
            switch editor.scriptVerdict {
            case nil: verdict = Span("checking…", style: Theme.dim)
            case .compiles?: verdict = Span(ScriptSyntaxVerdict.compiles.description, style: Theme.dim)
            case let found?:
                if case .unchecked = found { verdict = Span(found.description, style: Theme.warning) } else { verdict = Span(found.description, style: Theme.error) }
            }
            line = StyledLine([Span("\(shown.rawValue.capitalized) ", style: .bold), verdict, Span("  editing (Esc done)", style: Theme.dim)])
        } else if case .file? = request.scripts[shown]?.body {
            line = StyledLine([Span("\(shown.rawValue.capitalized) ", style: .bold),
                               Span("runs the file from the collection's directory  " + keys([.editRow: "path", .deleteRow: "deletes"]), style: Theme.dim)])
        } else {
            line = StyledLine([Span("\(shown.rawValue.capitalized) ", style: .bold),
                               Span(keys([.editRow: request.scripts[shown] == nil ? "writes one" : "edits", .deleteRow: "deletes",
                                          .externalEditor: "$EDITOR", .maximize: "maximises"]), style: Theme.dim)])
        }
        ExplorerView.writeCut(line, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), &buffer)
        y += 1
        let content = Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.bottom - y))
        guard content.height > 0 else { return }
        switch request.scripts[shown]?.body {
        case let .inline(text)?:
            RequestPane.drawText(text, editing: editor?.area, in: content, &buffer)
        case nil where editor != nil:
            RequestPane.drawText("", editing: editor?.area, in: content, &buffer)
        case nil:
            let example = shown == .before
                ? "pm.request.headers.upsert({key: \"X-Request-Id\", value: crypto.randomUUID()})"
                : "pm.test(\"ok\", () => pm.expect(pm.response.code).to.equal(200))"
            Paragraph(lines: [StyledLine("No \(shown.rawValue) script. For example:", style: Theme.dim), StyledLine("  " + example, style: Theme.dim)])
                .render(in: content, buffer: &buffer)
        case .file?:
            break
        }
    }

    /// "collection before", "folder users after": the scripts that run with the request's own, outer first.
    private func inheritedScripts(_ resolver: RequestResolver) -> [String] {
        let owners = [("collection", resolver.collection.root.scripts)] + resolver.folders.map { ("folder \($0.name)", $0.scripts) }
        return owners.flatMap { owner, scripts in
            ScriptPhase.allCases.compactMap { scripts[$0] == nil ? nil : "\(owner) \($0.rawValue)" }
        }
    }
}
