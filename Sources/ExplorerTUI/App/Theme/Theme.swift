import ExplorerCore

/// The explorer's colours and attributes in one place.
enum Theme {
    static let bar = Style(foreground: .black, background: .cyan)
    static let barKey = Style(foreground: .black, background: .cyan, attributes: .bold)
    static let dim = Style(attributes: .dim)
    static let selected = Style(attributes: .reverse)
    static let error = Style(foreground: .red, attributes: .bold)
    static let passed = Style(foreground: .green, attributes: .bold)
    static let warning = Style(foreground: .yellow, attributes: .bold)
    static let match = Style(foreground: .black, background: .yellow)
    static let lineNumber = Style(foreground: .brightBlack)

    static func method(_ method: String) -> Style {
        switch method.uppercased() {
        case "GET": return Style(foreground: .green, attributes: .bold)
        case "POST": return Style(foreground: .yellow, attributes: .bold)
        case "PUT", "PATCH": return Style(foreground: .blue, attributes: .bold)
        case "DELETE": return Style(foreground: .red, attributes: .bold)
        default: return Style(foreground: .magenta, attributes: .bold)
        }
    }

    static func status(_ code: Int) -> Style {
        switch code {
        case 200..<300: return Style(foreground: .black, background: .green, attributes: .bold)
        case 300..<400: return Style(foreground: .black, background: .cyan, attributes: .bold)
        case 400..<500: return Style(foreground: .black, background: .yellow, attributes: .bold)
        default: return Style(foreground: .white, background: .red, attributes: .bold)
        }
    }

    static func token(_ kind: BodyTokenKind) -> Style {
        switch kind {
        case let .json(json):
            switch json {
            case .key: return Style(foreground: .blue, attributes: .bold)
            case .string: return Style(foreground: .green)
            case .number: return Style(foreground: .cyan)
            case .literal: return Style(foreground: .magenta)
            default: return .plain
            }
        case .formName: return Style(foreground: .blue, attributes: .bold)
        case .note: return Style(foreground: .yellow)
        case .hexOffset: return Style(foreground: .brightBlack)
        case .tag: return Style(foreground: .blue)
        case .attributeName: return Style(foreground: .yellow)
        case .attributeValue: return Style(foreground: .green)
        case .comment: return Style(attributes: .dim)
        default: return .plain
        }
    }
}
