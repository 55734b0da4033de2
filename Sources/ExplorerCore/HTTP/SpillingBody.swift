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
    /// The temporary file while the body is on disk, else -1.
    private(set) var descriptor: Int32 = -1
    private let makeFile: () -> Int32?
    private var spillFailed = false
    private(set) var count = 0

    /// Creates an empty body that spills once it grows past `memoryLimit` bytes, into the file `makeFile` opens
    /// (an unlinked file in the temporary directory unless a test says otherwise).
    init(memoryLimit: Int?, makeFile: @escaping () -> Int32? = SpillingBody.makeUnlinkedFile) {
        self.memoryLimit = memoryLimit
        self.makeFile = makeFile
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// True once the body has moved to a temporary file.
    var isOnDisk: Bool { descriptor >= 0 }

    /// Appends received bytes. When the temporary file cannot be created or written (a full or small tmpfs), the body
    /// goes back to memory instead: the request does not fail for want of a place to page it from. Throws only when
    /// bytes already written to the file cannot be read back.
    func append(_ data: Data) throws(URLError) {
        count += data.count
        if descriptor < 0 {
            guard !spillFailed, let limit = memoryLimit, head.count + data.count > limit,
                  let file = makeFile() else {
                head.append(data)
                return
            }
            descriptor = file
            guard store(head) else {
                // Nothing is lost: the head is still in memory.
                abandonFile()
                head.append(data)
                return
            }
            head = Data()
        }
        guard store(data) else {
            head = try readBack(count - data.count) + data
            abandonFile()
            return
        }
    }

    /// Stops spilling for this body: closes the file and keeps every later byte in memory.
    private func abandonFile() {
        close(descriptor)
        descriptor = -1
        spillFailed = true
    }

    /// The first `length` bytes of the file.
    private func readBack(_ length: Int) throws(URLError) -> Data {
        var recovered = Data(count: length)
        let got = recovered.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < length {
                let read = pread(descriptor, base + offset, length - offset, off_t(offset))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                offset += read
            }
            return offset
        }
        guard got == length else {
            throw URLError(.cannotWriteToFile, detail: "the temporary file holding the body failed and its bytes could not be read back")
        }
        return recovered
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
            let code = errno
            throw URLError(.cannotOpenFile, detail: "could not map the \(MeasurementText.byteCount(count)) body from its temporary file: \(String(cString: strerror(code)))")
        }
        SpilledMappings.add(mapped, length: count)
        return Data(bytesNoCopy: mapped, count: count, deallocator: .custom { pointer, length in
            SpilledMappings.remove(pointer)
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

    /// Writes all of `data` to the file; false when the file system refuses (full, quota, I/O error).
    private func store(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard var pointer = buffer.baseAddress else { return true }
            var left = buffer.count
            while left > 0 {
                let written = write(descriptor, pointer, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                left -= written
                pointer += written
            }
            return true
        }
    }

    /// Creates a file in the temporary directory and unlinks it at once: it disappears with the descriptor,
    /// even if the process is killed. Nil when no file can be created there.
    static func makeUnlinkedFile() -> Int32? {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("apiexplorer-body-XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(base)
            if descriptor >= 0 {
                unlink(base)
                // Not handed to child processes (Glibc does not export mkostemp to Swift).
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
            return descriptor
        }
        return descriptor >= 0 ? descriptor : nil
    }
}
