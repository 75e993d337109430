import NIOCore
import NIOHTTP2

/// Ends a connection as APNs does: on shutdown (`ChannelShouldQuiesceEvent`) a GOAWAY with
/// `{"reason":"Shutdown"}` naming the last stream it will answer, then close once every accepted
/// stream has been answered; on a connection that read nothing for the idle timeout (the
/// `IdleStateHandler` before the HTTP/2 handler), GOAWAY `{"reason":"IdleTimeout"}` and close.
final class ConnectionLifecycleHandler: ChannelDuplexHandler {
  typealias InboundIn = HTTP2Frame
  typealias OutboundIn = HTTP2Frame
  typealias OutboundOut = HTTP2Frame

  private var openStreams = 0
  private var lastStreamID = HTTP2StreamID(0)
  private var draining = false

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case let created as NIOHTTP2StreamCreatedEvent:
      openStreams += 1
      if created.streamID > lastStreamID { lastStreamID = created.streamID }
    case is StreamClosedEvent:
      openStreams -= 1
      if draining && openStreams <= 0 { context.close(promise: nil) }
    case is ChannelShouldQuiesceEvent:
      goAway(context: context, reason: "Shutdown", closeNow: openStreams <= 0)
    case let idle as IdleStateHandler.IdleStateEvent where idle == .read:
      goAway(context: context, reason: "IdleTimeout", closeNow: true)
    default:
      break
    }
    context.fireUserInboundEventTriggered(event)
  }

  private func goAway(context: ChannelHandlerContext, reason: String, closeNow: Bool) {
    guard !draining else { return }
    draining = true
    var w = JSONWriter()
    w.beginObject()
    w.field("reason", reason)
    w.endObject()
    var data = context.channel.allocator.buffer(capacity: w.bytes.count)
    data.writeBytes(w.bytes)
    let frame = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: data))
    let written = context.writeAndFlush(wrapOutboundOut(frame))
    if closeNow {
      let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
      written.whenComplete { _ in loopBound.value.close(promise: nil) }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A protocol error is answered by NIOHTTP2Handler (GOAWAY with its code); this connection
    // alone is closed, the server keeps serving the rest.
    context.close(promise: nil)
  }
}
