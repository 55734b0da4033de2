import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// The palette's rows, built from the explorer's state when it opens: the key map's actions with the keys in force,
/// every request of every collection, every environment, and (once read) recent exchanges.
extension CommandPalette {
    /// Actions that need a place on screen or something already open, so running them from a list means nothing.
    static let contextual: [AppAction] = [
        .moveUp, .moveDown, .pageUp, .pageDown, .top, .bottom, .collapse, .expand, .activate, .cancel, .clearFilter,
        .scrollLeft, .scrollRight, .nextTab, .previousTab, .focusNext, .focusPrevious, .nextMatch, .previousMatch,
        .interrupt, .confirm, .accept, .complete, .openPalette,
    ]

    /// The rows for actions, requests and environments.
    public static func items(keyMap: KeyMap, collections: [CollectionSpec], activeEnvironments: [String: String]) -> [PaletteItem] {
        requestItems(collections) + environmentItems(collections, active: activeEnvironments) + actionItems(keyMap) + exportItems(keyMap)
    }

    /// One row per export format, so a format is a few letters away rather than several Tabs into the export panel.
    static func exportItems(_ keyMap: KeyMap) -> [PaletteItem] {
        let key = keyMap.global.first { $0.action == .exportRequest }.map { KeyHint(keys: $0.keys, label: "").key } ?? ""
        return ExportFormat.allCases.map { format in
            PaletteItem(target: .export(format), text: "export the request as \(format.title)", note: key, id: "export:\(format.rawValue)")
        }
    }

    /// One row per action of the panes and of every pane, with all its keys; the first binding's text describes it.
    static func actionItems(_ keyMap: KeyMap) -> [PaletteItem] {
        let groups: [(pane: Focus?, title: String, bindings: [KeyBinding])] = [
            (nil, "", keyMap.global),
            (.tree, "Tree: ", keyMap.panes[.tree] ?? []),
            (.request, "Request: ", keyMap.panes[.request] ?? []),
            (.response, "Response: ", keyMap.panes[.response] ?? []),
        ]
        var items: [PaletteItem] = []
        for group in groups {
            var seen: [String: Int] = [:]
            for binding in group.bindings where !contextual.contains(binding.action) {
                let id = "action:\(group.pane.map { "\($0)" } ?? "any")/\(binding.action)"
                let keys = KeyHint(keys: binding.keys, label: "").key
                if let index = seen[id] {
                    items[index].note += "/" + keys
                    continue
                }
                seen[id] = items.count
                items.append(PaletteItem(target: .action(binding.action, pane: group.pane), text: group.title + binding.help, note: keys, id: id))
            }
        }
        return items
    }

    /// One row per request: its name, method, URL and folder path, all matched.
    static func requestItems(_ collections: [CollectionSpec]) -> [PaletteItem] {
        var items: [PaletteItem] = []
        func walk(_ folder: FolderSpec, key: RequestKey, path: String) {
            for request in folder.requests {
                let requestKey = key.appending(request.slug)
                let text = [request.name, request.method + " " + request.url, path].map { TerminalSafeText.sanitize($0) }.joined(separator: "  ")
                items.append(PaletteItem(target: .request(key: requestKey), text: text, id: PaletteItem.requestID(requestKey)))
            }
            for sub in folder.folders { walk(sub, key: key.appending(sub.slug), path: path + "/" + sub.name) }
        }
        for collection in collections { walk(collection.root, key: RequestKey(collection.slug), path: collection.name) }
        return items
    }

    /// One row per environment of every collection; the one in use says so.
    static func environmentItems(_ collections: [CollectionSpec], active: [String: String]) -> [PaletteItem] {
        collections.flatMap { collection in
            collection.environments.map { environment in
                let inUse = (active[collection.slug] ?? collection.defaultEnvironment?.name) == environment.name
                return PaletteItem(target: .environment(collection: collection.slug, name: environment.name),
                                   text: TerminalSafeText.sanitize("environment \(environment.name)  \(collection.name)"),
                                   note: inUse ? "in use" : "", id: "env:\(collection.slug)/\(environment.name)")
            }
        }
    }

    /// One row per kept exchange: method, URL and request; its status and age beside.
    static func exchangeItems(_ entries: [HistoryEntry], now: Date) -> [PaletteItem] {
        entries.map { entry in
            let outcome = entry.status.map(String.init) ?? "✗"
            let text = TerminalSafeText.sanitize("\(entry.method) \(entry.url)" + (entry.reference.map { "  \($0)" } ?? ""))
            return PaletteItem(target: .exchange(entry.id), text: text,
                               note: "#\(entry.id) \(outcome) \(MeasurementText.timestamp(entry.sentAt, relativeTo: now))", id: "history:\(entry.id)")
        }
    }
}
