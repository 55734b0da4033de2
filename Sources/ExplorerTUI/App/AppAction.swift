/// What a key does; the key map binds keys to these, and `update` only ever sees actions, never raw keys.
public enum AppAction: Sendable, Equatable {
    case quit, help, focusNext, focusPrevious, send, cancel, pickEnvironment, save
    case moveUp, moveDown, pageUp, pageDown, top, bottom, collapse, expand, activate
    case nextTab, previousTab, filter
    case addHeader, editHeader, deleteHeader, toggleHeader
    case toggleWrap, toggleLineNumbers, search, nextMatch, previousMatch, scrollLeft, scrollRight
    case exportRequest, compareEnvironments
    case importCurl, reload
}
