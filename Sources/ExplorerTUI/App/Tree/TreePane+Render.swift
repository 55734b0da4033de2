import ExplorerCore

/// Drawing the collections tree.
extension TreePane {
    /// Draws the pane into `rect`: the filter line, then the rows (requests with their methods, problems marked).
    public func render(into buffer: inout CellBuffer, rect: Rect, source: TreeSource, focused: Bool) {
        let block = Block(title: StyledLine(isLoading ? " Loading requests… " : " Collections "), isFocused: focused)
        block.render(in: rect, buffer: &buffer)
        let whole = block.inner(of: rect)
        if let field = filterField {
            ExplorerView.prompt(field, at: Rect(x: whole.x, y: whole.y, width: whole.width, height: 1), &buffer)
        } else if !filter.isEmpty {
            _ = buffer.write("filter: \(filter)", at: Position(x: whole.x, y: whole.y), style: Theme.dim, maxWidth: whole.width)
        }
        let inner = listArea(in: rect)
        let rows = source.rows(for: self)
        let items: [StyledLine] = rows.map { row in
            let indent = String(repeating: "  ", count: row.depth)
            if case let .problem(index) = row.kind {
                // A warning (the file loaded, something in it is ignored) is ⚠; a file that did not load is ✗.
                let isWarning = source.problems.indices.contains(index) && source.problems[index].isWarning
                return StyledLine([Span(indent + (isWarning ? "⚠ " : "✗ ") + row.title, style: isWarning ? Theme.warning : Theme.error)])
            }
            if let method = row.method {
                let label = method.count > 6 ? String(method.prefix(6)) : method.padding(toLength: 6, withPad: " ", startingAt: 0)
                // The unsaved mark goes before the method, where a long name cannot push it off the edge.
                let marked = source.modified.contains(row.key) ? String(indent.dropLast()) + "●" : indent
                // An imported name such as "POST /orders" would read "POST   POST /orders" beside its method.
                let title = row.title.hasPrefix(method + " ") && row.title.count > method.count + 1 ? String(row.title.dropFirst(method.count + 1)) : row.title
                return StyledLine([Span(marked, style: Theme.warning), Span(label, style: Theme.method(method)), Span(" " + title, style: ThemePalette.current.treeRequest)])
            }
            let arrow = expanded.contains(row.key) || !filter.isEmpty ? "▾ " : "▸ "
            let found = row.kind == .collection ? source.problemIndices(in: row.collectionIndex).map { source.problems[$0].isWarning } : []
            let broken = found.filter { !$0 }.count
            let warned = found.count - broken
            return StyledLine([Span(indent + arrow), Span(row.title, style: row.kind == .collection ? ThemePalette.current.treeCollection : ThemePalette.current.treeFolder)]
                              + (broken > 0 ? [Span(" ✗\(broken)", style: Theme.error)] : [])
                              + (warned > 0 ? [Span(" ⚠\(warned)", style: Theme.warning)] : []))
        }
        if rows.isEmpty, filter.isEmpty, !isLoading, source.collections.isEmpty {
            Paragraph(lines: TreePane.emptyOffer(directory: collectionsDirectory), wrap: true).render(in: inner, buffer: &buffer)
            return
        }
        if rows.isEmpty, !filter.isEmpty {
            _ = buffer.write("No matches for \"\(filter)\"", at: Position(x: inner.x, y: inner.y), style: Theme.dim, maxWidth: inner.width)
            return
        }
        var list = ListView(items: items, selectedIndex: rows.isEmpty ? nil : min(cursor, rows.count - 1))
        list.scrollToSelection(height: inner.height)
        list.render(in: inner, buffer: &buffer)
    }

    /// What an empty tree offers: a first run in a directory with no collections starts here rather than failing.
    static func emptyOffer(directory: String?) -> [StyledLine] {
        [StyledLine("No collections yet.", style: .bold), "",
         StyledLine([Span("N", style: Theme.barKey), Span(" create a collection here (name, environment, base URL)")]), "",
         StyledLine([Span("O", style: Theme.barKey), Span(" add the bundled Demo; it works offline")]), "",
         StyledLine([Span("I", style: Theme.barKey), Span(" import a Postman or Insomnia export, a HAR or a .http file")]), ""]
            + (directory.map { [StyledLine("Collections go in \($0)", style: Theme.dim)] } ?? [])
    }
}
