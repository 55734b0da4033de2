/// Durations as the load options write them: `30s`, `2m`, `500ms`, `1h`, `1.5s`; a bare number is seconds.
public enum LoadDuration {
    /// Seconds `text` stands for; the error names `option` and says what is expected.
    public static func seconds(_ text: String, option: String) throws(LoadPlanError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = trimmed
        var scale = 1.0
        for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
            number = String(trimmed.dropLast(suffix.count))
            scale = factor
            break
        }
        guard let value = Double(number), value.isFinite, value >= 0 else {
            throw LoadPlanError("\(option) takes a duration such as 30s, 2m or 500ms, got '\(text)'")
        }
        guard value * scale <= 366 * 86_400 else { throw LoadPlanError("\(option) is at most a year, got '\(text)'") }
        return value * scale
    }
}
