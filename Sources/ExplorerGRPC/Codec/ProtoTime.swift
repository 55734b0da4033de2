/// `google.protobuf.Timestamp` and `Duration` in their JSON forms: RFC 3339 in UTC (`2023-11-14T22:13:20.120Z`) and
/// seconds with an `s` (`-1.500s`), with 0, 3, 6 or 9 fractional digits, in the ranges the types allow.
enum ProtoTime {
    /// 0001-01-01T00:00:00Z.
    static let minimumSeconds: Int64 = -62_135_596_800
    /// 9999-12-31T23:59:59Z.
    static let maximumSeconds: Int64 = 253_402_300_799
    /// About 10,000 years, the Duration type's bound.
    static let maximumDuration: Int64 = 315_576_000_000

    static func timestamp(seconds: Int64, nanos: Int32) -> String? {
        guard seconds >= minimumSeconds, seconds <= maximumSeconds, nanos >= 0, nanos < 1_000_000_000 else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(inDay / 3600, 2) + ":" + pad(inDay / 60 % 60, 2) + ":"
            + pad(inDay % 60, 2) + fraction(nanos) + "Z"
    }

    static func parseTimestamp(_ text: String) -> (seconds: Int64, nanos: Int32)? {
        let bytes = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int64? {
            guard start + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 20, let year = digits(0, 4), bytes[4] == 0x2D, let month = digits(5, 2), bytes[7] == 0x2D,
              let day = digits(8, 2), bytes[10] == 0x54 || bytes[10] == 0x74, let hour = digits(11, 2), bytes[13] == 0x3A,
              let minute = digits(14, 2), bytes[16] == 0x3A, let second = digits(17, 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var nanos: Int64 = 0
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard count < 9 else { return nil }
                nanos = nanos * 10 + Int64(bytes[index] - 0x30)
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanos *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offset: Int64 = 0
        switch bytes[index] {
        case 0x5A, 0x7A:
            index += 1
        case 0x2B, 0x2D:
            guard let offsetHours = digits(index + 1, 2), index + 3 < bytes.count, bytes[index + 3] == 0x3A,
                  let offsetMinutes = digits(index + 4, 2), offsetHours < 24, offsetMinutes < 60 else { return nil }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == 0x2D ? -1 : 1)
            index += 6
        default: return nil
        }
        guard index == bytes.count else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard seconds >= minimumSeconds, seconds <= maximumSeconds else { return nil }
        return (seconds, Int32(nanos))
    }

    static func duration(seconds: Int64, nanos: Int32) -> String? {
        guard seconds >= -maximumDuration, seconds <= maximumDuration, nanos > -1_000_000_000, nanos < 1_000_000_000,
              (seconds >= 0 && nanos >= 0) || (seconds <= 0 && nanos <= 0) else { return nil }
        let negative = seconds < 0 || nanos < 0
        return (negative ? "-" : "") + String(seconds.magnitude) + fraction(Int32(nanos.magnitude)) + "s"
    }

    static func parseDuration(_ text: String) -> (seconds: Int64, nanos: Int32)? {
        guard text.hasSuffix("s") else { return nil }
        var body = Substring(text.dropLast())
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 12, whole.allSatisfy(\.isASCII), let seconds = Int64(whole) else { return nil }
        var nanos: Int64 = 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(fraction) else { return nil }
            nanos = value
            for _ in fraction.count..<9 { nanos *= 10 }
        }
        guard seconds <= maximumDuration else { return nil }
        return negative ? (-seconds, Int32(-nanos)) : (seconds, Int32(nanos))
    }

    private static func fraction(_ nanos: Int32) -> String {
        if nanos == 0 { return "" }
        if nanos % 1_000_000 == 0 { return "." + pad(Int64(nanos / 1_000_000), 3) }
        if nanos % 1000 == 0 { return "." + pad(Int64(nanos / 1000), 6) }
        return "." + pad(Int64(nanos), 9)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
