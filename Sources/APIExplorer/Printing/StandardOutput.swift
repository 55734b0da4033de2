import Foundation

/// Writes bytes to standard output (or another descriptor) unbuffered, all of them, without copying them into `Data` first.
enum StandardOutput {
    /// True when `NO_COLOR` is set to anything (https://no-color.org): commands print without colours.
    static var noColorRequested: Bool { !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty }

    static func write(_ bytes: [UInt8]) {
        write(bytes, to: STDOUT_FILENO)
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
