import NIOCore
import NIOHTTP1

/// Lets a response head with control characters in its reason phrase or header values through SwiftNIO's parser,
/// which refuses them, so that a hostile server's escapes can be shown (escaped) as FoundationNetworking shows them.
///
/// It sits before the HTTP/1 decoder and, from each request sent until the blank line that ends the response head,
/// rewrites a control byte C (other than tab, CR and LF) as the private-use character U+E000+C;
/// `NIOResponseHead` turns those back. Body bytes pass untouched.
final class HeadControlByteEscaper: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    /// The first private-use scalar; a control byte C is carried as `base + C`.
    static let base: UInt32 = 0xE000

    private var inHead = true
    /// How much of "\r\n\r\n" has been seen at the end of what was read so far.
    private var matched = 0

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .head = unwrapOutboundIn(data) {
            inHead = true
            matched = 0
        }
        context.write(data, promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard inHead else { return context.fireChannelRead(data) }
        let buffer = unwrapInboundIn(data)
        let bytes = buffer.readableBytesView
        var out = context.channel.allocator.buffer(capacity: buffer.readableBytes + 16)
        var index = bytes.startIndex
        while index < bytes.endIndex, inHead {
            let byte = bytes[index]
            switch (matched, byte) {
            case (0, 13), (2, 13): matched += 1
            case (1, 10), (3, 10): matched += 1
            case (_, 13): matched = 1
            default: matched = 0
            }
            if matched == 4 { inHead = false }
            if HeadControlByteEscaper.isEscaped(byte) {
                let scalar = Unicode.Scalar(HeadControlByteEscaper.base + UInt32(byte)) ?? "?"
                out.writeString(String(Character(scalar)))
            } else {
                out.writeInteger(byte)
            }
            index += 1
        }
        if index < bytes.endIndex { out.writeBytes(bytes[index...]) }
        context.fireChannelRead(wrapInboundOut(out))
    }

    /// True for the bytes the parser would refuse in a head: C0 controls but tab, CR and LF, and DEL.
    static func isEscaped(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 9 && byte != 10 && byte != 13) || byte == 0x7F
    }

    /// `text` with the carried control characters put back.
    static func restore(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isCarrier($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isCarrier(scalar), let original = Unicode.Scalar(scalar.value - base) {
                scalars.append(original)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func isCarrier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base && scalar.value <= base + 0x7F && isEscaped(UInt8(scalar.value - base))
    }
}
