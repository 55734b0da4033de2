import ExplorerCore
import Foundation

/// Drawing the response pane: the status line, the tabs and the tab shown (body, headers, checks, cookies, trace).
extension ResponseView {
    /// Draws the pane into `rect`: its title, where the response is, and the tab shown; texts name `keyMap`'s keys.
    public func render(into buffer: inout CellBuffer, rect: Rect, focused: Bool, now: Date, keyMap: KeyMap) {
        // The title names the request the response belongs to: it stays on screen while another request is selected.
        var title = " Response "
        let isIdle: Bool
        if case .idle = state { isIdle = conversation == nil } else { isIdle = false }
        if !isIdle, let key = key { title = " Response · \(TerminalSafeText.sanitize(key.description)) " }
        if case let .received(summary) = state, summary.past != nil { title += "(from history) " }
        let block = Block(title: StyledLine(title), isFocused: focused)
        block.render(in: rect, buffer: &buffer)
        let inner = block.inner(of: rect)
        guard inner.height >= 3 else { return }
        let first = Position(x: inner.x, y: inner.y)
        let belowFirst = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
        if let conversation {
            ExplorerView.writeCut(conversation.summary(now: now, keyMap: keyMap), in: Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), &buffer)
            renderEvents(in: belowFirst, &buffer)
            return
        }
        switch state {
        case .idle:
            let send = keyMap.keyLabel(for: .send, focus: .request)
            let activate = keyMap.keyLabel(for: .activate, focus: .tree)
            let how = [send, activate.map { "\($0) in the tree" }].compactMap { $0 }
            let hint = how.isEmpty ? "Nothing sent yet." : "Nothing sent yet. \(how[0])\(how.count > 1 ? " (or \(how[1]))" : "") sends the selected request."
            ExplorerView.writeCut(StyledLine(hint, style: Theme.dim),
                     in: Rect(x: first.x, y: first.y, width: inner.width, height: 1), &buffer)
        case let .sending(_, started):
            let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
            let elapsed = max(0, now.timeIntervalSince(started))
            let frame = frames[Int(elapsed * 10) % frames.count]
            if let live {
                _ = buffer.write("\(frame) \(live.summary(elapsed: elapsed))   (Esc stops, keeping what came)", at: first, style: .bold, maxWidth: inner.width)
                renderEvents(in: belowFirst, &buffer)
            } else {
                _ = buffer.write("\(frame) Sending… \(String(format: "%.1f", elapsed)) s   (Esc cancels)", at: first, style: .bold, maxWidth: inner.width)
            }
        case let .cancelled(elapsed):
            if let live {
                // A stream stopped with Esc: what arrived stays on screen.
                _ = buffer.write(StyledLine([Span("Stopped after \(String(format: "%.1f s", elapsed))", style: Theme.warning),
                                             Span(" · \(live.count) event\(live.count == 1 ? "" : "s")"
                                                  + (live.count > live.items.count ? ", the last \(live.items.count) kept" : "")
                                                  + (keyMap.keyLabel(for: .send, focus: .request).map { " · \($0) sends it again" } ?? ""),
                                                  style: Theme.dim)]),
                                 at: first, maxWidth: inner.width)
                renderEvents(in: belowFirst, &buffer)
            } else {
                Paragraph(lines: [StyledLine("Cancelled after \(String(format: "%.1f s", elapsed))", style: Theme.warning),
                                  StyledLine("Ctrl-J (or Enter in the tree) sends it again.", style: Theme.dim)], wrap: true).render(in: inner, buffer: &buffer)
            }
        case let .failed(message):
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }
            Paragraph(lines: [StyledLine("✗ Request failed", style: Theme.error)] + lines, wrap: true).render(in: inner, buffer: &buffer)
        case let .received(summary):
            let statusText = summary.grpcStatus == nil ? " \(summary.statusCode) \(summary.reason) " : " gRPC \(summary.reason) "
            var spans = [Span(statusText, style: Theme.status(summary.statusCode)),
                         // One parenthesis for what is said about the size, so a long line is cut after both.
                         Span("  \(MeasurementText.duration(summary.duration))  " + MeasurementText.bodySize(
                             summary.byteCount, onTheWire: summary.wireByteCount, notes: summary.isBodyOnDisk ? ["paged from a temporary file"] : []))]
            if let protocolText = summary.protocolText { spans.append(Span("  \(protocolText)", style: Theme.dim)) }
            if bodyView.wrap { spans.append(Span("  [wrap]", style: Theme.dim)) }
            if !bodyView.decodesEscapes { spans.append(Span("  [\\u as written]", style: Theme.dim)) }
            if bodyView.filtered != nil {
                spans.append(Span("  [filter \(bodyView.filterExpression): \(bodyView.filteredCount)]", style: Theme.barKey))
            }
            if let checks = ResponseView.checkSpan(summary) { spans.insert(checks, at: 2) }
            if !summary.graphQLErrors.isEmpty {
                let count = summary.graphQLErrors.count
                spans.insert(Span(" · \(count) GraphQL error\(count == 1 ? "" : "s") (Checks tab)", style: Theme.error), at: 1)
            }
            if let redirected = summary.redirectedTo { spans.append(Span("  → \(redirected)", style: Theme.dim)) }
            if let past = summary.past { spans.insert(contentsOf: ResponseView.pastSpans(past, now: now), at: 2) }
            // Next to the status code, where a narrow pane cannot cut it off: the screen shows what is secret.
            if summary.showsSecrets { spans.insert(Span("  ⚠ secrets shown (R hides)", style: Theme.warning), at: 1) }
            _ = buffer.write(StyledLine(spans), at: first, maxWidth: inner.width)
            ResponseView.tabs(summary, selected: tab)
                .render(in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1), buffer: &buffer)
            let area = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2)
            if tab == .stream {
                renderEvents(in: area, &buffer)
            } else if tab == .checks {
                Paragraph(lines: ResponseView.checkLines(summary), wrap: true, scroll: bodyView.scroll).render(in: area, buffer: &buffer)
            } else if tab == .cookies {
                let rows = summary.cookies.dropFirst(bodyView.scroll).map { cookie in
                    [StyledLine(TerminalSafeText.sanitize(cookie.name), style: .bold), StyledLine(TerminalSafeText.sanitize(cookie.value)),
                     StyledLine(TerminalSafeText.sanitize(cookie.domain + cookie.path)),
                     StyledLine(cookie.expires.map { ISO8601DateFormatter().string(from: $0) } ?? "session"),
                     StyledLine([cookie.isSecure ? "Secure" : nil, cookie.isHTTPOnly ? "HttpOnly" : nil].compactMap { $0 }.joined(separator: " "))]
                }
                Table(columns: [TableColumn("Name", width: .percentage(15)), TableColumn("Value", width: .fill(1)),
                                TableColumn("Domain and path", width: .percentage(20)), TableColumn("Expires", width: .length(20)),
                                TableColumn("Flags", width: .length(15))],
                      rows: Array(rows)).render(in: area, buffer: &buffer)
            } else if tab == .trace {
                Paragraph(lines: summary.trace.map { StyledLine(TerminalSafeText.sanitize($0)) }, wrap: true, scroll: bodyView.scroll)
                    .render(in: area, buffer: &buffer)
            } else if tab == .headers, bodyView.wrap {
                // Wrapped (w), each header is `Name: value` on as many rows as it needs, so a long value can be read whole.
                Paragraph(lines: ResponseView.headerLines(summary), wrap: true, scroll: bodyView.scroll).render(in: area, buffer: &buffer)
            } else if tab == .headers {
                let rows = summary.headers.dropFirst(bodyView.scroll).map { [StyledLine($0.name, style: .bold), StyledLine(TerminalSafeText.sanitize($0.value))] }
                Table(columns: [TableColumn("Name", width: .percentage(30)), TableColumn("Value", width: .fill(1))], rows: Array(rows)).render(in: area, buffer: &buffer)
            } else {
                bodyLines(summary, area, &buffer)
            }
        }
    }

    private func bodyLines(_ summary: ResponseSummary, _ rect: Rect, _ buffer: inout CellBuffer) {
        let view = bodyView
        let document = view.filtered ?? summary.body
        var contentRect = rect
        if let field = view.searchField {
            ExplorerView.prompt(field, at: Rect(x: rect.x, y: rect.y + rect.height - 1, width: rect.width, height: 1), &buffer)
            contentRect.height -= 1
        }
        if let field = view.filterField {
            // The JSONPath prompt, with the reason it does not apply (or that it is running) on the row above.
            let line = Rect(x: rect.x, y: rect.y + rect.height - 1, width: rect.width, height: 1)
            let used = buffer.write("filter ", at: Position(x: line.x, y: line.y), style: .bold, maxWidth: line.width)
            field.render(in: Rect(x: line.x + used, y: line.y, width: max(1, line.width - used), height: 1), buffer: &buffer)
            contentRect.height -= 1
            if let note = view.filterError.map({ StyledLine("✗ " + $0, style: Theme.error) })
                ?? (view.pendingFilter != nil ? StyledLine("filtering…", style: Theme.dim) : nil), contentRect.height > 1 {
                ExplorerView.writeCut(note, in: Rect(x: rect.x, y: line.y - 1, width: rect.width, height: 1), &buffer)
                contentRect.height -= 1
            }
        }
        let rows = BodyRows(document, view: view, paneWidth: contentRect.width)
        let gutter = rows.gutter
        let textWidth = rows.textWidth
        let matches = Set(view.matches)
        var y = contentRect.y
        // Only the visible lines are formatted and turned into cells: cost follows the screen, not the body.
        let visible = document.lines(in: view.scroll..<(view.scroll + max(0, contentRect.height)))
        // Notes about the body ("not valid JSON", "shown in pieces") come first and take no line number, so the
        // numbers are the body's own.
        let notes = document.lines(in: 0..<min(4, document.lineCount)).prefix { line in
            !line.tokens.isEmpty && line.tokens.allSatisfy { $0.kind == .note }
        }.count
        for (offset, line) in visible.enumerated() where y < contentRect.bottom {
            let index = view.scroll + offset
            if view.lineNumbers {
                let number = index < notes ? "" : String(index - notes + 1)
                _ = buffer.write(number.leftPadded(to: gutter - 1) + " ", at: Position(x: contentRect.x, y: y), style: Theme.lineNumber)
            }
            let styled = BodyRows.styled(line, decodingEscapes: view.decodesEscapes)
            let firstRow = y
            if view.wrap {
                // The first line may be scrolled part way: its rows above the view are skipped.
                let wrapped = Paragraph(lines: [styled], wrap: true).rows(width: textWidth).dropFirst(offset == 0 ? view.scrollRow : 0)
                for row in wrapped where y < contentRect.bottom {
                    var x = contentRect.x + gutter
                    for cell in row { x += buffer.set(x: x, y: y, character: cell.character, style: cell.style) }
                    y += 1
                }
                if wrapped.isEmpty { y += 1 }
            } else {
                ResponseView.writeShifted(styled, by: view.column, at: Position(x: contentRect.x + gutter, y: y), width: textWidth, &buffer)
                y += 1
            }
            if matches.contains(index) {
                // A wrapped line is highlighted across all its rows, so a match split by the wrap is marked whole.
                ResponseView.highlight(view.query, rows: Rect(x: contentRect.x + gutter, y: firstRow, width: textWidth, height: y - firstRow), &buffer)
            }
        }
    }

    /// The response headers as `Name: value` lines, for the wrapped Headers tab.
    static func headerLines(_ summary: ResponseSummary) -> [StyledLine] {
        summary.headers.map { StyledLine([Span($0.name, style: .bold), Span(": " + TerminalSafeText.sanitize($0.value))]) }
    }

    private static func writeShifted(_ line: StyledLine, by column: Int, at position: Position, width: Int, _ buffer: inout CellBuffer) {
        guard column > 0 else {
            _ = buffer.write(line, at: position, maxWidth: width)
            return
        }
        var skipped = 0
        var x = position.x
        for cell in line.styledCharacters {
            let cellWidth = DisplayWidth.width(of: cell.character)
            if skipped < column {
                skipped += cellWidth
                // Half of a wide character remains: blank it rather than draw it across the edge.
                if skipped > column { x += buffer.set(x: x, y: position.y, character: " ", style: cell.style) }
                continue
            }
            guard x + cellWidth <= position.x + width else { break }
            x += buffer.set(x: x, y: position.y, character: cell.character, style: cell.style)
        }
    }

    /// Marks every occurrence of `query` in the text of `rows`, read left to right and top to bottom as one line.
    static func highlight(_ query: String, rows rect: Rect, _ buffer: inout CellBuffer) {
        guard !query.isEmpty else { return }
        var cells: [(x: Int, y: Int, symbol: String)] = []
        for y in rect.y..<rect.bottom {
            var x = rect.x
            while x < rect.right {
                guard let cell = buffer.cell(x: x, y: y) else { break }
                if !cell.isContinuation { cells.append((x, y, cell.symbol)) }
                x += 1
            }
        }
        let text = cells.map(\.symbol).joined().lowercased()
        let needle = query.lowercased()
        var searchStart = text.startIndex
        while let found = text.range(of: needle, range: searchStart..<text.endIndex) {
            let start = text.distance(from: text.startIndex, to: found.lowerBound)
            for position in start..<min(cells.count, start + needle.count) {
                buffer.setStyle(Rect(x: cells[position].x, y: cells[position].y, width: 1, height: 1), style: Theme.match)
            }
            searchStart = found.upperBound
        }
    }

    /// The mark on a response shown from history: `⟲ #12 sent 23:41:05 in local`, and how much of the body was kept.
    static func pastSpans(_ past: PastExchange, now: Date) -> [Span] {
        var text = "  ⟲ history #\(past.id) · sent \(MeasurementText.timestamp(past.sentAt, relativeTo: now))"
        if let environment = past.environment { text += " in \(TerminalSafeText.sanitize(environment))" }
        var spans = [Span(text, style: Theme.warning)]
        if let kept = past.keptBytes { spans.append(Span(" (first \(MeasurementText.byteCount(kept)) kept)", style: Theme.dim)) }
        return spans
    }
}
