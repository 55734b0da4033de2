import ExplorerWorkspace

/// Compares two JSON documents structurally: objects key by key, arrays element by element.
public enum JSONDiff {
    /// Every difference from `first` to `second`, objects' keys in name order, arrays' elements in index order.
    ///
    /// Arrays are compared by position: a different length is reported once, elements past the shorter one as
    /// added or removed, and the common elements one by one.
    public static func compare(_ first: JSONValue, _ second: JSONValue, path: String = "$") -> [JSONDifference] {
        switch (first, second) {
        case let (.object(a), .object(b)):
            var differences: [JSONDifference] = []
            for key in Set(a.keys).union(b.keys).sorted() {
                let child = JSONDiff.path(path, key: key)
                switch (a[key], b[key]) {
                case let (old?, new?): differences += compare(old, new, path: child)
                case let (old?, nil): differences.append(.removed(path: child, value: old))
                case let (nil, new?): differences.append(.added(path: child, value: new))
                case (nil, nil): break
                }
            }
            return differences
        case let (.array(a), .array(b)):
            var differences: [JSONDifference] = a.count == b.count ? [] : [.lengthChanged(path: path, from: a.count, to: b.count)]
            for index in 0..<max(a.count, b.count) {
                let child = "\(path)[\(index)]"
                if index >= b.count { differences.append(.removed(path: child, value: a[index])) }
                else if index >= a.count { differences.append(.added(path: child, value: b[index])) }
                else { differences += compare(a[index], b[index], path: child) }
            }
            return differences
        default:
            return first == second ? [] : [.changed(path: path, from: first, to: second)]
        }
    }

    /// `parent.key` for identifier-like keys, `parent["key"]` otherwise.
    static func path(_ parent: String, key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !(key.first?.isNumber ?? false)
        return plain ? "\(parent).\(key)" : "\(parent)[\(JSONValue.quoted(key))]"
    }
}
