import ExplorerCore
import Foundation
import NIOCore

/// Reads a WebSocket conversation as it passes through the proxy, both ways, without changing a byte: the
/// upstream's handshake answer, then each message (fragments joined, masks removed) with its time.
final class CaptureWebSocketRecorder: @unchecked Sendable {
    /// Which way bytes were going.
    enum Direction {
        case fromClient
        case fromServer
    }

    /// The most messages kept; a longer conversation is still relayed whole.
    static let maximumEvents = 10_000
    /// The longest handshake answer head read.
    static let maximumHead = 64 << 10

    private let lock = NSLock()
    private let started = Date()
    private var head = ByteBuffer()
    private var headParsed = false
    private var status: Int?
    private var headers: [Header] = []
    private var clientFrames = CaptureFrameReader()
    private var serverFrames = CaptureFrameReader()
    private var unreadable: Set<String> = []
    private var fragments: [String: (opcode: UInt8, data: [UInt8])] = [:]
    private var events: [StreamEvent] = []
    private var finished = false

    /// Takes bytes that went one way.
    func take(_ direction: Direction, _ bytes: ByteBuffer) {
        lock.withLock {
            var bytes = bytes
            if direction == .fromServer, !headParsed {
                head.writeBuffer(&bytes)
                guard let end = head.readableBytesView.firstRange(of: [13, 10, 13, 10]) else {
                    // An answer head this long is no handshake; the bytes still go through, unread.
                    if head.readableBytes > Self.maximumHead {
                        headParsed = true
                        head = ByteBuffer()
                    }
                    return
                }
                let length = end.upperBound - head.readerIndex
                parseHead(head.readString(length: length) ?? "")
                headParsed = true
                bytes = head
            }
            guard status == 101, bytes.readableBytes > 0 else { return }
            let key = direction == .fromClient ? "client" : "server"
            guard !unreadable.contains(key) else { return }
            do {
                let frames = direction == .fromClient ? try clientFrames.frames(bytes) : try serverFrames.frames(bytes)
                for frame in frames { take(frame, from: direction) }
            } catch {
                // Bytes that are not WebSocket frames still go through; only the record stops.
                unreadable.insert(key)
            }
        }
    }

    /// The conversation as recorded; nil once it was taken (a conversation is reported once).
    func finish() -> CapturedConversation? {
        lock.withLock {
            guard !finished else { return nil }
            finished = true
            return CapturedConversation(status: status ?? 0, headers: headers, events: events, duration: Date().timeIntervalSince(started))
        }
    }

    private func take(_ frame: CaptureFrameReader.Frame, from direction: Direction) {
        let key = direction == .fromClient ? "client" : "server"
        switch frame.opcode {
        case 0x1, 0x2:
            if frame.fin {
                record(frame.opcode, frame.payload, direction)
            } else {
                fragments[key] = (frame.opcode, frame.payload)
            }
        case 0x0:
            guard var partial = fragments[key] else { return }
            // A message past the frame limit in pieces is not kept either.
            guard partial.data.count + frame.payload.count <= CaptureFrameReader.maximumPayload else {
                fragments[key] = nil
                return
            }
            partial.data += frame.payload
            if frame.fin {
                fragments[key] = nil
                record(partial.opcode, partial.data, direction)
            } else {
                fragments[key] = partial
            }
        default:
            break
        }
    }

    private func record(_ opcode: UInt8, _ data: [UInt8], _ direction: Direction) {
        guard events.count < Self.maximumEvents else { return }
        let bytes = Data(data)
        let kind: StreamEvent.Kind = direction == .fromServer ? .message : .sent
        let time = Date().timeIntervalSince(started)
        if opcode == 0x1, let text = String(data: bytes, encoding: .utf8) {
            events.append(StreamEvent(kind: kind, data: text, time: time))
        } else {
            events.append(StreamEvent(kind: kind, event: "binary", data: bytes.base64EncodedString(), time: time))
        }
    }

    private func parseHead(_ text: String) {
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        status = parts.count >= 2 ? Int(parts[1]) : nil
        headers = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return Header(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }
}
