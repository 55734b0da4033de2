import ExplorerCore

/// The shell's side of the overlays: what they may read, and carrying out their answers (which belong to the tree,
/// the request, the session or history, not to the overlay that asked).
extension ExplorerModel {
    /// What an overlay's update and render get of the explorer under it.
    public var overlayContext: OverlayContext {
        let collection = currentCollection
        return OverlayContext(pane: paneContext, collection: collection, activeEnvironment: collection.flatMap { environment(of: $0)?.name },
                              comparisonCandidates: comparisonCandidates, captures: session.captures, selectedRequest: tree.selectedRequestKey)
    }

    /// Carries out what an overlay answered.
    mutating func answer(_ reply: ModalReply) -> [AppEffect] {
        switch reply {
        case .handled:
            return []
        case .closed:
            modal = nil
            return []
        case .quit:
            return [.quit]
        case .help:
            modal = .help(scroll: 0)
            return []
        case let .submitted(dialog):
            modal = nil
            switch dialog {
            case let .form(form): return submitForm(form)
            case let .picker(picker): return choose(picker)
            case let .confirmation(confirmation): return confirm(confirmation)
            }
        case let .pickedEnvironment(index):
            modal = nil
            guard let collection = currentCollection, collection.environments.indices.contains(index) else { return [] }
            session.activeEnvironment[collection.slug] = collection.environments[index].name
            status = "Environment: \(collection.environments[index].name)"
            return []
        case let .saveCaptures(index):
            guard let collection = currentCollection, collection.environments.indices.contains(index) else { return [] }
            return saveCaptures(collection, environment: collection.environments[index])
        case let .importCommand(text):
            return importCommand(text)
        case let .compareWith(index):
            return compare(with: index)
        case let .nextFormat(format):
            return exportRequest(format)
        case let .backToHistory(panel):
            // Read again: an answer that came while the comparison was open was dropped.
            modal = .history(panel)
            return listHistory()
        case .relist:
            return listHistory()
        case let .openExchange(id):
            modal = nil
            return openExchange(id)
        case let .replay(entry):
            modal = nil
            return replay(entry)
        case let .compare(panel):
            return compareExchanges(panel)
        }
    }

    /// Sends the selected request in the active environment and in the candidate `index`, and compares the two.
    private mutating func compare(with index: Int) -> [AppEffect] {
        let candidates = comparisonCandidates
        guard case let .tool(_, back)? = modal, candidates.indices.contains(index), let first = selectedResolver else {
            modal = nil
            return []
        }
        var second = first
        second.environment = candidates[index]
        let id = takeSendID()
        modal = .tool(.comparing(id: id, first: first.environment?.name ?? "none", second: candidates[index].name), returnTo: back)
        return [.compare(id: id, first: first, second: second)]
    }
}
