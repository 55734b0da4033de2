/// Which schema a GraphQL request uses: its collection, the environment in use and its URL as written
/// (`{{baseURL}}/graphql`). The environment decides where the URL points, so a schema is cached per environment; the
/// URL keeps two GraphQL APIs of one collection apart.
public struct GraphQLSchemaKey: Sendable, Hashable {
    /// The collection's slug.
    public var collection: String
    /// The environment in use, or nil for none.
    public var environment: String?
    /// The request's URL as written, before variables are resolved.
    public var url: String

    /// Creates a key.
    public init(collection: String, environment: String?, url: String) {
        self.collection = collection
        self.environment = environment
        self.url = url
    }

    /// The cache file's path under the cache directory: `COLLECTION/ENVIRONMENT/HASH.json`, the hash of the URL
    /// (FNV-1a, stable across runs, unlike `hashValue`) keeping the name safe for any URL.
    public var relativePath: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return GraphQLSchemaKey.safe(collection) + "/" + GraphQLSchemaKey.safe(environment ?? "(none)") + "/"
            + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }

    /// A name as one path component: anything but letters, digits, `-`, `_` and `.` becomes `_`, and `..` cannot climb.
    private static func safe(_ name: String) -> String {
        let mapped = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
        return mapped.isEmpty || mapped.allSatisfy({ $0 == "." }) ? "_" + mapped : mapped
    }
}
