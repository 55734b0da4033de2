import ExplorerCore
import ExplorerWorkspace

/// The explorer's styles by role, read from the theme bound to `ThemePalette.current` while rendering.
enum Theme {
    static var bar: Style { ThemePalette.current.bar }
    static var barKey: Style { ThemePalette.current.barKey }
    static var dim: Style { ThemePalette.current.dim }
    static var selected: Style { ThemePalette.current.selection }
    static var error: Style { ThemePalette.current.error }
    static var passed: Style { ThemePalette.current.passed }
    static var warning: Style { ThemePalette.current.warning }
    static var match: Style { ThemePalette.current.match }
    static var lineNumber: Style { ThemePalette.current.lineNumber }
    static var helpKey: Style { ThemePalette.current.helpKey }
    static var variable: Style { ThemePalette.current.variable }

    static func method(_ method: String) -> Style {
        let palette = ThemePalette.current
        switch method.uppercased() {
        case "GET": return palette.methodGet
        case "POST": return palette.methodPost
        case "PUT": return palette.methodPut
        case "PATCH": return palette.methodPatch
        case "DELETE": return palette.methodDelete
        default: return palette.methodOther
        }
    }

    static func status(_ code: Int) -> Style {
        let palette = ThemePalette.current
        switch code {
        case 200..<300: return palette.status2xx
        case 300..<400: return palette.status3xx
        case 400..<500: return palette.status4xx
        default: return palette.status5xx
        }
    }

    static func token(_ kind: BodyTokenKind) -> Style {
        let palette = ThemePalette.current
        switch kind {
        case let .json(json):
            switch json {
            case .key: return palette.jsonKey
            case .string: return palette.jsonString
            case .number: return palette.jsonNumber
            case .literal: return palette.jsonLiteral
            default: return .plain
            }
        case .formName: return palette.formName
        case .note: return palette.note
        case .hexOffset: return palette.hexOffset
        case .tag: return palette.tag
        case .attributeName: return palette.attributeName
        case .attributeValue: return palette.attributeValue
        case .comment: return palette.comment
        default: return .plain
        }
    }
}
