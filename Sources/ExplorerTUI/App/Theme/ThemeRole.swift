/// A role's name in a theme file and where its style lives in `ThemePalette`.
public struct ThemeRole: Sendable {
    /// The name in a theme file (`method.get`, `json.key`, `selection`).
    public var name: String
    /// The palette's style for it.
    public var keyPath: WritableKeyPath<ThemePalette, Style> & Sendable

    /// Every role a theme file can set, in the order the README documents them.
    public static var all: [ThemeRole] {
        [
            ThemeRole(name: "bar", keyPath: \.bar), ThemeRole(name: "bar.key", keyPath: \.barKey),
            ThemeRole(name: "dim", keyPath: \.dim), ThemeRole(name: "selection", keyPath: \.selection),
            ThemeRole(name: "error", keyPath: \.error), ThemeRole(name: "passed", keyPath: \.passed),
            ThemeRole(name: "warning", keyPath: \.warning), ThemeRole(name: "match", keyPath: \.match),
            ThemeRole(name: "lineNumber", keyPath: \.lineNumber), ThemeRole(name: "border", keyPath: \.border),
            ThemeRole(name: "border.focused", keyPath: \.borderFocused), ThemeRole(name: "tab.selected", keyPath: \.tabSelected),
            ThemeRole(name: "tree.collection", keyPath: \.treeCollection), ThemeRole(name: "tree.folder", keyPath: \.treeFolder),
            ThemeRole(name: "tree.request", keyPath: \.treeRequest), ThemeRole(name: "help.key", keyPath: \.helpKey), ThemeRole(name: "hint.key", keyPath: \.hintKey),
            ThemeRole(name: "variable", keyPath: \.variable),
            ThemeRole(name: "method.get", keyPath: \.methodGet), ThemeRole(name: "method.post", keyPath: \.methodPost),
            ThemeRole(name: "method.put", keyPath: \.methodPut), ThemeRole(name: "method.patch", keyPath: \.methodPatch),
            ThemeRole(name: "method.delete", keyPath: \.methodDelete), ThemeRole(name: "method.other", keyPath: \.methodOther),
            ThemeRole(name: "status.2xx", keyPath: \.status2xx), ThemeRole(name: "status.3xx", keyPath: \.status3xx),
            ThemeRole(name: "status.4xx", keyPath: \.status4xx), ThemeRole(name: "status.5xx", keyPath: \.status5xx),
            ThemeRole(name: "json.key", keyPath: \.jsonKey), ThemeRole(name: "json.string", keyPath: \.jsonString),
            ThemeRole(name: "json.number", keyPath: \.jsonNumber), ThemeRole(name: "json.literal", keyPath: \.jsonLiteral),
            ThemeRole(name: "body.formName", keyPath: \.formName), ThemeRole(name: "body.note", keyPath: \.note),
            ThemeRole(name: "body.hexOffset", keyPath: \.hexOffset), ThemeRole(name: "body.tag", keyPath: \.tag),
            ThemeRole(name: "body.attributeName", keyPath: \.attributeName),
            ThemeRole(name: "body.attributeValue", keyPath: \.attributeValue), ThemeRole(name: "body.comment", keyPath: \.comment),
            ThemeRole(name: "diff.added", keyPath: \.diffAdded), ThemeRole(name: "diff.removed", keyPath: \.diffRemoved),
            ThemeRole(name: "diff.changed", keyPath: \.diffChanged), ThemeRole(name: "event.name", keyPath: \.eventName),
            ThemeRole(name: "message.sent", keyPath: \.messageSent), ThemeRole(name: "message.received", keyPath: \.messageReceived),
        ]
    }
}
