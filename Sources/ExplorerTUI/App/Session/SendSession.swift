import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// What every send shares: the environment in use per collection, the command line's variables and headers, the
/// built-in demo's address, the values captured so far, the chain of needed requests in flight, send ids, and
/// whether history keeps what is sent.
public struct SendSession: Sendable {
    /// Active environment name per collection slug.
    public var activeEnvironment: [String: String] = [:]
    /// Variables set on the command line (`--set NAME=VALUE`), winning over every other definition.
    public var overrides: [Variable] = []
    /// Headers added on the command line (`--header 'Name: value'`) to every request sent.
    public var extraHeaders: [KeyValue] = []
    /// What the explorer's requests share between sends (cookie jars, OAuth tokens, Digest sessions, secrets read):
    /// the explore command's, which saves the jars when the explorer ends.
    public var context = SendContext()
    /// The demo API's address, once started.
    public var demoBaseURL: URL?
    /// Values captured from responses, by collection and environment (`captureKey`); they resolve `{{name}}` below `--set`.
    public var captures = CaptureStore()
    /// Requests still to send before the current one (its `needs` whose captures were missing), then the request itself.
    public var pendingNeeds: [RequestResolver] = []
    /// Id of the next send.
    public var nextSendID = 1
    /// The capture key (collection and environment) of the request in flight, for the values its response captures.
    public var sendCaptureKey: String?
    /// True while exchanges are being kept in history (it opened, and nothing has gone wrong with it).
    public var historyIsOn = false
    /// Why history is off, when something went wrong with it.
    public var historyProblem: String?
    /// Each collection file's (`collection.yaml`) bytes as last loaded, by path: an environment edit is not written
    /// over a file changed outside since.
    public var collectionFiles: [String: Data] = [:]

    /// Answers to `{{$prompt Label}}` given in this session, by label: each label is asked once.
    public var promptAnswers: [String: String] = [:]

    /// The fingerprints of the trust lists the user trusted (before, or in this session), by collection directory: a
    /// collection whose list still has that fingerprint may read and run what it lists.
    public var trustedLists: [String: String] = [:]
    /// `--trust`: every collection may read and run what it asks for, for this session only.
    public var trustsAll = false
    /// Palette rows picked and requests sent, most recent first (`PaletteItem.id`s): ties in the palette go to these.
    public var recentPicks: [String] = []
    /// The read of a kept exchange the Capture view is saving as a request, and the folder it goes into.
    public var pendingSave: (id: Int, folder: RequestKey)?

    /// Creates a session with nothing captured.
    public init() {}

    /// Keeps the collection files' bytes among `files` (a load's, by path) for `collections`.
    public mutating func takeCollectionFiles(_ files: [String: Data], of collections: [CollectionSpec]) {
        for collection in collections {
            for name in ["collection.yaml", "collection.yml", "collection.json"] {
                let path = PathText.appending(collection.directory, name)
                if let data = files[path] { collectionFiles[path] = data }
            }
        }
    }

    /// Puts `id` first among the recent picks, keeping the newest fifty.
    public mutating func remember(_ id: String) {
        recentPicks.removeAll { $0 == id }
        recentPicks.insert(id, at: 0)
        if recentPicks.count > 50 { recentPicks.removeLast(recentPicks.count - 50) }
    }

    /// The bytes of the collection file in `directory` as last loaded, if it was.
    public func collectionFile(in directory: String) -> Data? {
        ["collection.yaml", "collection.yml", "collection.json"].lazy.compactMap { collectionFiles[PathText.appending(directory, $0)] }.first
    }
}
