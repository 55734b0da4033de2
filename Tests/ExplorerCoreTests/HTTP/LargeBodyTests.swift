import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// Bodies over `memoryBodyLimit` go to an unlinked temporary file and come back as a read-only mapping of it.
@Suite("Large bodies are paged from a temporary file, not held in memory", .serialized)
struct LargeBodyTests {
    static let server = Result { try FaultServer(routes: [
        "/three-mb": .largeBody(bytes: 3 << 20),
        "/bomb": .gzipBomb(expandedBytes: 4 << 20),
    ]) }

    func send(_ path: String, over transport: TransportKind, _ change: (inout Request.Configuration) -> Void) async throws -> Request.Response {
        try await Request(.get, url: try LargeBodyTests.server.get().url(path), session: ExplorerSession.make()).configured(change)
            .over(transport).send()
    }

    /// Lines of /proc/self/maps that map one of our temporary body files. Read to the end with `FileHandle`:
    /// `String(contentsOfFile:)` stops at the first short read of a file that reports size 0, and the kernel hands
    /// /proc/self/maps over in pieces of whole lines, so with many threads alive only its first 4 KB were seen.
    static func mappedBodyFiles() throws -> [String] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        return maps.split(separator: "\n").filter { $0.contains("apiexplorer-body-") }.map(String.init)
    }

    /// Temporary body files still reachable by name (there should never be any: each is unlinked when created).
    static func namedBodyFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("apiexplorer-body-") }
    }

    @Test(arguments: TransportKind.allCases) func aBodyOverTheLimitIsAMappingOfAnUnlinkedFile(transport: TransportKind) async throws {
        let received = try await send("/three-mb", over: transport) { $0.memoryBodyLimit = 1 << 20 }
        #expect(received.isBodyOnDisk)
        #expect(received.byteCount == 3 << 20)
        #expect(received.data.first == UInt8(ascii: "a") && received.data.last == UInt8(ascii: "a"))
        #expect(received.data.firstIndex { $0 != UInt8(ascii: "a") } == nil, "every byte arrived in order")
        // The mapping lives as long as the response: kept alive here, or it may be released after its last use above.
        let maps = try withExtendedLifetime(received) { try LargeBodyTests.mappedBodyFiles() }
        #expect(!maps.isEmpty && maps.allSatisfy { $0.hasSuffix("(deleted)") }, "\(maps)")
        #expect(try LargeBodyTests.namedBodyFiles().isEmpty)
    }

    @Test(arguments: TransportKind.allCases) func aBodyUnderTheLimitStaysInMemory(transport: TransportKind) async throws {
        let response = try await send("/three-mb", over: transport) { $0.memoryBodyLimit = 4 << 20 }
        #expect(!response.isBodyOnDisk)
        #expect(response.byteCount == 3 << 20)
        let noLimit = try await send("/three-mb", over: transport) { $0.memoryBodyLimit = nil }
        #expect(!noLimit.isBodyOnDisk && noLimit.byteCount == 3 << 20)
    }

    @Test(arguments: TransportKind.allCases) func aSpilledBodyOverTheSizeCapFailsAndLeavesNoFileBehind(transport: TransportKind) async throws {
        // The bomb has no decoded Content-Length, so the cap trips while the body is already on disk.
        let request = Request(.get, url: try LargeBodyTests.server.get().url("/bomb"), session: ExplorerSession.make())
            .configured { $0.memoryBodyLimit = 1 << 20; $0.maxResponseBytes = 2 << 20 }.over(transport)
        let result = await Result { () async throws(RequestError) in try await request.send() }
        #expect(result.failureValue?.transportFailure == .tooLarge, "\(result)")
        #expect(try LargeBodyTests.namedBodyFiles().isEmpty)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
        }
        #expect(!descriptors.contains { $0.contains("apiexplorer-body-") }, "the temporary file's descriptor is closed")
    }
}
