import NIOCore
import NIOSSL

/// The first bytes inside a `CONNECT` tunnel decide what it carries: a TLS handshake (0x16) is intercepted with the
/// host's certificate, anything else is plain HTTP (a `ws://` client tunnels too) and is read as it is.
final class CaptureTLSSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let tls: NIOSSLContext
    private let decided: (Bool) -> Void
    // It stays in the pipeline once it has decided and passes everything on: removing a handler from inside its own
    // read leaves nothing to fire the bytes from.
    private var done = false

    /// `decided` hears whether the tunnel is TLS before the first bytes go on.
    init(tls: NIOSSLContext, decided: @escaping (Bool) -> Void) {
        self.tls = tls
        self.decided = decided
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else {
            context.fireChannelRead(data)
            return
        }
        done = true
        let bytes = unwrapInboundIn(data)
        let isTLS = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) == 0x16
        decided(isTLS)
        do {
            if isTLS { try context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .after(self)) }
        } catch {
            context.close(promise: nil)
            return
        }
        // The TLS handler, when there is one, is next: the bytes go through it.
        context.fireChannelRead(data)
    }
}
