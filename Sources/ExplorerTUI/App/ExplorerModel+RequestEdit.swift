/// Views of `requestEdit` by kind. Setting one starts that edit in place of any other; clearing one ends it only if
/// it is the edit in progress.
extension ExplorerModel {
    /// An open edit of a table row (a header, a query parameter, a form field).
    public var headerEditor: RowEditor? {
        get { if case let .row(editor)? = requestEditor.edit { editor } else { nil } }
        set { setEdit(newValue.map(RequestEdit.row)) { if case .row = $0 { true } else { false } } }
    }

    /// The URL being edited in place, when the URL line has the cursor.
    public var urlField: TextField? {
        get { if case let .url(field)? = requestEditor.edit { field } else { nil } }
        set { setEdit(newValue.map(RequestEdit.url)) { if case .url = $0 { true } else { false } } }
    }

    /// The body being edited, when the Body tab's editor has the cursor.
    public var bodyEditor: BodyEditor? {
        get { if case let .body(editor)? = requestEditor.edit { editor } else { nil } }
        set { setEdit(newValue.map(RequestEdit.body)) { if case .body = $0 { true } else { false } } }
    }

    /// An open edit of an Auth or Options value, or a body file path.
    public var valueEditor: ValueEditor? {
        get { if case let .value(editor)? = requestEditor.edit { editor } else { nil } }
        set { setEdit(newValue.map(RequestEdit.value)) { if case .value = $0 { true } else { false } } }
    }

    private mutating func setEdit(_ new: RequestEdit?, isSameKind: (RequestEdit) -> Bool) {
        requestEditor.edit = OneOfAKind.setting(requestEditor.edit, to: new, isSameKind: isSameKind)
    }
}
