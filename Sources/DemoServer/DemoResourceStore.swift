import Foundation

/// One in-memory REST resource (`/users`, `/posts`, `/todos`): records with an integer `id`.
struct DemoResourceStore: Sendable {
    private(set) var records: [DemoJSON]
    private var nextID: Int

    init(records: [DemoJSON]) {
        self.records = records
        nextID = records.count + 1
    }

    /// The record with `id`, if any.
    func record(id: Int) -> DemoJSON? {
        records.first { $0["id"] == .number(String(id)) }
    }

    /// Stores a new record with the next id and returns it.
    mutating func create(_ body: DemoJSON) -> DemoJSON {
        let record = DemoJSON.object([("id", .number(String(nextID)))]).merging(body)
        nextID += 1
        records.append(record)
        return record
    }

    /// Replaces a record's fields (PUT) or merges them (PATCH); nil when there is no such record.
    mutating func update(id: Int, with body: DemoJSON, merge: Bool) -> DemoJSON? {
        guard let index = records.firstIndex(where: { $0["id"] == .number(String(id)) }) else { return nil }
        let base = merge ? records[index] : DemoJSON.object([("id", .number(String(id)))])
        let updated = base.merging(body).setting("id", .number(String(id)))
        records[index] = updated
        return updated
    }

    /// Removes a record; false when there was none.
    mutating func delete(id: Int) -> Bool {
        guard let index = records.firstIndex(where: { $0["id"] == .number(String(id)) }) else { return false }
        records.remove(at: index)
        return true
    }

    /// The resources the demo API starts with.
    static func seeded() -> [String: DemoResourceStore] {
        let names = [("Ada Lovelace", "ada"), ("Grace Hopper", "grace"), ("Alan Turing", "alan"),
                     ("Katherine Johnson", "katherine"), ("Edsger Dijkstra", "edsger")]
        let users: [DemoJSON] = names.enumerated().map { index, name in
            .object([("id", .number(String(index + 1))), ("name", .string(name.0)), ("username", .string(name.1)),
                     ("email", .string("\(name.1)@example.com"))])
        }
        let posts: [DemoJSON] = (1...10).map { id in
            .object([("id", .number(String(id))), ("userId", .number(String((id - 1) % 5 + 1))),
                     ("title", .string("Post number \(id)")), ("body", .string("The body of post \(id).\nIt has two lines."))])
        }
        let todos: [DemoJSON] = (1...10).map { id in
            .object([("id", .number(String(id))), ("userId", .number(String((id - 1) % 5 + 1))),
                     ("title", .string("Todo \(id)")), ("completed", .bool(id % 3 == 0))])
        }
        return ["users": DemoResourceStore(records: users), "posts": DemoResourceStore(records: posts),
                "todos": DemoResourceStore(records: todos)]
    }
}

extension DemoJSON {
    /// This object with every field of `other` set on it; `other` replaces it when either is not an object.
    func merging(_ other: DemoJSON) -> DemoJSON {
        guard case .object = self, case let .object(pairs) = other else { return other }
        return pairs.reduce(self) { $0.setting($1.0, $1.1) }
    }
}
