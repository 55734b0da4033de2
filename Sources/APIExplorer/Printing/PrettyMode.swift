import ArgumentParser

/// How `send` prints bodies, as in HTTPie: formatted, coloured, both, or raw.
enum PrettyMode: String, ExpressibleByArgument, CaseIterable {
    case all, colors, format, none

    var formats: Bool { self == .all || self == .format }
    var colors: Bool { self == .all || self == .colors }
}
