/// The Cookies view's keys: moving, deleting one cookie (at once: it is one line), clearing all (after y), revealing values.
extension CookiePanel {
    /// Handles `key`; keys the view does not bind do nothing, so a stray key cannot close it.
    mutating func update(_ key: Key, context: inout PaneContext) -> ModalReply {
        let keyMap = context.keyMap
        if confirmingClear {
            confirmingClear = false
            guard keyMap.action(for: key, in: .confirmation) == .accept else {
                context.status = "Cookies kept."
                return .handled
            }
            let count = cookies?.count ?? 0
            cookies = []
            selection = 0
            scroll = 0
            context.status = "Cleared \(count) cookie\(count == 1 ? "" : "s")."
            return .clearCookies
        }
        let count = cookies?.count ?? 0
        let page = CookiePanel.visibleRows(screen: context.screen)
        switch keyMap.action(for: key, in: .cookieList) {
        case .cancel?: return .closed
        case .help?: return .help
        case .moveUp?: selection = max(0, selection - 1)
        case .moveDown?: selection = min(max(0, count - 1), selection + 1)
        case .toggleSecrets?:
            revealed.toggle()
            context.status = revealed ? "Cookie values shown; R hides them." : "Cookie values masked."
        case .deleteRow?:
            guard let cookie = selected else {
                context.status = "There is no cookie to delete."
                return .handled
            }
            cookies?.remove(at: selection)
            selection = min(selection, max(0, count - 2))
            context.status = "Deleted the cookie \(cookie.name) (\(cookie.domain))."
            return .removeCookie(cookie)
        case .clearCookies?:
            guard count > 0 else {
                context.status = "There are no cookies to clear."
                return .handled
            }
            confirmingClear = true
        default:
            break
        }
        // The selection stays on screen.
        if selection < scroll { scroll = selection }
        if selection >= scroll + page { scroll = selection - page + 1 }
        return .handled
    }
}
