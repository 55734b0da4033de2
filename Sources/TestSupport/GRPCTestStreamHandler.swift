import ExplorerGRPC
import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2

/// One call on `GRPCTestServer`: reads the request's headers and framed messages and answers as
/// `shop.v1.Inventory` or server reflection would.
final class GRPCTestStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let schema: ProtoSchema
    private let log: GRPCTestCallLog
    private let reflection: GRPCTestServer.Reflection
    private var path = ""
    private var metadata: [String: String] = [:]
    private var buffer: [UInt8] = []
    private var received: [[UInt8]] = []
    private var logIndex = -1
    private var headersSent = false
    private var finished = false
    private var gzipReplies = false
    private var chatCount = 0

    private var served: Set<String> {
        var paths: Set<String> = ["/shop.v1.Inventory/GetItem", "/shop.v1.Inventory/ListItems", "/shop.v1.Inventory/AddItems",
                                  "/shop.v1.Inventory/Chat", "/shop.v1.Inventory/Ping"]
        if reflection == .v1 { paths.insert("/grpc.reflection.v1.ServerReflection/ServerReflectionInfo") }
        if reflection != .none { paths.insert("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo") }
        return paths
    }

    init(schema: ProtoSchema, log: GRPCTestCallLog, reflection: GRPCTestServer.Reflection) {
        self.schema = schema
        self.log = log
        self.reflection = reflection
    }

    private var encoder: ProtoMessageEncoder { ProtoMessageEncoder(schema: schema) }
    private var decoder: ProtoMessageDecoder { ProtoMessageDecoder(schema: schema) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .headers(frame):
            path = frame.headers.first(name: ":path") ?? ""
            for header in frame.headers where !header.name.hasPrefix(":") { metadata[header.name] = header.value }
            gzipReplies = metadata["x-reply-encoding"] == "gzip"
            logIndex = log.begin(path: path, metadata: metadata)
            if !served.contains(path) { return finish(context, code: 12, message: "unknown method \(path)") }
            if frame.endStream { end(context) }
        case let .data(frame):
            if case let .byteBuffer(bytes) = frame.data { buffer += Array(bytes.readableBytesView) }
            while buffer.count >= 5 {
                let length = Int(buffer[1]) << 24 | Int(buffer[2]) << 16 | Int(buffer[3]) << 8 | Int(buffer[4])
                guard buffer.count >= 5 + length else { break }
                var message = Array(buffer[5..<(5 + length)])
                if buffer[0] == 1 {
                    guard metadata["grpc-encoding"] == "gzip", let inflated = TestGzip.inflate(message) else {
                        return finish(context, code: 12, message: "compressed with \(metadata["grpc-encoding"] ?? "nothing named")")
                    }
                    message = inflated
                }
                buffer.removeFirst(5 + length)
                log.received(logIndex)
                onMessage(message, context)
            }
            if frame.endStream { end(context) }
        case .rstStream:
            if !finished { log.reset(logIndex) }
            finished = true
        default:
            break
        }
    }

    private func onMessage(_ message: [UInt8], _ context: ChannelHandlerContext) {
        switch path {
        case "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo" where reflection == .v1,
             "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo" where reflection != .none:
            reply(reflect(message), context)
        case "/shop.v1.Inventory/Chat":
            chatCount += 1
            let text = (json(message, "shop.v1.ChatMessage")?["text"] as? String) ?? ""
            reply(encode(["text": "echo: \(text)", "seq": chatCount], "shop.v1.ChatMessage"), context)
        default:
            received.append(message)
        }
    }

    private func end(_ context: ChannelHandlerContext) {
        guard !finished else { return }
        switch path {
        case "/shop.v1.Inventory/GetItem":
            let id = received.last.flatMap { json($0, "shop.v1.GetItemRequest")?["id"] as? String } ?? ""
            switch id {
            case "it-1":
                reply(encode(["id": "it-1", "name": "Mug", "priceCents": "1250", "color": "RED", "created": "2024-05-01T12:00:00Z",
                              "tags": ["kitchen"]], "shop.v1.Item"), context)
                finish(context, code: 0, message: "")
            case "slow":
                // Answers after three seconds: a call with a shorter deadline gives up first.
                let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                context.eventLoop.scheduleTask(in: .seconds(3)) {
                    let (handler, context) = bound.value
                    guard !handler.finished else { return }
                    handler.reply(handler.encode(["id": "slow"], "shop.v1.Item"), context)
                    handler.finish(context, code: 0, message: "")
                }
            case "":
                finish(context, code: 3, message: "id is required")
            default:
                let detail = encode(["id": id, "reason": "not in the catalogue"], "shop.v1.ItemError")
                finish(context, code: 5, message: "no item \(id)", details: (type: "type.googleapis.com/shop.v1.ItemError", bytes: detail))
            }
        case "/shop.v1.Inventory/ListItems":
            let request = received.last.flatMap { json($0, "shop.v1.ListItemsRequest") } ?? [:]
            let limit = (request["limit"] as? Int) ?? 3
            let prefix = (request["prefix"] as? String) ?? "item"
            let pause: Int64 = prefix == "slow" ? 300 : 0
            sendItems(0, of: limit, prefix: prefix, pause: pause, context)
        case "/shop.v1.Inventory/AddItems":
            let ids = received.compactMap { json($0, "shop.v1.Item")?["id"] as? String }
            reply(encode(["added": received.count, "ids": ids], "shop.v1.AddItemsReply"), context)
            finish(context, code: 0, message: "")
        case "/shop.v1.Inventory/Ping", "/shop.v1.Inventory/Chat":
            if path.hasSuffix("Ping") { reply([], context) }
            finish(context, code: 0, message: "")
        case "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo" where reflection == .v1,
             "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo" where reflection != .none:
            finish(context, code: 0, message: "")
        default:
            finish(context, code: 12, message: "unknown method \(path)")
        }
    }

    private func sendItems(_ index: Int, of limit: Int, prefix: String, pause: Int64, _ context: ChannelHandlerContext) {
        guard !finished else { return }
        guard index < limit else { return finish(context, code: 0, message: "") }
        reply(encode(["id": "\(prefix)-\(index + 1)", "name": "Item \(index + 1)", "rating": index + 1], "shop.v1.Item"), context)
        guard pause > 0 else { return sendItems(index + 1, of: limit, prefix: prefix, pause: pause, context) }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(pause)) {
            let (handler, context) = bound.value
            handler.sendItems(index + 1, of: limit, prefix: prefix, pause: pause, context)
        }
    }

    private func reflect(_ message: [UInt8]) -> [UInt8] {
        let files = (try? schema.fileDescriptors()) ?? []
        switch ReflectionRequest.decode(message) {
        case .listServices?:
            return ReflectionResponse.services(["shop.v1.Inventory", "grpc.reflection.v1.ServerReflection"]).encoded
        case let .fileContainingSymbol(symbol)?:
            // The file declaring the symbol only: the client asks for the imports by name.
            guard symbol.hasPrefix("shop.v1"), let shop = files.first(where: { $0.name == "shop.proto" }) else {
                return ReflectionResponse.error(code: 5, message: "symbol not found: \(symbol)").encoded
            }
            return ReflectionResponse.files([shop.bytes]).encoded
        case let .fileByFilename(name)?:
            guard let file = files.first(where: { $0.name == name }) else { return ReflectionResponse.error(code: 5, message: "no file \(name)").encoded }
            return ReflectionResponse.files([file.bytes]).encoded
        case nil:
            return ReflectionResponse.error(code: 12, message: "not supported").encoded
        }
    }

    private func reply(_ message: [UInt8], _ context: ChannelHandlerContext) {
        guard !finished else { return }
        if !headersSent {
            headersSent = true
            var headers: HPACKHeaders = [":status": "200", "content-type": "application/grpc"]
            if gzipReplies { headers.add(name: "grpc-encoding", value: "gzip") }
            for (name, value) in metadata.sorted(by: { $0.key < $1.key }) where name.hasPrefix("x-") {
                headers.add(name: "x-echo-" + name.dropFirst(2), value: value)
            }
            context.write(wrapOutboundOut(.headers(.init(headers: headers))), promise: nil)
        }
        let body = gzipReplies ? TestGzip.deflate(message) : message
        var buffer = context.channel.allocator.buffer(capacity: body.count + 5)
        buffer.writeInteger(UInt8(gzipReplies ? 1 : 0))
        buffer.writeInteger(UInt32(body.count))
        buffer.writeBytes(body)
        context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(buffer)))), promise: nil)
    }

    private func finish(_ context: ChannelHandlerContext, code: Int, message: String, details: (type: String, bytes: [UInt8])? = nil) {
        guard !finished else { return }
        finished = true
        var trailers: HPACKHeaders = ["grpc-status": "\(code)", "x-served-by": "loopback"]
        if !message.isEmpty { trailers.add(name: "grpc-message", value: message.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: " -_.:"))) ?? message) }
        if let details {
            // google.rpc.Status: code 1, message 2, details 3 (an Any: type_url 1, value 2).
            var any: [UInt8] = [0x0A] + Self.varint(details.type.utf8.count) + Array(details.type.utf8)
            any += [0x12] + Self.varint(details.bytes.count) + details.bytes
            var status: [UInt8] = [0x08] + Self.varint(code)
            status += [0x12] + Self.varint(message.utf8.count) + Array(message.utf8)
            status += [0x1A] + Self.varint(any.count) + any
            trailers.add(name: "grpc-status-details-bin", value: Data(status).base64EncodedString().replacingOccurrences(of: "=", with: ""))
        }
        if headersSent {
            context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: trailers, endStream: true))), promise: nil)
        } else {
            var only: HPACKHeaders = [":status": "200", "content-type": "application/grpc"]
            only.add(contentsOf: trailers)
            context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: only, endStream: true))), promise: nil)
        }
    }

    private func json(_ bytes: [UInt8], _ type: String) -> [String: Any]? {
        guard let text = try? decoder.decode(bytes, as: type).json else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    private func encode(_ object: [String: Any], _ type: String) -> [UInt8] {
        guard let data = try? JSONSerialization.data(withJSONObject: object), let text = String(data: data, encoding: .utf8) else { return [] }
        return (try? encoder.encode(json: text, as: type)) ?? []
    }

    private static func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value), out: [UInt8] = []
        while value >= 0x80 { out.append(UInt8(truncatingIfNeeded: value) | 0x80); value >>= 7 }
        return out + [UInt8(value)]
    }
}
