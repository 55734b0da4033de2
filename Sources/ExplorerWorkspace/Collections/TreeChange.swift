/// A change to the files of a collection made from the explorer's tree.
public enum TreeChange: Sendable, Equatable {
    /// A new request file `fileName` (made safe, `.yaml` added) named `name` in `folder`.
    case newRequest(name: String, fileName: String, in: FolderSpec)
    /// A new folder (directory) named `name` in `folder`.
    case newFolder(name: String, in: FolderSpec)
    /// A copy of `request`'s file, named `name`, beside it in `folder`.
    case duplicate(RequestSpec, name: String, in: FolderSpec)
    /// A new display name for `request`; with `renameFile`, its file takes a name made from it too.
    case rename(RequestSpec, name: String, renameFile: Bool, in: FolderSpec)
    /// `request`'s file moved into `folder`.
    case move(RequestSpec, to: FolderSpec)
    /// `request`'s file deleted.
    case delete(RequestSpec)
}
