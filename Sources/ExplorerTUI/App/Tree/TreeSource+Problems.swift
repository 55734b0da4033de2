import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The files that did not load (or loaded with warnings), as rows of the tree below their collection.
extension TreeSource {
    /// The indices of `problems` in files inside collection `index`'s directory, or, for `nil`, in no loaded collection
    /// (a collection whose `collection.yaml` is broken).
    func problemIndices(in index: Int?) -> [Int] {
        problems.indices.filter { owner(of: problems[$0]) == index }
    }

    /// Tree rows for the broken files of collection `index` (below its requests), or for `nil` those of no collection.
    func problemRows(in index: Int?) -> [TreeRow] {
        problemIndices(in: index).map { problemIndex in
            let problem = problems[problemIndex]
            var location = problem.location
            location.file = shortPath(problem.location.file, in: index)
            return TreeRow(kind: .problem(problemIndex), collectionIndex: index ?? 0, depth: index == nil ? 0 : 1,
                           title: location.description, method: nil, key: RequestKey("\u{0}problem/\(problemIndex)"))
        }
    }

    private func owner(of problem: CollectionProblem) -> Int? {
        collections.indices.first { collections[$0].holds(file: problem.location.file) }
    }

    /// The file relative to its collection, or its last two path components when it belongs to none.
    private func shortPath(_ file: String, in index: Int?) -> String {
        if let index {
            let directory = collections[index].directory
            let relative = String(file.dropFirst(directory.count)).drop { $0 == "/" }
            return relative.isEmpty ? PathText.lastComponent(file) : String(relative)
        }
        return file.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
