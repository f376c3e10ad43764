import NIOCore
import NIOPosix
import NIOSSL

/// One reply of an SMTP server (RFC 5321 section 4.2): a code and its lines, multi-line replies
/// (`250-…` then `250 …`) joined.
struct SMTPReply: Sendable {
    var code: Int
    var lines: [String]
    var text: String { lines.joined(separator: " ") }
}

/// Splits the byte stream into replies.
struct SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply
    var lines: [String] = []

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let end = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else { return .needMoreData }
        var line = buffer.readString(length: end - buffer.readerIndex + 1) ?? ""
        while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
        let bytes = Array(line.utf8)
        lines.append(bytes.count > 4 ? String(line.dropFirst(4)) : "")
        if bytes.count < 4 || bytes[3] != UInt8(ascii: "-") {
            context.fireChannelRead(wrapInboundOut(SMTPReply(code: Int(line.prefix(3)) ?? 0, lines: lines)))
            lines = []
        }
        return .continue
    }
}

/// Hands each reply to the conversation, which awaits them in order; an error in the pipeline
/// (a failed TLS handshake above all) ends the replies with that error, so the conversation can
/// say why the server went quiet.
final class SMTPReplyForwarder: ChannelInboundHandler {
    typealias InboundIn = SMTPReply
    let continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        continuation.finish(throwing: error)
        context.close(promise: nil)
    }
}
