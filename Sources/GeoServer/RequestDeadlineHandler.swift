import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request is still being received ``ConnectionLimits/requestSeconds``
/// after its head arrived. Hummingbird's idle timeout counts every body part as activity, so it
/// never ends a body sent a byte every few seconds; this bounds the whole request instead.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let limit: TimeAmount
    var deadline: Scheduled<Void>?

    init(seconds: Double) {
        limit = .nanoseconds(Int64(seconds * 1_000_000_000))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: limit) { loopBound.value.close(promise: nil) }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }
}

@available(*, unavailable)
extension RequestDeadlineHandler: Sendable {}
