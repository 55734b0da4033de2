import Foundation
import TestSupport

/// Cases 3 to 5, measured from outside the process as a person sees them: the real binary in tmux, the screen
/// polled with `capture-pane` in a tight loop.
struct ScreenBench {
    let options: BenchOptions
    let executable: String
    let session: TmuxSession

    /// Opens a 120×40 tmux session that idles until a case respawns the explorer in it.
    init(options: BenchOptions, executable: String) throws {
        self.options = options
        self.executable = executable
        session = try TmuxSession(arguments: ["sleep", "1000000"], width: 120, height: 40)
    }

    /// Case 3: launch until the tree is on screen, for a collections directory whose first collection is `firstCollection`.
    func launch(collections: URL, firstCollection: String, label: String, target: Double) throws -> BenchRow {
        var times: [Double] = []
        for attempt in 0...options.runs {
            try idle()
            let watch = Stopwatch()
            try start(collections)
            try session.waitUntil(timeout: 30, interval: 0) { $0.contains(firstCollection) && $0.contains("?/F1") }
            if attempt > 0 { times.append(watch.seconds) }
        }
        let median = Median.of(times)
        return BenchRow(name: "launch to first frame, \(label)", ours: BenchText.time(median), reference: "-", ratio: "-",
                        target: "< \(BenchText.time(target))", met: median < target)
    }

    /// Case 4: from the send key until the status of a small response is on screen.
    func sendToStatus(collections: URL) throws -> BenchRow {
        let median = try medianSendToStatus(collections: collections, history: nil)
        return BenchRow(name: "send key to status, small response", ours: BenchText.time(median), reference: "-", ratio: "-",
                        target: "< 50.0 ms", met: median < 0.05)
    }

    /// Send key to status with history kept in `historyFile`, against the same with history off, in the same run.
    func sendToStatusWithHistory(collections: URL, historyFile: String) throws -> BenchRow {
        let off = try medianSendToStatus(collections: collections, history: nil)
        let on = try medianSendToStatus(collections: collections, history: historyFile)
        return BenchRow(name: "send key to status, history on", ours: BenchText.time(on), reference: "history off \(BenchText.time(off))",
                        ratio: String(format: "%.2f× off", on / max(off, 1e-9)), target: "≤ 1.10× off", met: on <= off * 1.1)
    }

    private func medianSendToStatus(collections: URL, history: String?) throws -> Double {
        var times: [Double] = []
        for attempt in 0...options.runs {
            try openBench(collections, select: 1, url: "/small", history: history)
            let watch = Stopwatch()
            try session.sendKeys("Enter")
            // With history on, the request first shows its last kept response: only the live one counts.
            try session.waitUntil(timeout: 30, interval: 0) { $0.contains("200 OK") && !$0.contains("(from history)") }
            if attempt > 0 { times.append(watch.seconds) }
        }
        return Median.of(times)
    }

    /// Case 5: a large JSON response: first page, PageDown, G, and the explorer's peak memory.
    func largeBody(collections: URL, size: Int, index: Int) throws -> [BenchRow] {
        var firstPage: [Double] = []
        var pageDowns: [Double] = []
        var ends: [Double] = []
        var peaks: [Int] = []
        var idles: [Int] = []
        let runs = options.quick ? 1 : max(1, options.runs / 2)
        for attempt in 0...runs {
            try openBench(collections, select: 2 + index, url: "/large/\(size)")
            let idle = try memoryKilobytes("VmHWM:")
            let watch = Stopwatch()
            try session.sendKeys("Enter")
            try session.waitUntil(timeout: 120, interval: 0) { $0.contains("200 OK") && $0.contains(#""id": 0,"#) }
            let first = watch.seconds
            try session.sendKeys("Tab", "Tab")
            try session.waitFor("wrap lines", timeout: 30)
            var presses: [Double] = []
            for _ in 0..<options.pageDowns {
                presses.append(try timeChange(after: "PageDown"))
            }
            let end = try timeChange(after: "G")
            let peak = try memoryKilobytes("VmHWM:")
            if attempt > 0 {
                firstPage.append(first)
                pageDowns += presses
                ends.append(end)
                peaks.append(peak)
                idles.append(idle)
            }
        }
        let label = BenchText.size(size)
        let firstMedian = Median.of(firstPage)
        let pageMedian = Median.of(pageDowns)
        let endMedian = Median.of(ends)
        let peak = peaks.max() ?? 0
        let ratio = Double(peak) * 1000 / Double(size)
        return [
            BenchRow(name: "\(label) JSON: send key to first page", ours: BenchText.time(firstMedian), reference: "-", ratio: "-",
                     target: "< 1000.0 ms", met: firstMedian < 1),
            BenchRow(name: "\(label) JSON: PageDown", ours: BenchText.time(pageMedian), reference: "-", ratio: "-",
                     target: "< 50.0 ms", met: pageMedian < 0.05),
            BenchRow(name: "\(label) JSON: G (jump to end)", ours: BenchText.time(endMedian), reference: "-", ratio: "-",
                     target: "< 50.0 ms", met: endMedian < 0.05),
            BenchRow(name: "\(label) JSON: peak RSS", ours: BenchText.memory(kilobytes: peak),
                     reference: "body \(label); \(BenchText.memory(kilobytes: idles.max() ?? 0)) before sending",
                     ratio: String(format: "%.1f× body", ratio), target: "< 3× body", met: ratio < 3),
        ]
    }

    /// Stops the tmux server.
    func finish() {
        session.kill()
    }

    // MARK: - Steps

    /// Replaces whatever runs in the pane with an idle process and waits for a blank screen.
    private func idle() throws {
        try session.respawn(["sleep", "1000000"])
        try session.waitUntil(timeout: 10) { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    private func start(_ collections: URL, history: String? = nil) throws {
        try session.respawn([executable, "--collections", collections.path],
                            environment: ["LANG": "C.UTF-8", "APIEXPLORER_HISTORY": history ?? "off"])
    }

    /// Launches on the bench collection and selects the `row`th tree row below the collection.
    private func openBench(_ collections: URL, select row: Int, url: String, history: String? = nil) throws {
        try idle()
        try start(collections, history: history)
        try session.waitFor("?/F1", timeout: 30)
        for _ in 0..<row { try session.sendKeys("j") }
        try session.waitFor(url, timeout: 10)
    }

    /// Seconds from sending `key` until the screen differs from what it was.
    private func timeChange(after key: String) throws -> Double {
        let before = try session.capture()
        let watch = Stopwatch()
        try session.sendKeys(key)
        try session.waitUntil(timeout: 30, interval: 0) { $0 != before }
        return watch.seconds
    }

    /// A memory figure of the explorer (`VmHWM:` is the peak resident set so far), read from /proc while it runs.
    private func memoryKilobytes(_ field: String) throws -> Int {
        let pid = try session.panePID
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let value = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) }) else {
            throw BenchFailure("no \(field) for pid \(pid)")
        }
        return value
    }
}
