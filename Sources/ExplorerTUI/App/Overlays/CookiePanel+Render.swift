import ExplorerCore
import Foundation

/// Drawing the Cookies view: a table of the jar, the selected row reversed, a question line while clearing.
extension CookiePanel {
    /// The view's area: nearly the whole screen, so long domains and values fit.
    static func area(screen: Screen) -> Rect {
        Overlay.centered(width: max(1, screen.width - 4), height: max(5, screen.height - 2),
                         in: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
    }

    /// How many cookies fit under the heading and above the key line.
    static func visibleRows(screen: Screen) -> Int { max(1, area(screen: screen).height - 5) }

    /// The title: the collection and environment whose jar this is.
    var title: String { " Cookies: \(collectionName) · \(environment ?? "no environment") " }

    /// One row's text: domain, path, name=value (masked unless revealed), expiry, flags, in columns.
    func row(_ cookie: CookieRecord, widths: [Int], now: Date) -> String {
        let value = revealed ? TerminalSafeText.sanitize(cookie.value) : SecretMasker.mask
        let expires = cookie.expires.map { MeasurementText.timestamp($0, relativeTo: now) } ?? (keepsSessionCookies ? "session (kept)" : "session")
        let flags = [cookie.isSecure ? "Secure" : nil, cookie.isHTTPOnly ? "HttpOnly" : nil].compactMap { $0 }.joined(separator: " ")
        let columns = [TerminalSafeText.sanitize(cookie.domain), TerminalSafeText.sanitize(cookie.path),
                       TerminalSafeText.sanitize(cookie.name) + "=" + value, expires]
        return zip(columns, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + flags
    }

    /// Draws the view over the panes.
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let area = CookiePanel.area(screen: context.pane.screen)
        buffer.fill(area)
        let block = Block(title: StyledLine(title), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        guard inner.height > 0 else { return }
        var lines: [StyledLine] = []
        if isOff {
            lines.append(StyledLine("Cookies are off in this run (--no-cookies): none are sent or kept.", style: Theme.dim))
        } else if let cookies {
            if cookies.isEmpty {
                lines.append(StyledLine("No cookies in this jar. A response's Set-Cookie puts them here.", style: Theme.dim))
            } else {
                let domainWidth: Int = cookies.map { $0.domain.count }.max() ?? 0
                let pathWidth: Int = cookies.map { $0.path.count }.max() ?? 0
                let valueWidth: Int = cookies.map { (cookie: CookieRecord) -> Int in
                    cookie.name.count + 1 + (revealed ? cookie.value.count : SecretMasker.mask.count)
                }.max() ?? 0
                let widths: [Int] = [max(6, domainWidth), max(4, pathWidth), min(48, max(10, valueWidth)), 16]
                let headings: [String] = zip(["Domain", "Path", "Name=value", "Expires"], widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                lines.append(StyledLine("  " + headings.joined(separator: "  ") + "  Flags", style: .bold))
                let visible = CookiePanel.visibleRows(screen: context.pane.screen)
                for (index, cookie) in cookies.enumerated().dropFirst(scroll).prefix(visible) {
                    let text = (index == selection ? "› " : "  ") + row(cookie, widths: widths, now: context.pane.now)
                    lines.append(StyledLine(text, style: index == selection ? Theme.selected : .plain))
                }
            }
        } else {
            lines.append(StyledLine("Reading the jar…", style: Theme.dim))
        }
        Paragraph(lines: lines).render(in: Rect(x: inner.x, y: inner.y, width: inner.width, height: max(0, inner.height - 1)), buffer: &buffer)
        let count = cookies?.count ?? 0
        let footer = confirmingClear
            ? StyledLine("Clear all \(count) cookie\(count == 1 ? "" : "s") of this jar? "
                         + "\(context.pane.keyMap.keyLabel(for: .accept, in: .confirmation) ?? "y") clears, any other key keeps them", style: Theme.warning)
            : StyledLine(context.pane.keyMap.phrases([.deleteRow: "deletes the cookie", .clearCookies: "clears the jar",
                                                      .toggleSecrets: revealed ? "hides values" : "reveals values", .cancel: "closes"], in: .cookieList),
                         style: Theme.dim)
        _ = buffer.write(footer.plainText, at: Position(x: inner.x, y: inner.y + inner.height - 1), style: confirmingClear ? Theme.warning : Theme.dim,
                         maxWidth: inner.width)
    }
}
