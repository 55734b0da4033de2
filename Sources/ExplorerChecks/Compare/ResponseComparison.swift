import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ExplorerCore

/// The differences between two responses to the same request: status, headers and body.
public struct ResponseComparison: Sendable {
    /// Headers left out of the comparison because they differ on every response (lower-cased).
    public static let alwaysDifferentHeaders: Set<String> = ["date"]

    /// The first response's status code.
    public let firstStatus: Int
    /// The second response's status code.
    public let secondStatus: Int
    /// Header differences, by header name.
    public let headers: [HeaderDifference]
    /// How the bodies differ.
    public let body: BodyComparison
    /// The headers that were not compared, as given.
    public let ignoredHeaders: [String]

    /// Compares two responses given as status, headers and body; `ignoring` names headers not to compare.
    public init(firstStatus: Int, firstHeaders: HTTPHeaders, firstBody: Data, secondStatus: Int, secondHeaders: HTTPHeaders,
                secondBody: Data, ignoring: [String] = ["Date"]) {
        self.firstStatus = firstStatus
        self.secondStatus = secondStatus
        self.ignoredHeaders = ignoring
        let ignored = Set(ignoring.map { $0.lowercased() })
        func table(_ headers: HTTPHeaders) -> [String: (name: String, value: String)] {
            var result: [String: (name: String, value: String)] = [:]
            for field in headers where !ignored.contains(field.name.lowercased()) && result[field.name.lowercased()] == nil {
                // Repeated fields (several Set-Cookie) compare as one line, as they were shown before they were kept apart.
                result[field.name.lowercased()] = (field.name, headers.values(for: field.name).joined(separator: ", "))
            }
            return result
        }
        let a = table(firstHeaders)
        let b = table(secondHeaders)
        var differences: [HeaderDifference] = []
        for key in Set(a.keys).union(b.keys).sorted() {
            switch (a[key], b[key]) {
            case let (old?, new?) where old.value != new.value: differences.append(.changed(name: old.name, from: old.value, to: new.value))
            case let (old?, nil): differences.append(.onlyInFirst(name: old.name, value: old.value))
            case let (nil, new?): differences.append(.onlyInSecond(name: new.name, value: new.value))
            default: break
            }
        }
        self.headers = differences
        self.body = BodyComparison(Array(firstBody), Array(secondBody))
    }

    /// Compares two responses; `ignoring` names headers not to compare.
    public init(_ first: Request.Response, _ second: Request.Response, ignoring: [String] = ["Date"]) {
        self.init(firstStatus: first.statusCode, firstHeaders: first.headers, firstBody: first.data,
                  secondStatus: second.statusCode, secondHeaders: second.headers, secondBody: second.data, ignoring: ignoring)
    }

    /// True when status, compared headers and body are all the same.
    public var isIdentical: Bool { firstStatus == secondStatus && headers.isEmpty && body.isIdentical }

    /// A one-line summary of one side: `local  GET http://…  200 OK  12 ms  345 B`.
    public static func title(label: String, response: Request.Response) -> String {
        let url = response.request.url?.absoluteString ?? response.request.baseURLString
        return "\(label)  \(response.request.httpMethod.rawValue) \(url)  \(response.statusCode) \(response.reasonPhrase)  "
            + "\(MeasurementText.duration(response.duration))  \(MeasurementText.byteCount(response.byteCount))"
    }

    /// The report: `--- first` and `+++ second` title lines, then status, headers and body, where `-` marks what only
    /// the first has, `+` what only the second has and `~` a value that changed. At most `limit` differences are
    /// listed per section. Every line is masked and made safe for a terminal.
    public func report(firstTitle: String, secondTitle: String, masker: SecretMasker, limit: Int = 200) -> [ComparisonLine] {
        var lines = [ComparisonLine(.removed, "--- " + firstTitle), ComparisonLine(.added, "+++ " + secondTitle)]
        if firstStatus == secondStatus {
            lines.append(ComparisonLine(.same, "Status: same (\(firstStatus) \(HTTPStatus.reasonPhrase(for: firstStatus)))"))
        } else {
            lines.append(ComparisonLine(.heading, "Status: differs"))
            lines.append(ComparisonLine(.changed, "  ~ \(firstStatus) \(HTTPStatus.reasonPhrase(for: firstStatus)) → \(secondStatus) \(HTTPStatus.reasonPhrase(for: secondStatus))"))
        }
        let ignoring = ignoredHeaders.isEmpty ? "" : " (not compared: \(ignoredHeaders.joined(separator: ", ")))"
        if headers.isEmpty {
            lines.append(ComparisonLine(.same, "Headers: same" + ignoring))
        } else {
            lines.append(ComparisonLine(.heading, "Headers: \(ResponseComparison.count(headers.count, "difference"))" + ignoring))
            for difference in headers.prefix(limit) {
                switch difference {
                case let .changed(name, from, to): lines.append(ComparisonLine(.changed, "  ~ \(name): \(ResponseComparison.clip(from)) → \(ResponseComparison.clip(to))"))
                case let .onlyInFirst(name, value): lines.append(ComparisonLine(.removed, "  - \(name): \(ResponseComparison.clip(value))"))
                case let .onlyInSecond(name, value): lines.append(ComparisonLine(.added, "  + \(name): \(ResponseComparison.clip(value))"))
                }
            }
            lines += ResponseComparison.more(headers.count, limit)
        }
        lines += bodyReport(limit: limit)
        return lines.map { ComparisonLine($0.kind, TerminalSafeText.sanitize(masker.mask($0.text))) }
    }

    private func bodyReport(limit: Int) -> [ComparisonLine] {
        switch body {
        case .identical:
            return [ComparisonLine(.same, "Body: same")]
        case let .json(differences) where differences.isEmpty:
            return [ComparisonLine(.same, "Body (JSON): same values (only formatting or key order differ)")]
        case let .json(differences):
            var lines = [ComparisonLine(.heading, "Body (JSON): \(ResponseComparison.count(differences.count, "difference"))")]
            for difference in differences.prefix(limit) {
                switch difference {
                case let .changed(path, from, to):
                    lines.append(ComparisonLine(.changed, "  ~ \(path): \(ResponseComparison.clip(from.compactText)) → \(ResponseComparison.clip(to.compactText))"))
                case let .added(path, value): lines.append(ComparisonLine(.added, "  + \(path): \(ResponseComparison.clip(value.compactText))"))
                case let .removed(path, value): lines.append(ComparisonLine(.removed, "  - \(path): \(ResponseComparison.clip(value.compactText))"))
                case let .lengthChanged(path, from, to):
                    lines.append(ComparisonLine(.changed, "  ~ \(path): \(ResponseComparison.count(from, "element")) → \(to)"))
                }
            }
            return lines + ResponseComparison.more(differences.count, limit)
        case let .text(differences) where differences.isEmpty:
            return [ComparisonLine(.same, "Body (text): same lines (only line endings differ)")]
        case let .text(differences):
            var lines = [ComparisonLine(.heading, "Body (text): \(ResponseComparison.count(differences.count, "line")) differ")]
            for difference in differences.prefix(limit) {
                switch difference {
                case let .removed(line, text): lines.append(ComparisonLine(.removed, "  - \(line): \(ResponseComparison.clip(text))"))
                case let .added(line, text): lines.append(ComparisonLine(.added, "  + \(line): \(ResponseComparison.clip(text))"))
                }
            }
            return lines + ResponseComparison.more(differences.count, limit)
        case let .binary(firstSize, secondSize):
            return [ComparisonLine(.heading, "Body (binary): differs"),
                    ComparisonLine(.changed, "  ~ \(MeasurementText.byteCount(firstSize)) → \(MeasurementText.byteCount(secondSize))")]
        }
    }

    private static func more(_ count: Int, _ limit: Int) -> [ComparisonLine] {
        count > limit ? [ComparisonLine(.note, "  … and \(count - limit) more")] : []
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Long values are cut so each difference stays on one line.
    private static func clip(_ text: String, to length: Int = 160) -> String {
        text.count > length ? String(text.prefix(length)) + "…" : text
    }
}
