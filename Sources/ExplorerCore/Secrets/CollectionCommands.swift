import Foundation

/// The `{{$command …}}` a collection's files hold and the SHA-256 of those files, which an approval is kept under.
public struct CollectionCommands: Sendable, Equatable {
    /// The collection's directory.
    public var directory: String
    /// Each command, once, in file order.
    public var commands: [String]
    /// SHA-256 (hex) of the files holding commands: their paths and bytes.
    public var digest: String

    /// The commands in the files below `directory` (YAML and JSON), nil when there are none.
    public static func scan(_ directory: String) -> CollectionCommands? {
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: directory) else { return nil }
        var files: [(String, Data)] = []
        while let relative = walker.nextObject() as? String {
            guard [".yaml", ".yml", ".json"].contains(where: { relative.hasSuffix($0) }),
                  let data = manager.contents(atPath: PathText.appending(directory, relative)),
                  data.range(of: Data(marker.utf8)) != nil else { continue }
            files.append((relative, data))
        }
        guard !files.isEmpty else { return nil }
        files.sort { $0.0 < $1.0 }
        var hashed: [UInt8] = []
        var commands: [String] = []
        for (relative, data) in files {
            hashed += Array(relative.utf8) + [0] + Array(data) + [0]
            for command in Self.commands(in: String(decoding: data, as: UTF8.self)) where !commands.contains(command) { commands.append(command) }
        }
        return CollectionCommands(directory: directory, commands: commands, digest: HexText.encode(SHA256Hash.hash(hashed)))
    }

    static let marker = "{{$command "

    /// The commands written in `text`, as `{{$command …}}` spells them.
    static func commands(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: marker) {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            found.append(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return found
    }
}
