import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// Creating, duplicating, renaming, moving and deleting requests and folders from the tree.
extension ExplorerModel {
    /// The folder the tree cursor is in: the collection or folder under it, or the folder of the request under it.
    /// `key` is its tree key (`collection/folder/...`).
    var folderAtCursor: (folder: FolderSpec, key: RequestKey)? {
        let rows = treeRows
        guard rows.indices.contains(tree.cursor), collections.indices.contains(rows[tree.cursor].collectionIndex) else {
            return collections.first.map { ($0.root, RequestKey($0.slug)) }
        }
        let row = rows[tree.cursor]
        let collection = collections[row.collectionIndex]
        switch row.kind {
        case .collection, .problem: return (collection.root, RequestKey(collection.slug))
        case let .folder(path): return folder(in: collection, path: path).map { ($0, row.key) }
        case let .request(path):
            let parent = Array(path.dropLast())
            return folder(in: collection, path: parent).map { ($0, RequestKey(collection: collection.slug, path: parent)) }
        }
    }

    /// The tree key of the folder (or collection) holding the row `key`.
    static func parentKey(of key: RequestKey) -> RequestKey {
        key.parent ?? RequestKey(slugs: [])
    }

    /// The folder at `path` (slugs) below `collection`.
    func folder(in collection: CollectionSpec, path: [String]) -> FolderSpec? {
        var folder = collection.root
        for slug in path {
            guard let next = folder.folders.first(where: { $0.slug == slug }) else { return nil }
            folder = next
        }
        return folder
    }

    /// The folder with tree key `key`.
    func folder(forKey key: RequestKey) -> FolderSpec? {
        let parsed = key
        guard let collection = collections.first(where: { $0.slug == parsed.collection }) else { return nil }
        return folder(in: collection, path: parsed.path)
    }

    /// The request under the tree cursor, with its key.
    private var requestAtCursor: (request: RequestSpec, key: RequestKey)? {
        let rows = treeRows
        guard rows.indices.contains(tree.cursor), rows[tree.cursor].method != nil,
              let request = savedRequest(rows[tree.cursor].key) else { return nil }
        return (request, rows[tree.cursor].key)
    }

    /// Every folder of the collection holding `key`, as (tree key, shown path).
    func folders(ofCollectionHolding key: RequestKey) -> [(key: RequestKey, title: String)] {
        let slug = key.collection
        guard let collection = collections.first(where: { $0.slug == slug }) else { return [] }
        func walk(_ folder: FolderSpec, key: RequestKey, title: String) -> [(RequestKey, String)] {
            [(key, title)] + folder.folders.flatMap { walk($0, key: key.appending($0.slug), title: title + "/" + $0.name) }
        }
        return walk(collection.root, key: RequestKey(collection.slug), title: collection.name)
    }

    /// Starts a tree action: a form, a picker or a question for the row under the cursor.
    mutating func treeEdit(_ action: AppAction) {
        switch action {
        case .newRequest, .newFolder:
            // With no collection yet, N makes the first one.
            if action == .newFolder, collections.isEmpty { return openNewCollection() }
            guard let target = folderAtCursor else {
                let offers = [keyMap.keyLabel(for: .newFolder, focus: .tree).map { "\($0) creates one" },
                              keyMap.keyLabel(for: .addDemo, focus: .tree).map { "\($0) adds the bundled Demo" }].compactMap { $0 }
                status = "There is no collection to add to" + (offers.isEmpty ? "." : ": " + offers.joined(separator: ", ") + ".")
                return
            }
            if action == .newRequest {
                modal = .dialog(.form(NameForm(title: " New request in \(target.folder.name) ", fields: [("Name", ""), ("File name", "")],
                                        purpose: .newRequest(folder: target.key),
                                        note: "Tab: next field · Enter: create · Esc: cancel · the file name defaults to the name")))
            } else if treeRows.indices.contains(tree.cursor), treeRows[tree.cursor].kind == .collection {
                // On a collection row N could mean a folder in it or another collection beside it: ask.
                modal = .dialog(.picker(ListPicker(title: " New ", options: ["Folder in \(target.folder.name)", "Collection beside \(target.folder.name)"],
                                                   selected: nil, purpose: .newAtTop(key: target.key))))
            } else {
                openNewFolder(in: target)
            }
        case .duplicateRequest, .renameRequest, .moveRequest, .deleteRequest:
            guard let (request, key) = requestAtCursor else {
                status = "Put the cursor on a request first."
                return
            }
            switch action {
            case .duplicateRequest:
                modal = .dialog(.form(NameForm(title: " Duplicate \(request.name) ", fields: [("Name", request.name + " copy")],
                                        purpose: .duplicate(key: key), note: "The copy is of the file as saved · Enter: create · Esc: cancel")))
            case .renameRequest:
                modal = .dialog(.form(NameForm(title: " Rename \(request.name) ", fields: [("Name", request.name), ("Rename file (y/n)", "n")],
                                        purpose: .rename(key: key), note: "y renames \(PathText.lastComponent(request.file)) to match · Enter: rename · Esc: cancel")))
            case .moveRequest:
                let folders = folders(ofCollectionHolding: key)
                let current = ExplorerModel.parentKey(of: key)
                modal = .dialog(.picker(ListPicker(title: " Move \(request.name) to ", options: folders.map(\.title),
                                            selected: folders.first { $0.key == current }?.title, purpose: .moveRequest(key: key))))
            default:
                modal = .dialog(.confirmation(Confirmation(title: " Delete ", message: "Delete \(request.name) (\(PathText.lastComponent(request.file)))?",
                                                    purpose: .deleteRequest(key: key))))
            }
        default: break
        }
    }

    /// Asks for a new folder's name in `target`.
    private mutating func openNewFolder(in target: (folder: FolderSpec, key: RequestKey)) {
        modal = .dialog(.form(NameForm(title: " New folder in \(target.folder.name) ", fields: [("Name", "")],
                                purpose: .newFolder(folder: target.key), note: "Enter: create · Esc: cancel")))
    }

    /// Where a new collection goes: the collections directory shown, else beside the first collection.
    var newCollectionDirectory: String? {
        tree.collectionsDirectory ?? collections.first.map { PathText.deletingLastComponent($0.directory) }
    }

    /// Asks for a new collection's name, first environment and its base URL.
    mutating func openNewCollection() {
        guard let directory = newCollectionDirectory else {
            status = "There is no collections directory to create it in; start apiexplorer with --collections DIR."
            return
        }
        modal = .dialog(.form(NameForm(title: " New collection in \(directory) ", fields: [("Name", ""), ("Environment", "local"), ("Base URL", "")],
                                purpose: .newCollection(directory: directory),
                                note: "The base URL requests in that environment go to, such as https://api.example.com · Tab: next field · Enter: create · Esc: cancel")))
    }

    /// Asks for the Postman or Insomnia export, HAR file or `.http` file to import as a collection.
    mutating func openFileImport() {
        guard let directory = newCollectionDirectory else {
            status = "There is no collections directory to import into; start apiexplorer with --collections DIR."
            return
        }
        modal = .dialog(.form(NameForm(title: " Import a file into \(directory) ", fields: [("File", "")], purpose: .importFile(directory: directory),
                                note: "A Postman or Insomnia export (.json), an OpenAPI description (.yaml, .json), a HAR file (.har) or a .http/.rest file (http-client.env.json beside it gives its environments) · Enter: import · Esc: cancel")))
    }

    /// O: writes the bundled Demo collection beside the others (its local environment starts the demo API inside
    /// apiexplorer, so it works offline).
    mutating func addDemo() -> [AppEffect] {
        if let demo = collections.first(where: { $0.slug.lowercased() == BundledDemo.slug.lowercased() }) {
            status = "\(demo.name) is already here (\(demo.directory))."
            return []
        }
        guard let directory = newCollectionDirectory else {
            status = "There is no collections directory to add it to; start apiexplorer with --collections DIR."
            return []
        }
        status = "Adding the bundled Demo to \(directory)…"
        return [.addDemo(directory: directory)]
    }

    /// True for a base URL a new environment can start with: http or https and something after it, or the built-in demo.
    static func isBaseURL(_ text: String) -> Bool {
        guard text != EnvironmentSpec.builtInDemo else { return true }
        let lowered = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return false }
        return text.count > scheme.count && !text.contains { $0.isWhitespace || DisplayWidth.isControl($0) }
    }

    /// Enter in a name form: checks the fields and asks the run loop to change the files.
    mutating func submitForm(_ form: NameForm) -> [AppEffect] {
        let name = form.value(0)
        func invalid(_ text: String) -> Bool { text.contains { DisplayWidth.isControl($0) } }
        switch form.purpose {
        case let .newRequest(folderKey):
            guard !name.isEmpty || !form.value(1).isEmpty else { return keep(form, "A request needs a name. Esc cancels.") }
            guard let folder = folder(forKey: folderKey) else { return keep(form, "That folder is gone (reloaded?). Esc cancels.") }
            modal = nil
            return [.changeTree(.newRequest(name: name, fileName: form.value(1), in: folder), select: .newIn(folderKey), movedFrom: nil)]
        case let .newFolder(folderKey):
            guard !name.isEmpty else { return keep(form, "A folder needs a name. Esc cancels.") }
            guard let folder = folder(forKey: folderKey) else { return keep(form, "That folder is gone (reloaded?). Esc cancels.") }
            modal = nil
            return [.changeTree(.newFolder(name: name, in: folder), select: .newIn(folderKey), movedFrom: nil)]
        case let .duplicate(key):
            guard !name.isEmpty else { return keep(form, "The copy needs a name. Esc cancels.") }
            let parent = ExplorerModel.parentKey(of: key)
            guard let request = savedRequest(key), let folder = folder(forKey: parent) else { return keep(form, "That request is gone. Esc cancels.") }
            modal = nil
            return [.changeTree(.duplicate(request, name: name, in: folder), select: .newIn(parent), movedFrom: nil)]
        case let .rename(key):
            guard !name.isEmpty, !invalid(name) else { return keep(form, "A request needs a name. Esc cancels.") }
            let parent = ExplorerModel.parentKey(of: key)
            guard let request = savedRequest(key), let folder = folder(forKey: parent) else { return keep(form, "That request is gone. Esc cancels.") }
            let renameFile = form.value(1).lowercased().hasPrefix("y")
            modal = nil
            return [.changeTree(.rename(request, name: name, renameFile: renameFile, in: folder), select: .newIn(parent), movedFrom: key)]
        case .saveBody:
            return saveBodySubmitted(form)
        case let .closeWebSocket(id):
            return closeSubmitted(form, id: id)
        case let .saveMessage(key):
            return saveMessageSubmitted(form, key: key)
        case let .importFile(directory):
            guard !name.isEmpty else { return keep(form, "File: give the path of a Postman or Insomnia export (.json), a HAR file or a .http file. Esc cancels.") }
            modal = nil
            status = "Importing \(name)…"
            return [.importFile(path: name, directory: directory)]
        case let .newCollection(directory):
            guard !name.isEmpty, !invalid(name) else { return keep(form, "Name: a collection needs a name. Esc cancels.", field: 0) }
            let slug = ImportSlug.make(name, fallback: "collection")
            if let existing = collections.first(where: { $0.slug.lowercased() == slug.lowercased() }) {
                return keep(form, "Name: \(existing.name) is already there as \(slug); choose another name. Esc cancels.", field: 0)
            }
            let environment = form.value(1)
            guard !environment.isEmpty, !invalid(environment) else {
                return keep(form, "Environment: give it a name, such as local or staging. Esc cancels.", field: 1)
            }
            let baseURL = form.value(2)
            guard ExplorerModel.isBaseURL(baseURL) else {
                return keep(form, "Base URL: give one starting with http:// or https://, such as https://api.example.com. Esc cancels.", field: 2)
            }
            modal = nil
            return [.createCollection(name: name, environment: EnvironmentSpec(name: environment, baseURL: baseURL, isDefault: true),
                                      directory: directory)]
        case let .importCurl(folderKey, request):
            guard let folder = folder(forKey: folderKey) else { return keep(form, "That folder is gone. Esc cancels.") }
            var named = request
            if !name.isEmpty {
                named.name = name
                named.slug = name
            }
            modal = nil
            let collection = folderKey.collection
            return [.addRequest(collection: collection, request: named, folder: folder)]
        }
    }

    /// Keeps the form open with `message`, the cursor in `field` (the one the message names) when given: Enter is
    /// done from any field, so a refusal takes the user to what needs filling in.
    mutating func keep(_ form: NameForm, _ message: String, field: Int? = nil) -> [AppEffect] {
        var form = form
        if let field, form.fields.indices.contains(field) { form.focused = field }
        modal = .dialog(.form(form))
        status = message
        return []
    }

    /// The pane to work in after `change`: a new request is empty, so its URL, in the request pane, comes next.
    public static func focus(after change: TreeChange) -> Focus {
        if case .newRequest = change { return .request }
        return .tree
    }

    /// The files changed: the collections as read again, the new or moved request selected, its edits kept.
    mutating func treeChanged(_ result: CollectionLoadResult, select: RequestKey?, movedFrom: RequestKey?, message: String,
                              focus: Focus = .tree) -> [AppEffect] {
        let oldBase = movedFrom.flatMap { savedRequest($0) }
        let moved = movedFrom.flatMap { requestEditor.drafts.removeValue(forKey: $0)?.edited }
        reloaded(result)
        if let select {
            // A filter that hides the new or moved request would leave the user looking for it.
            if !tree.filter.isEmpty, !treeRows.contains(where: { $0.key == select }) { tree.filter = "" }
            tree.reveal(select)
            // A new collection opens, ready for n.
            if select.slugs.count == 1 { tree.expanded.insert(select) }
            if let row = treeRows.firstIndex(where: { $0.key == select }) {
                tree.cursor = row
                syncSelectionWithCursor(strict: true)
            }
            if let moved, let oldBase, let theirs = savedRequest(select) {
                let merged = RequestMerge.merge(ours: moved, base: oldBase, theirs: theirs)
                requestEditor.setEdited(merged == theirs ? nil : merged, for: select)
            }
        }
        if let movedFrom, tree.selectedRequestKey == movedFrom { tree.selectedRequestKey = select }
        // The response on screen belongs to the request under its new name and place.
        if let movedFrom, responseView.key == movedFrom { responseView.key = select }
        // Focus goes to the request pane only when the new request is the one selected, so its keys apply to it.
        self.focus = focus == .request && select != nil && tree.selectedRequestKey == select ? .request : .tree
        status = message
        return []
    }

    /// y in a confirmation.
    mutating func confirm(_ confirmation: Confirmation) -> [AppEffect] {
        modal = nil
        switch confirmation.purpose {
        case let .deleteRequest(key):
            guard let request = savedRequest(key) else { return [] }
            requestEditor.drafts[key] = nil
            if tree.selectedRequestKey == key { tree.selectedRequestKey = nil }
            let parent = ExplorerModel.parentKey(of: key)
            return [.changeTree(.delete(request), select: .key(parent), movedFrom: nil)]
        case .sendInvalidJSON:
            return send(confirmed: true)
        case let .trustCollection(list):
            session.trustedLists[list.directory] = list.fingerprint
            return [.trustCollection(list)] + send(confirmed: true)
        case let .replaceWithCurl(key, request):
            return inRequest { pane in
                pane.replace(key, with: request)
                return []
            }
        }
    }

    /// Enter in a picker.
    mutating func choose(_ picker: ListPicker) -> [AppEffect] {
        modal = nil
        switch picker.purpose {
        case .method, .bodyKind, .authKind, .grpcMethod:
            return inRequest { pane in
                pane.choose(picker)
                return []
            }
        case let .savedMessage(key):
            return sendSavedMessage(picker.selection, key: key)
        case let .moveRequest(key):
            let folders = folders(ofCollectionHolding: key)
            guard folders.indices.contains(picker.selection), let request = savedRequest(key),
                  let target = folder(forKey: folders[picker.selection].key) else { return [] }
            let current = ExplorerModel.parentKey(of: key)
            guard folders[picker.selection].key != current else {
                status = "\(request.name) is already in \(target.name)."
                return []
            }
            return [.changeTree(.move(request, to: target), select: .key(folders[picker.selection].key.appending(request.slug)), movedFrom: key)]
        case let .newAtTop(key):
            if picker.selection == 0, let folder = folder(forKey: key) { openNewFolder(in: (folder, key)) } else { openNewCollection() }
        }
        return []
    }

}
