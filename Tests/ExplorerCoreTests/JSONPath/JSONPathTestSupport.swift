@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation

/// Shared documents and helpers for the JSONPath tests.
enum JSONPathTestSupport {
    /// The bookstore document of RFC 9535 section 1.5.
    static let bookstore = """
    { "store": {
        "book": [
          { "category": "reference",
            "author": "Nigel Rees",
            "title": "Sayings of the Century",
            "price": 8.95
          },
          { "category": "fiction",
            "author": "Evelyn Waugh",
            "title": "Sword of Honour",
            "price": 12.99
          },
          { "category": "fiction",
            "author": "Herman Melville",
            "title": "Moby Dick",
            "isbn": "0-553-21311-3",
            "price": 8.99
          },
          { "category": "fiction",
            "author": "J. R. R. Tolkien",
            "title": "The Lord of the Rings",
            "isbn": "0-395-19395-8",
            "price": 22.99
          }
        ],
        "bicycle": {
          "color": "red",
          "price": 399
        }
      }
    }
    """

    /// The filter example document of RFC 9535 section 2.3.5.3.
    static let filterExample = """
    {"a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}],
     "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}},
     "e": "f"}
    """

    /// The compact JSON of each value `path` selects in `json`.
    static func values(_ path: String, in json: String) throws -> [String] {
        try JSONPath(path).select(in: Data(json.utf8)).map(\.value)
    }

    /// The normalized path of each value `path` selects in `json`.
    static func paths(_ path: String, in json: String) throws -> [String] {
        try JSONPath(path).select(in: Data(json.utf8)).map(\.path)
    }

    /// The error parsing `path` throws, or nil if it parses.
    static func parseError(_ path: String) -> JSONPathError? {
        do {
            _ = try JSONPath(path)
            return nil
        } catch {
            return error
        }
    }
}
