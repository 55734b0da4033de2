/// Where a request or folder is in the collections: the collection's slug, then the folders' slugs, then the request's
/// (`Demo/users/get-user`). The tree, drafts, history and the palette name requests by it; its text is the reference
/// `send` and `run` take.
public struct RequestKey: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The slugs, the collection's first.
    public var slugs: [String]

    /// The key of `slugs` (the collection's first).
    public init(slugs: [String]) {
        self.slugs = slugs
    }

    /// The key written as text, slugs joined by `/`.
    public init(_ text: String) {
        slugs = text.split(separator: "/").map(String.init)
    }

    /// The key written as a literal.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The key of the item at `path` (folder and request slugs) in the collection `collection`.
    public init(collection: String, path: [String]) {
        slugs = [collection] + path
    }

    /// The collection's slug.
    public var collection: String { slugs.first ?? "" }
    /// The slugs below the collection (folders, then the request's).
    public var path: [String] { Array(slugs.dropFirst()) }
    /// The key of the folder (or collection) holding this item; nil for a collection.
    public var parent: RequestKey? { slugs.count > 1 ? RequestKey(slugs: Array(slugs.dropLast())) : nil }
    /// The keys of the collection and folders above this item, outermost first.
    public var ancestors: [RequestKey] { (1..<max(1, slugs.count)).map { RequestKey(slugs: Array(slugs.prefix($0))) } }
    /// The key of `slug` inside this folder.
    public func appending(_ slug: String) -> RequestKey { RequestKey(slugs: slugs + [slug]) }
    /// The key as text, slugs joined by `/`.
    public var description: String { slugs.joined(separator: "/") }
}
