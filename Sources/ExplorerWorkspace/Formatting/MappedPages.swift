import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerCore

/// Lets go of the pages of a memory-mapped body once they have been read, so paging through a huge body from its
/// temporary file does not keep all of it resident (the kernel reads a page back if it is touched again).
package enum MappedPages {
    /// Releases the whole pages of `buffer` inside `range`, when `buffer` is a spilled body's read-only file mapping
    /// (`SpilledMappings`); anything else is left alone, since MADV_DONTNEED would zero anonymous memory.
    package static func release(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) {
        #if canImport(Glibc)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let base = buffer.baseAddress, page > 0, Int(bitPattern: base) % page == 0,
              SpilledMappings.contains(base, count: buffer.count) else { return }
        let start = (range.lowerBound + page - 1) / page * page
        let end = range.upperBound / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
        #endif
    }

    /// How far a reader goes between two releases: fewer system calls, and at most this much stays resident.
    package static let releaseStep = 8 << 20

    /// Lets go of the pages behind a reader that only moves forward through a buffer, a `releaseStep` at a time
    /// (nothing, unless the buffer is a spilled body's mapping).
    package struct Trail {
        private var released = 0

        /// A trail at the start of the buffer.
        package init() {}

        /// The reader has reached `offset`: what lies behind it goes once it is a step or more.
        package mutating func reached(_ offset: Int, in buffer: UnsafeRawBufferPointer) {
            guard offset - released >= MappedPages.releaseStep else { return }
            MappedPages.release(buffer, released..<offset)
            released = offset
        }

        /// The reader is done: everything it passed goes.
        package mutating func finished(_ buffer: UnsafeRawBufferPointer) {
            MappedPages.release(buffer, released..<buffer.count)
            released = buffer.count
        }
    }
}
