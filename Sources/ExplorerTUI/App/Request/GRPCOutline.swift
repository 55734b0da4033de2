/// The messages of a gRPC server's schema as the message editor completes them: each message's fields in declaration
/// order. Made from the schema where the schema lives (the explorer's effects), so the pane needs no protobuf code.
public struct GRPCOutline: Sendable, Equatable {
    /// Fields by message full name.
    public var messages: [String: [GRPCFieldOutline]]

    /// An outline of these messages.
    public init(messages: [String: [GRPCFieldOutline]]) { self.messages = messages }

    /// The fields Tab may complete at `line`:`column` (0-based) of the JSON message `text` of type `root`: where a
    /// name is expected in an object (after `{` or `,`, or inside a name's quotes), the fields of that object's message
    /// not yet in it; nil where no name is expected or the object is not a known message.
    public func completion(in text: String, line: Int, column: Int, root: String) -> GRPCFieldCompletion? {
        /// An open object or array: the message its objects are, and for an object the names it has.
        struct Frame {
            var isObject: Bool
            var message: String?
            var isMapObject = false
            var names: Set<String> = []
            var key: String?
            var expectsName = true
        }
        var frames: [Frame] = []
        var inString = false, escaped = false, rootSeen = false
        var current = ""
        var lastString: String?
        let scalars = Array(text.unicodeScalars)
        let cursor = Self.offset(of: line, column, in: scalars)
        var index = 0
        while index < cursor {
            let scalar = scalars[index]
            index += 1
            if inString {
                if escaped { escaped = false; current.unicodeScalars.append(scalar); continue }
                if scalar == "\\" { escaped = true; continue }
                if scalar == "\"" { inString = false; lastString = current; continue }
                current.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\"":
                inString = true
                current = ""
            case ":":
                if var top = frames.last, top.isObject, top.expectsName, let name = lastString {
                    top.key = name
                    top.names.insert(name)
                    top.expectsName = false
                    frames[frames.count - 1] = top
                }
                lastString = nil
            case ",":
                if var top = frames.last, top.isObject {
                    top.expectsName = true
                    frames[frames.count - 1] = top
                }
                lastString = nil
            case "{", "[":
                var frame = Frame(isObject: scalar == "{")
                if let parent = frames.last {
                    if parent.isObject, let key = parent.key {
                        if parent.isMapObject {
                            frame.message = parent.message
                        } else if let field = messages[parent.message ?? ""]?.first(where: { $0.name == key }) {
                            frame.message = field.message
                            frame.isMapObject = field.isMap && scalar == "{"
                        }
                    } else if !parent.isObject {
                        frame.message = parent.message
                    }
                } else if !rootSeen {
                    frame.message = root
                    rootSeen = true
                }
                frames.append(frame)
                lastString = nil
            case "}", "]":
                if !frames.isEmpty { frames.removeLast() }
                lastString = nil
            default:
                break
            }
        }
        guard let top = frames.last, top.isObject, !top.isMapObject, let message = top.message, let fields = messages[message] else { return nil }
        let prefix: String
        if inString {
            // Only a name being typed: a value's string is not completed.
            guard top.expectsName else { return nil }
            prefix = current
        } else {
            guard top.expectsName, lastString == nil else { return nil }
            prefix = ""
        }
        let candidates = fields.map(\.name).filter { $0.hasPrefix(prefix) && !top.names.contains($0) }
        return GRPCFieldCompletion(prefix: prefix, candidates: candidates, message: message, quoted: inString)
    }

    private static func offset(of line: Int, _ column: Int, in scalars: [Unicode.Scalar]) -> Int {
        var currentLine = 0
        var index = 0
        while index < scalars.count, currentLine < line {
            if scalars[index] == "\n" { currentLine += 1 }
            index += 1
        }
        return min(scalars.count, index + max(0, column))
    }
}
