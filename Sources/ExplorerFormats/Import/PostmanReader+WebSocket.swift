import ExplorerCore
import ExplorerWorkspace
import Foundation

/// WebSocket requests: a v2.1 request to a ws(s):// URL, and the `ws-raw-request` items of Postman's newer format
/// (`payload` with `url`, `headers`, `queryParams`, `settings`; its `ws-raw-message` children the saved messages).
/// Postman does not export WebSocket collections as v2.1, so these shapes are read where present and anything else
/// is reported with its JSON path.
extension PostmanReader {
    /// The handshake headers apiexplorer's WebSocket client writes itself: imported, they would be sent twice.
    static let clientHandshakeHeaders: Set<String> = ["sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions",
                                                      "upgrade", "connection"]

    /// True for a `ws://` or `wss://` URL.
    static func isWebSocketURL(_ url: String) -> Bool {
        let lowered = url.lowercased()
        return lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://")
    }

    /// An item of a newer Postman type: a `ws-raw-request` becomes a WebSocket request; any other type (Socket.IO,
    /// gRPC, GraphQL, MQTT…) is reported, with its JSON path, and not imported.
    mutating func typedItem(_ item: LocatedJSONValue, type: String, path: String, name: String, label: String) throws(ImportError) -> RequestSpec? {
        guard type == "ws-raw-request" else {
            report.add(label, "a Postman '\(TerminalSafeText.sanitize(type))' item (\(path)) is not supported; not imported")
            return nil
        }
        guard let payload = item["payload"] ?? item["request"], payload.members != nil else {
            report.add(label, "a WebSocket request (\(path)) without a 'payload' object is not a shape apiexplorer knows; not imported")
            return nil
        }
        let payloadPath = LocatedJSONValue.path(path, item["payload"] != nil ? "payload" : "request")
        var spec = RequestSpec(name: name.isEmpty ? "WebSocket" : name, slug: ImportSlug.make(name), url: "")
        (spec.url, spec.query) = ImportURL.splitQuery(ImportURL.cleaned(mapped(try payload.string("url", source, payloadPath) ?? "", label)))
        if payload["queryParams"] != nil {
            spec.query += try keyValues(payload["queryParams"], path: LocatedJSONValue.path(payloadPath, "queryParams"), label: label)
        }
        spec.headers = try headers(payload["headers"], path: LocatedJSONValue.path(payloadPath, "headers"), label: label)
        if let settings = payload["settings"], settings.members != nil {
            if settings["strictSSL"] != nil, !settings.flag("strictSSL") { spec.verifyTLS = false }
            // Postman's handshake timeout is in milliseconds.
            if let text = settings["handshakeTimeout"]?.text, let milliseconds = Double(text), milliseconds > 0 { spec.timeout = milliseconds / 1000 }
            for key in ["retryCount", "retryDelay", "maxPayload"] where settings[key] != nil {
                report.add(label, "setting '\(key)' (\(LocatedJSONValue.path(payloadPath, "settings"))) has no equivalent; not imported")
            }
        }
        var children: [(LocatedJSONValue, String)] = []
        for (index, child) in try item.array("children", source, path).enumerated() {
            let childPath = "\(LocatedJSONValue.path(path, "children"))[\(index)]"
            if let childType = child["type"]?.stringValue, childType != "ws-raw-message" {
                report.add(label, "a '\(TerminalSafeText.sanitize(childType))' item (\(childPath)) in a WebSocket request is not a message; not imported")
                continue
            }
            children.append((child["payload"] ?? child, child["payload"] != nil ? LocatedJSONValue.path(childPath, "payload") : childPath))
        }
        try webSocket(&spec, item: item, request: nil, path: path, label: label, more: children)
        guard !spec.url.isEmpty else {
            report.add(label, "the WebSocket request has no URL; not imported")
            return nil
        }
        return spec
    }

    /// Makes `spec` a WebSocket request (method `WS`): `Sec-WebSocket-Protocol` becomes `protocols:`, the headers the
    /// client writes itself are left out, and the saved messages (`messages` of the item or its request, and `more`)
    /// and a raw body become `messages:`.
    mutating func webSocket(_ spec: inout RequestSpec, item: LocatedJSONValue, request: LocatedJSONValue?, path: String, label: String,
                            more: [(LocatedJSONValue, String)] = []) throws(ImportError) {
        spec.method = "WS"
        var headers: [KeyValue] = []
        for header in spec.headers {
            let name = header.name.lowercased()
            if name == "sec-websocket-protocol" {
                if header.enabled {
                    spec.protocols += header.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                }
            } else if PostmanReader.clientHandshakeHeaders.contains(name) {
                report.add(label, "header '\(header.name)' is written by the WebSocket client itself; not imported")
            } else {
                headers.append(header)
            }
        }
        spec.headers = headers
        switch spec.body {
        case .none: break
        case let .json(text): spec.messages.append(SavedMessage(name: "body", format: .json, content: text))
        case let .text(text, _): spec.messages.append(SavedMessage(name: "body", format: .text, content: text))
        default: report.add(label, "the body of a WebSocket request is not a message apiexplorer can send; not imported")
        }
        spec.body = .none
        var entries: [(LocatedJSONValue, String)] = []
        let containers: [(LocatedJSONValue?, String)] = [(item, path), (request, LocatedJSONValue.path(path, "request"))]
        for (container, containerPath) in containers {
            guard let container else { continue }
            for (index, entry) in try container.array("messages", source, containerPath).enumerated() {
                entries.append((entry, "\(LocatedJSONValue.path(containerPath, "messages"))[\(index)]"))
            }
        }
        for (entry, entryPath) in entries + more {
            if let message = message(entry, path: entryPath, number: spec.messages.count + 1, label: label) { spec.messages.append(message) }
        }
    }

    /// A saved message: a string is a text message; an object names its content (`payload`, `content`, `data`,
    /// `message`, `text`, `body` or `raw`, a string) and its kind (`type`, `messageType`, `format`, `language` or
    /// `mode`: `json`, `binary`/`base64`, else text). Anything else is reported with its JSON path.
    private mutating func message(_ entry: LocatedJSONValue, path: String, number: Int, label: String) -> SavedMessage? {
        if let text = entry.stringValue { return SavedMessage(name: "message \(number)", format: .text, content: mapped(text, label)) }
        guard entry.members != nil else {
            report.add(label, "a message (\(path)) is \(entry.kindName), not text or an object; not imported")
            return nil
        }
        let contentKeys = ["payload", "content", "data", "message", "text", "body", "raw"]
        guard let key = contentKeys.first(where: { entry[$0]?.stringValue != nil }), let content = entry[key]?.stringValue else {
            let keys = entry.members?.map(\.key).prefix(6).joined(separator: ", ") ?? ""
            report.add(label, "a message (\(path)) has no text apiexplorer knows where to find (keys: \(TerminalSafeText.sanitize(keys))); not imported")
            return nil
        }
        let name = entry["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "message \(number)"
        let kind = ["type", "messageType", "format", "language", "mode"].lazy.compactMap { entry[$0]?.stringValue?.lowercased() }.first
        let text = mapped(content, label)
        switch kind {
        case "binary"?, "base64"?:
            guard text.contains("{{") || Data(base64Encoded: text.filter { !$0.isWhitespace }) != nil else {
                report.add(label, "binary message '\(name)' (\(path)) is not base64; imported as text")
                return SavedMessage(name: name, format: .text, content: text)
            }
            return SavedMessage(name: name, format: .base64, content: text)
        case "json"?:
            guard text.contains("{{") || (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil else {
                report.add(label, "message '\(name)' (\(path)) is marked JSON but does not parse; imported as text")
                return SavedMessage(name: name, format: .text, content: text)
            }
            return SavedMessage(name: name, format: .json, content: text)
        default:
            return SavedMessage(name: name, format: .text, content: text)
        }
    }
}
