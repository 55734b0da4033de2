import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response body being received: held in memory up to a limit, then written to an unlinked temporary file
/// that is memory-mapped when the body is complete, so a huge body is paged in by the kernel as it is read
/// instead of being held whole in the process's own memory. Not thread-safe: the session delegate locks around it.
final class SpillingBody {
    /// Bytes kept in memory before the body moves to a temporary file; `nil` keeps everything in memory.
    let memoryLimit: Int?
    private var head = Data()
    private var descriptor: Int32 = -1
    private(set) var count = 0

    /// Creates an empty body that spills once it grows past `memoryLimit` bytes.
    init(memoryLimit: Int?) {
        self.memoryLimit = memoryLimit
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// True once the body has moved to a temporary file.
    var isOnDisk: Bool { descriptor >= 0 }

    /// Appends received bytes; throws when the temporary file cannot be created or written (a full disk).
    func append(_ data: Data) throws(URLError) {
        count += data.count
        if descriptor < 0 {
            guard let limit = memoryLimit, head.count + data.count > limit else {
                head.append(data)
                return
            }
            descriptor = try Self.makeUnlinkedFile()
            try store(head)
            head = Data()
        }
        try store(data)
    }

    /// The whole body: the bytes in memory, or a read-only mapping of the temporary file.
    func finish() throws(URLError) -> Data {
        guard descriptor >= 0 else { return head }
        defer {
            close(descriptor)
            descriptor = -1
        }
        guard count > 0 else { return Data() }
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw URLError(.cannotOpenFile, detail: "could not map the \(MeasurementText.byteCount(count)) body from its temporary file: \(String(cString: strerror(errno)))")
        }
        return Data(bytesNoCopy: mapped, count: count, deallocator: .custom { pointer, length in
            munmap(pointer, length)
        })
    }

    /// Drops whatever was received (the request failed).
    func discard() {
        head = Data()
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        count = 0
    }

    private func store(_ data: Data) throws(URLError) {
        let failure: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            guard var pointer = buffer.baseAddress else { return nil }
            var left = buffer.count
            while left > 0 {
                let written = write(descriptor, pointer, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                left -= written
                pointer += written
            }
            return nil
        }
        if let failure {
            throw URLError(.cannotWriteToFile, detail: "could not write the body to a temporary file: \(String(cString: strerror(failure)))")
        }
    }

    /// Creates a file in the temporary directory and unlinks it at once: it disappears with the descriptor,
    /// even if the process is killed.
    private static func makeUnlinkedFile() throws(URLError) -> Int32 {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("apiexplorer-body-XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(base)
            if descriptor >= 0 { unlink(base) }
            return descriptor
        }
        guard descriptor >= 0 else {
            throw URLError(.cannotCreateFile, detail: "could not create a temporary file for a large body in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}
