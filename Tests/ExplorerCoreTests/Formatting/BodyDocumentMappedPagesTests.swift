import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ExplorerCore
@testable import ExplorerWorkspace

/// A body paged from its temporary file is indexed and searched without keeping the whole mapping resident, and
/// reads the same lines afterwards (the kernel reads a released page back from the file).
@Suite struct BodyDocumentMappedPagesTests {
    /// About 25 MB of JSON, spilled the way a received body is: an unlinked file read through a memory mapping.
    private static func mappedJSON() throws -> Data {
        let spill = SpillingBody(memoryLimit: 0)
        var piece = "["
        for index in 0..<20_000 {
            piece += (index > 0 ? "," : "") + #"{"id":\#(index),"name":"user \#(index)","tags":["a","b"]}"#
        }
        piece += "]"
        // Many arrays in one array: every piece is valid JSON on its own, and the whole is too.
        try spill.append(Data("[".utf8))
        for copy in 0..<26 {
            try spill.append(Data(((copy > 0 ? "," : "") + piece).utf8))
        }
        try spill.append(Data("]".utf8))
        #expect(spill.isOnDisk)
        return try spill.finish()
    }

    /// Resident kilobytes of the mapping that holds `data`, from /proc/self/smaps; nil where there is none.
    private static func residentKilobytes(of data: Data) -> Int? {
        // procfs reports a size of 0, so the file is read to its end rather than by its size.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return nil }
        defer { try? handle.close() }
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let address = data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, fields.first == "Rss:", fields.count > 1 {
                return Int(fields[1])
            }
        }
        return nil
    }

    @Test func indexingAndSearchingAMappedBodyLetGoOfItsPages() throws {
        let body = try Self.mappedJSON()
        #expect(body.count > 25_000_000)
        // The same bytes in memory, indexed as any body is: the reference for the lines.
        let reference = BodyDocument(Data(Array(body)), contentType: "application/json")
        let whole = try #require(Self.residentKilobytes(of: body), "the body is a mapping of its file")
        #expect(whole > 22_000, "reading every byte of the mapping leaves it resident: \(whole) kB")

        let document = BodyDocument(body, contentType: "application/json")
        let afterIndex = try #require(Self.residentKilobytes(of: body))
        #expect(afterIndex < 2 * MappedPages.releaseStep / 1024, "resident after indexing: \(afterIndex) kB of \(body.count / 1024) kB")
        #expect(document.lineCount == reference.lineCount)

        let matches = document.matchingLines("\"user 19999\"")
        #expect(matches.count == 26)
        let afterSearch = try #require(Self.residentKilobytes(of: body))
        #expect(afterSearch < 2 * MappedPages.releaseStep / 1024, "resident after a search: \(afterSearch) kB")

        // Released pages are read back from the file: the lines are the same as the unreleased document's.
        for index in [0, 1, document.lineCount / 2, document.lineCount - 2, document.lineCount - 1] {
            #expect(document.line(at: index) == reference.line(at: index))
        }
        #expect(document.line(at: try #require(matches.last))?.text.contains("user 19999") == true)
    }

    @Test func aMappedTextBodyIsSplitIntoLinesAndLetsGoToo() throws {
        let spill = SpillingBody(memoryLimit: 0)
        let line = Data(String(repeating: "plain text line ", count: 8).appending("\n").utf8)
        var block = Data()
        for _ in 0..<10_000 { block.append(line) }
        for _ in 0..<30 { try spill.append(block) }
        let body = try spill.finish()
        let document = BodyDocument(body, contentType: "text/plain")
        #expect(document.lineCount == 300_001)
        let resident = try #require(Self.residentKilobytes(of: body))
        #expect(resident < 2 * MappedPages.releaseStep / 1024, "resident after splitting: \(resident) kB of \(body.count / 1024) kB")
        #expect(document.line(at: 299_999)?.text == String(repeating: "plain text line ", count: 8))
    }

    @Test func memoryThatIsNotASpilledMappingIsNeverReleased() throws {
        // Page-aligned anonymous memory: MADV_DONTNEED would zero it, so release must leave it alone.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var raw: UnsafeMutableRawPointer?
        #expect(posix_memalign(&raw, page, 4 * page) == 0)
        let memory = try #require(raw)
        defer { free(memory) }
        memory.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 4 * page)
        MappedPages.release(UnsafeRawBufferPointer(start: memory, count: 4 * page), 0..<(4 * page))
        let bytes = UnsafeRawBufferPointer(start: memory, count: 4 * page)
        #expect(bytes.allSatisfy { $0 == 0xAB }, "anonymous memory was released and zeroed")

        // A body in memory is indexed and searched to its end and still reads whole.
        let json = Data(("[" + (0..<5000).map { #"{"n":\#($0)}"# }.joined(separator: ",") + "]").utf8)
        let document = BodyDocument(json, contentType: "application/json")
        let found = try #require(document.matchingLines(": 4999").first)
        #expect(document.line(at: found)?.text.contains("4999") == true && document.line(at: document.lineCount - 1)?.text == "]")
    }
}
