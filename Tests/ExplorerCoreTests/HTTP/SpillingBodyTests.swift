import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ExplorerCore

/// The body buffer behind `memoryBodyLimit`: memory, then an unlinked file, and back to memory when the file fails.
@Suite struct SpillingBodyTests {
    private static let chunk = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })

    @Test func underTheLimitStaysInMemoryAndOverItMapsTheFile() throws {
        let small = SpillingBody(memoryLimit: 2500)
        for _ in 0..<2 { try small.append(SpillingBodyTests.chunk) }
        #expect(!small.isOnDisk)
        #expect(try small.finish() == SpillingBodyTests.chunk + SpillingBodyTests.chunk)

        let large = SpillingBody(memoryLimit: 2500)
        for _ in 0..<5 { try large.append(SpillingBodyTests.chunk) }
        #expect(large.isOnDisk && large.count == 5000)
        let descriptor = large.descriptor
        let data = try large.finish()
        #expect(data == Data((0..<5).flatMap { _ in SpillingBodyTests.chunk }))
        #expect(fcntl(descriptor, F_GETFD) == -1, "finish closes the file; the mapping keeps the bytes")
    }

    @Test func discardClosesTheFile() throws {
        let body = SpillingBody(memoryLimit: 10)
        try body.append(SpillingBodyTests.chunk)
        let descriptor = body.descriptor
        #expect(descriptor >= 0 && fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0, "not inherited by child processes")
        body.discard()
        #expect(fcntl(descriptor, F_GETFD) == -1 && body.count == 0 && !body.isOnDisk)
    }

    @Test func noPlaceForAFileKeepsTheBodyInMemory() throws {
        let body = SpillingBody(memoryLimit: 10, makeFile: { nil })
        for _ in 0..<3 { try body.append(SpillingBodyTests.chunk) }
        #expect(!body.isOnDisk)
        #expect(try body.finish().count == 3000)
    }

    @Test func aFileThatRefusesWritesFallsBackToMemoryWithoutLosingBytes() throws {
        // A read-only descriptor: the first write to it fails, as on a full tmpfs.
        let readOnly = open("/dev/null", O_RDONLY)
        let body = SpillingBody(memoryLimit: 1500, makeFile: { readOnly })
        for _ in 0..<3 { try body.append(SpillingBodyTests.chunk) }
        #expect(!body.isOnDisk)
        #expect(fcntl(readOnly, F_GETFD) == -1, "the failed file is closed")
        #expect(try body.finish() == Data((0..<3).flatMap { _ in SpillingBodyTests.chunk }))
    }

    @Test func bytesThatCannotBeReadBackFailTheBody() throws {
        // A pipe takes the first spill but cannot be read back with pread once a later write fails.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let body = SpillingBody(memoryLimit: 1500, makeFile: { ends[1] })
        try body.append(SpillingBodyTests.chunk)
        try body.append(SpillingBodyTests.chunk)
        #expect(body.isOnDisk)
        #expect(throws: URLError.self) {
            for _ in 0..<200 { try body.append(Data(count: 1 << 16)) }
        }
    }
}
