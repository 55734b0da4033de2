import ExplorerCore
import Foundation

/// A streamed response as checks and captures see it: `$events`, the array of its events
/// (`[{"event", "id", "data", "time"}]`, `data` parsed when it is JSON, `time` in milliseconds since sending), which
/// JSONPath reads as it reads a body (`$events[*].data.n`).
package enum StreamEventsDocument {
    /// The name a path starts with to read the events rather than the body.
    package static let root = "$events"

    /// `path` with `$events` turned into the root of the events document (`$events[0].id` → `$[0].id`); nil when
    /// the path reads the body.
    package static func eventsPath(_ path: String) -> String? {
        // `$messages` reads a WebSocket conversation's messages, which are its events.
        guard let name = [root, "$messages"].first(where: { path.hasPrefix($0) }) else { return nil }
        let rest = path.dropFirst(name.count)
        guard rest.isEmpty || rest.first == "[" || rest.first == "." || rest.first == " " else { return nil }
        return "$" + rest
    }

    /// The events as JSON text: an event's data is inserted as written when it is JSON, else as a string.
    package static func json(_ events: [StreamEvent]) -> Data {
        var out = "["
        for (index, event) in events.enumerated() {
            if index > 0 { out += "," }
            let data = JSONValue.parse(Data(event.data.utf8)) != nil ? event.data : quoted(event.data)
            out += "{\"event\":" + (event.event.map(quoted) ?? "null") + ",\"id\":" + (event.id.map(quoted) ?? "null")
                + ",\"data\":" + data + ",\"time\":" + String(Int((event.time * 1000).rounded())) + "}"
        }
        return Data((out + "]").utf8)
    }

    private static func quoted(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
