import Foundation

/// The read-only file mappings `SpillingBody` has handed out and not yet unmapped. `MappedPages` releases pages only
/// inside one of them, so a reader need not know whether its bytes came from a spill file: on any other memory
/// `MADV_DONTNEED` would zero the pages.
package enum SpilledMappings {
    private static let lock = NSLock()
    /// Mapped length by base address. Guarded by `lock`.
    nonisolated(unsafe) private static var lengths: [UInt: Int] = [:]

    /// Records a mapping made by `SpillingBody.finish()`.
    static func add(_ base: UnsafeMutableRawPointer, length: Int) {
        lock.withLock { lengths[UInt(bitPattern: base)] = length }
    }

    /// Forgets a mapping as it is unmapped.
    static func remove(_ base: UnsafeMutableRawPointer) {
        _ = lock.withLock { lengths.removeValue(forKey: UInt(bitPattern: base)) }
    }

    /// True when `count` bytes from `base` lie inside one recorded mapping.
    package static func contains(_ base: UnsafeRawPointer, count: Int) -> Bool {
        let address = UInt(bitPattern: base)
        return lock.withLock {
            lengths.contains { start, length in start <= address && address + UInt(count) <= start + UInt(length) }
        }
    }
}
