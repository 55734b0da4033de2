import ExplorerCore
import Foundation

/// Drawing the message log.
extension MessageList {
    /// The overlay's area on a screen of `size`: nearly all of it, so long messages wrap on wide rows.
    static func area(screen: Screen) -> Rect {
        Overlay.centered(width: max(1, screen.width - 4), height: max(3, screen.height - 2),
                         in: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
    }

    /// How many rows of messages fit inside the border.
    static func visibleRows(screen: Screen) -> Int { max(1, area(screen: screen).height - 2) }

    /// Every message with its time (only the time of day for today's), wrapped.
    func paragraph(now: Date) -> Paragraph {
        let lines = entries.isEmpty ? [StyledLine("No messages yet.", style: Theme.dim)] : entries.map { entry in
            StyledLine([Span(MeasurementText.timestamp(entry.time, relativeTo: now) + "  ", style: Theme.dim),
                        Span(TerminalSafeText.sanitize(entry.text))])
        }
        return Paragraph(lines: lines, wrap: true, scroll: scroll)
    }

    /// The number of rows all messages take on this screen.
    func rowCount(screen: Screen, now: Date) -> Int {
        paragraph(now: now).rows(width: max(1, MessageList.area(screen: screen).width - 2)).count
    }

    /// Draws the list over the panes.
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let area = MessageList.area(screen: context.pane.screen)
        buffer.fill(area)
        let block = Block(title: StyledLine(" Messages, newest first (↑↓ PgUp PgDn scroll, Esc closes) "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        paragraph(now: context.pane.now).render(in: block.inner(of: area), buffer: &buffer)
    }
}
