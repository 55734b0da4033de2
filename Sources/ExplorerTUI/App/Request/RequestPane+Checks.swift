import ExplorerCore
import ExplorerWorkspace

/// The request's Checks tab: the requests it needs, the values it captures and the checks its response must pass,
/// one line each, added (`a`), edited (`i`) and deleted (`d`) as text, kept as an unsaved draft until `s` like every
/// other edit of the request.
extension RequestPane {
    /// The selected request's rows in the Checks tab.
    var checkRows: [CheckRow] {
        selectedRequest.map { CheckRow.rows(of: $0.located.request) } ?? []
    }

    /// Add, edit, delete, or (on a capture) switch secret, in the Checks tab.
    mutating func checksAction(_ action: AppAction) {
        guard let request = selectedRequest?.located.request else { return }
        let rows = checkRows
        let index = requestEditor.selection
        // A check the loader could not read has no form to write back: saving would lose it, so the file decides.
        if action != .moveRowUp, action != .moveRowDown, rows.contains(where: \.isUnwritable) {
            status = "A check in \(PathText.lastComponent(request.file)) could not be read; fix it in the file (E) before editing checks here."
            return
        }
        switch action {
        case .addRow:
            requestEditor.edit = .value(ValueEditor(target: .checkRow(nil), label: "New: ",
                                                    field: TextField(text: "", placeholder: "status 200 · $.id exists · capture id = $.id · needs folder/request"),
                                                    isSecret: false))
        case .editRow where rows.indices.contains(index):
            requestEditor.edit = .value(ValueEditor(target: .checkRow(index), label: "Edit: ", field: TextField(text: rows[index].text(requestFile: request.file)),
                                                    isSecret: false))
        case .deleteRow where rows.indices.contains(index):
            var kept = rows
            kept.remove(at: index)
            editSelected { $0 = CheckRow.setting(kept, in: $0) }
            requestEditor.selection = max(0, min(index, kept.count - 1))
            status = "Deleted\(pressToSave)."
        case .toggleRow where rows.indices.contains(index):
            guard case var .capture(capture) = rows[index] else {
                status = "Space makes a capture secret (masked, kept in secrets.local.yaml when saved)."
                return
            }
            capture.secret.toggle()
            var changed = rows
            changed[index] = .capture(capture)
            editSelected { $0 = CheckRow.setting(changed, in: $0) }
            status = "\(capture.name) is \(capture.secret ? "secret" : "no longer secret")\(pressToSave)."
        default:
            break
        }
    }

    /// Enter on a line typed in the Checks tab: the row it reads as replaces row `index` (or is added); a line that
    /// does not read stays in the editor with the reason. Returns false when it stays.
    mutating func checkRowEdited(_ text: String, at index: Int?) -> Bool {
        guard let request = selectedRequest?.located.request else { return true }
        var rows = checkRows
        let secret: Bool
        if let index, rows.indices.contains(index), case let .capture(old) = rows[index] { secret = old.secret } else { secret = false }
        let row: CheckRow
        do { row = try CheckRow.parse(text, requestFile: request.file, secret: secret) } catch {
            status = "✗ \(error.message) Esc cancels."
            return false
        }
        if let index, rows.indices.contains(index) { rows[index] = row } else { rows.append(row) }
        editSelected { $0 = CheckRow.setting(rows, in: $0) }
        // Rows are listed needs, captures, checks: the cursor follows the row to where it landed.
        requestEditor.selection = CheckRow.rows(of: CheckRow.setting(rows, in: request)).lastIndex(of: row) ?? requestEditor.selection
        status = "\(row.text(requestFile: request.file))" + press(.save, "to save", lead: " — press") + "."
        return true
    }

    /// Draws the Checks tab: a kind column (needs, capture, check) and the line.
    func checksTab(_ request: RequestSpec, selection: Int?, _ rect: Rect, _ buffer: inout CellBuffer) {
        let rows = CheckRow.rows(of: request)
        guard !rows.isEmpty else {
            let add = press(.addRow, "to add one line", lead: " Press")
            let lines = [StyledLine("No captures, needs or checks." + (add.isEmpty ? " For example:" : add + ":"), style: Theme.dim),
                         StyledLine("  status 200 · $.user.name equals \"Ada\" · header Content-Type matches json", style: Theme.dim),
                         StyledLine("  capture token = $.token (Space: secret) · needs workflow/login", style: Theme.dim)]
            Paragraph(lines: lines).render(in: rect, buffer: &buffer)
            return
        }
        let table = rows.map { row -> [StyledLine] in
            switch row {
            case let .need(need): return [StyledLine("needs", style: Theme.dim), StyledLine(need.reference)]
            case let .capture(capture):
                return [StyledLine("capture", style: Theme.dim),
                        StyledLine([Span("\(capture.name) = \(capture.source.description)"), Span(capture.secret ? "  secret" : "", style: Theme.warning)])]
            case let .check(check):
                if case let .invalid(reason) = check.kind { return [StyledLine("check", style: Theme.dim), StyledLine("✗ could not be read: \(reason)", style: Theme.error)] }
                return [StyledLine("check", style: Theme.dim), StyledLine(row.text(requestFile: request.file))]
            }
        }
        var view = Table(columns: [TableColumn("Kind", width: .length(8)), TableColumn("Line", width: .fill(1))], rows: table,
                         selectedIndex: selection.map { min($0, rows.count - 1) })
        view.scrollToSelection(height: max(1, rect.height - 1))
        view.render(in: rect, buffer: &buffer)
    }
}
