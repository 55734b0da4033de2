/// What a key does; the key map binds keys to these, and `update` only ever sees actions, never raw keys.
public enum AppAction: Sendable, Equatable, CaseIterable {
    case quit, help, focusNext, focusPrevious, send, cancel, pickEnvironment, save
    case moveUp, moveDown, pageUp, pageDown, top, bottom, collapse, expand, activate
    case nextTab, previousTab, filter, clearFilter
    case addRow, editRow, deleteRow, toggleRow, moveRowUp, moveRowDown
    case editURL, pickMethod, editBody, pickBodyKind, formatBody, pickAuthKind, externalEditor, maximize
    case newRequest, newFolder, duplicateRequest, renameRequest, moveRequest, deleteRequest
    case toggleWrap, toggleLineNumbers, toggleEscapes, toggleSecrets, filterJSON, search, nextMatch, previousMatch, scrollLeft, scrollRight
    case exportRequest, compareEnvironments, copy, copyAsCurl, saveBody, openPager
    case importCurl, reload
    case history, historyAll, openExchange, replay, markExchange, compareExchanges, cycleStatusFilter, cycleEnvironmentFilter
    case toggleHistoryScope
    /// Opens the log of recent status messages (`!`).
    case showMessages
    /// Switches to the next theme (`T`).
    case cycleTheme
    /// Adds the bundled Demo collection beside the others.
    case addDemo
    /// Applies what is being typed or picked (Enter); `accept` answers yes; `interrupt` is Ctrl-C from anywhere.
    case confirm, accept, interrupt
    /// Tab in a field: completes a `{{variable}}` in the URL, keeps a secret in the secrets file.
    case complete
    case nextField, previousField, nextFormat, saveCaptures
    /// Opens the command palette (Ctrl-P or `:`).
    case openPalette
    /// Moves the split between the tree and the other panes (`<` `>`).
    case shrinkTree, growTree
    case wordLeft, wordRight, deleteWordBefore
    /// The environment editor: opened from the picker, environments added, renamed, deleted, a variable made secret.
    case editEnvironments, newEnvironment, renameEnvironment, deleteEnvironment, toggleSecret
    /// C in the response: a capture of the JSON value on the top line, proposed in the request's Checks tab.
    case proposeCapture
    /// A WebSocket conversation: ping, send a saved message picked from a list, close with a code, connect again, and
    /// save the Body tab's message into the request's `messages:`.
    case ping, sendSavedMessage, closeWithCode, reconnect, saveMessage
    /// v on a GraphQL body: its variables in the body editor.
    case editVariables
    /// i on a GraphQL body: fetch the schema by introspection (S browses it); on other bodies i edits, as Enter does.
    case introspect, browseSchema
    /// The Auth tab of an `oauth2` request: fetch the token (cached while fresh), get a new one, or forget it.
    case fetchToken, refreshToken, forgetToken
    /// Ctrl-K: the Cookies view of the jar in use; D in it clears the jar (after y).
    case showCookies, clearCookies
    /// The load-test panel of the selected request.
    case loadTest
    /// The Capture view (`B`): exchanges `apiexplorer proxy` recorded, as they arrive; `s` in it saves one as a request.
    case openCapture, saveExchange
    /// x in the response: the response on screen saved into its request's `examples:`, for `apiexplorer mock`.
    case saveExample
}

extension AppAction {
    /// True for the actions that only move a selection or scroll.
    public var isMovement: Bool { [.moveUp, .moveDown, .pageUp, .pageDown, .top, .bottom].contains(self) }
}
