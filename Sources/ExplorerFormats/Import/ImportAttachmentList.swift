/// The files an import's bodies name, each given one place in `_files/` that no other file takes: `_files/NAME`, else
/// `_files/2-NAME`, `_files/3-NAME`… The importers share it so that a file named many times, or many files with one
/// name, cost constant time each (a hostile collection with thousands of them once took minutes).
struct ImportAttachmentList {
    /// The attachments, in the order their files were first named.
    private(set) var items: [ImportAttachment] = []
    private var destinations: [String: String] = [:]
    private var taken: Set<String> = []
    /// Per file name, the counter to try next: every lower one is taken, and nothing is ever given back.
    private var nextCounter: [String: Int] = [:]

    /// The destination of the file at `path` (relative to the collection directory): the one it was given before,
    /// else the first free one for its name.
    mutating func destination(of path: String) -> String {
        if let existing = destinations[path] { return existing }
        let name = ImportAttachment.fileName(of: path)
        var destination = "_files/" + name
        if taken.contains(destination) {
            var counter = nextCounter[name] ?? 2
            repeat {
                destination = "_files/\(counter)-\(name)"
                counter += 1
            } while taken.contains(destination)
            nextCounter[name] = counter
        }
        taken.insert(destination)
        destinations[path] = destination
        items.append(ImportAttachment(sourcePath: path, destination: destination))
        return destination
    }
}
