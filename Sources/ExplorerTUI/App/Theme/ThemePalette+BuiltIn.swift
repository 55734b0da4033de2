import ExplorerCore
import ExplorerWorkspace

/// The built-in themes.
extension ThemePalette {
    /// Every built-in theme, in the order `T` cycles through them.
    public static var builtIns: [ThemePalette] { [dark, light, highContrast, sixteenColor] }

    /// The built-in theme called `name`, if any (`16-colour` and `16color` are accepted for `16-color`).
    public static func builtIn(named name: String) -> ThemePalette? {
        // The config file reads the same spellings.
        guard let wanted = ConfigLoader.builtInTheme(named: name) else { return nil }
        return builtIns.first { $0.name == wanted }
    }

    /// Only the terminal's 16 ANSI colours, so it follows the terminal's own colour scheme.
    public static var sixteenColor: ThemePalette { ThemePalette(name: "16-color") }

    /// For dark backgrounds; the 16-colour theme with 256-colour accents, which degrade to it on smaller palettes.
    public static var dark: ThemePalette {
        var palette = ThemePalette(name: "dark")
        palette.selection = Style(background: .indexed(238), attributes: .bold)
        palette.lineNumber = Style(foreground: .indexed(243))
        palette.hexOffset = Style(foreground: .indexed(243))
        palette.border = Style(foreground: .indexed(245))
        palette.match = Style(foreground: .black, background: .indexed(221))
        palette.jsonKey = Style(foreground: .indexed(75), attributes: .bold)
        palette.jsonString = Style(foreground: .indexed(114))
        palette.jsonNumber = Style(foreground: .indexed(80))
        palette.jsonLiteral = Style(foreground: .indexed(176))
        palette.formName = palette.jsonKey
        palette.tag = Style(foreground: .indexed(75))
        palette.attributeName = Style(foreground: .indexed(179))
        palette.attributeValue = Style(foreground: .indexed(114))
        return palette
    }

    /// For light backgrounds: darker colours, and no yellow text, which is unreadable on white.
    public static var light: ThemePalette {
        var palette = ThemePalette(name: "light")
        palette.bar = Style(foreground: .white, background: .indexed(25))
        palette.barKey = Style(foreground: .white, background: .indexed(25), attributes: .bold)
        palette.selection = Style(background: .indexed(153), attributes: .bold)
        palette.error = Style(foreground: .indexed(160), attributes: .bold)
        palette.passed = Style(foreground: .indexed(28), attributes: .bold)
        palette.warning = Style(foreground: .indexed(130), attributes: .bold)
        palette.match = Style(foreground: .black, background: .indexed(228))
        palette.lineNumber = Style(foreground: .indexed(245))
        palette.border = Style(foreground: .indexed(248))
        palette.borderFocused = Style(foreground: .indexed(25), attributes: .bold)
        palette.helpKey = Style(foreground: .indexed(25), attributes: .bold)
        palette.variable = Style(foreground: .indexed(30), attributes: .bold)
        palette.methodGet = Style(foreground: .indexed(28), attributes: .bold)
        palette.methodPost = Style(foreground: .indexed(130), attributes: .bold)
        palette.methodPut = Style(foreground: .indexed(25), attributes: .bold)
        palette.methodPatch = Style(foreground: .indexed(25), attributes: .bold)
        palette.methodDelete = Style(foreground: .indexed(160), attributes: .bold)
        palette.methodOther = Style(foreground: .indexed(90), attributes: .bold)
        palette.status2xx = Style(foreground: .white, background: .indexed(28), attributes: .bold)
        palette.status3xx = Style(foreground: .white, background: .indexed(30), attributes: .bold)
        palette.status4xx = Style(foreground: .black, background: .indexed(220), attributes: .bold)
        palette.status5xx = Style(foreground: .white, background: .indexed(160), attributes: .bold)
        palette.jsonKey = Style(foreground: .indexed(25), attributes: .bold)
        palette.jsonString = Style(foreground: .indexed(28))
        palette.jsonNumber = Style(foreground: .indexed(30))
        palette.jsonLiteral = Style(foreground: .indexed(90))
        palette.formName = palette.jsonKey
        palette.note = Style(foreground: .indexed(130))
        palette.hexOffset = Style(foreground: .indexed(245))
        palette.tag = Style(foreground: .indexed(25))
        palette.attributeName = Style(foreground: .indexed(130))
        palette.attributeValue = Style(foreground: .indexed(28))
        palette.diffAdded = Style(foreground: .indexed(28))
        palette.diffRemoved = Style(foreground: .indexed(160))
        palette.diffChanged = Style(foreground: .indexed(130))
        palette.eventName = Style(foreground: .indexed(30), attributes: .bold)
        palette.messageSent = Style(foreground: .indexed(28), attributes: .bold)
        palette.messageReceived = Style(foreground: .indexed(30), attributes: .bold)
        return palette
    }

    /// Bright colours on plain backgrounds, bold everywhere and nothing dimmed, for low vision and glare.
    public static var highContrast: ThemePalette {
        var palette = ThemePalette(name: "high-contrast")
        palette.bar = Style(foreground: .black, background: .brightWhite, attributes: .bold)
        palette.barKey = Style(foreground: .black, background: .brightYellow, attributes: .bold)
        // Dimmed text is the hardest to read; plain text and the layout carry the difference instead.
        palette.dim = .plain
        palette.comment = .plain
        // Reverse video keeps every coloured word in a selected row readable, whatever its colour.
        palette.selection = Style(attributes: [.reverse, .bold])
        palette.error = Style(foreground: .brightRed, attributes: [.bold, .underline])
        palette.passed = Style(foreground: .brightGreen, attributes: .bold)
        palette.warning = Style(foreground: .brightYellow, attributes: .bold)
        palette.match = Style(foreground: .black, background: .brightCyan, attributes: .bold)
        palette.lineNumber = Style(foreground: .brightWhite)
        palette.border = Style(foreground: .brightWhite)
        palette.borderFocused = Style(foreground: .brightYellow, attributes: .bold)
        palette.tabSelected = Style(foreground: .black, background: .brightWhite, attributes: .bold)
        palette.treeFolder = Style(attributes: .bold)
        palette.helpKey = Style(foreground: .brightCyan, attributes: .bold)
        palette.variable = Style(foreground: .brightCyan, attributes: [.bold, .underline])
        palette.methodGet = Style(foreground: .brightGreen, attributes: .bold)
        palette.methodPost = Style(foreground: .brightYellow, attributes: .bold)
        palette.methodPut = Style(foreground: .brightCyan, attributes: .bold)
        palette.methodPatch = Style(foreground: .brightCyan, attributes: .bold)
        palette.methodDelete = Style(foreground: .brightRed, attributes: .bold)
        palette.methodOther = Style(foreground: .brightMagenta, attributes: .bold)
        palette.status2xx = Style(foreground: .black, background: .brightGreen, attributes: .bold)
        palette.status3xx = Style(foreground: .black, background: .brightCyan, attributes: .bold)
        palette.status4xx = Style(foreground: .black, background: .brightYellow, attributes: .bold)
        palette.status5xx = Style(foreground: .brightWhite, background: .red, attributes: .bold)
        palette.jsonKey = Style(foreground: .brightCyan, attributes: .bold)
        palette.jsonString = Style(foreground: .brightGreen)
        palette.jsonNumber = Style(foreground: .brightYellow)
        palette.jsonLiteral = Style(foreground: .brightMagenta, attributes: .bold)
        palette.formName = palette.jsonKey
        palette.note = Style(foreground: .brightYellow)
        palette.hexOffset = Style(foreground: .brightWhite)
        palette.tag = Style(foreground: .brightCyan)
        palette.attributeName = Style(foreground: .brightYellow)
        palette.attributeValue = Style(foreground: .brightGreen)
        palette.diffAdded = Style(foreground: .brightGreen, attributes: .bold)
        palette.diffRemoved = Style(foreground: .brightRed, attributes: .bold)
        palette.diffChanged = Style(foreground: .brightYellow, attributes: .bold)
        palette.eventName = Style(foreground: .brightCyan, attributes: .bold)
        palette.messageSent = Style(foreground: .brightGreen, attributes: .bold)
        palette.messageReceived = Style(foreground: .brightCyan, attributes: .bold)
        return palette
    }
}
