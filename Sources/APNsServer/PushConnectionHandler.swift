import NIOCore
import NIOHPACK
import NIOHTTP2
import PayloadSchema

/// Every stream of one connection, on the connection's own pipeline: gathers each request's
/// headers and at most `maxBodyBytes` of its body, asks the connection's desk for the answer and
/// writes it. There is no channel per stream: a stream is an entry in a table, which is what makes
/// a push cheap (SPEC §10's benchmark; a child channel and its pipeline per stream cost more than
/// the validation). The answers written while reading one batch of frames are flushed together.
///
/// What the stream multiplexer would otherwise do is done here:
/// - flow control: the connection window is opened to `windowSize` at the start and given back as
///   DATA is read; a stream's window is given back only while its body is being dropped, so that a
///   client past the limit can finish sending it;
/// - a body past the limit is answered at once (413, or whatever comes first in APNs' order) and the
///   rest of it is dropped as it arrives, the windows given back so that the client can finish
///   (AsyncHTTPClient, which APNSwift runs on, waits out its deadline when a stream is reset under
///   an upload); past `maxDiscarded` more the stream is reset with NO_ERROR (RFC 9113 §8.1);
/// - a stream that does not finish its request within `streamTimeout` is reset (RST_STREAM CANCEL);
///   the connection stays.
///
/// And it ends the connection as APNs does: on shutdown (`ChannelShouldQuiesceEvent`) a GOAWAY with
/// `{"reason":"Shutdown"}` naming the last stream it will answer, then close once every accepted
/// stream has been answered; on a connection that read nothing for the idle timeout (the
/// `IdleStateHandler` before the HTTP/2 handler), GOAWAY `{"reason":"IdleTimeout"}` and close; on a
/// protocol error (answered by `NIOHTTP2Handler` with its GOAWAY), close this connection alone.
final class PushConnectionHandler: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame
  typealias OutboundOut = HTTP2Frame

  private struct Stream {
    var headers: HPACKHeaders?
    var body: ByteBuffer?
    var bodyBytes = 0
    /// The answer has been written (early, when the body went past the limit).
    var answered = false
    /// The client has ended its side of the stream.
    var ended = false
    var discarded = 0
    var reset = false
    /// Flow-controlled bytes dropped and not yet given back to the stream's window.
    var unreturned = 0
    let opened: NIODeadline
  }

  /// The connection's and each stream's receive window.
  static let windowSize = 1 << 20
  /// The most body bytes dropped after an early answer before the stream is reset.
  static let maxDiscarded = 64 << 20

  private let desk: PushDesk
  private var streams: [HTTP2StreamID: Stream] = [:]
  private var connectionUnreturned = 0
  private var windowOpened = false
  private var needsFlush = false
  private var sweep: RepeatedTask?
  /// The highest stream id opened by the client, for GOAWAY.
  private var lastStreamID = HTTP2StreamID(0)
  private var draining = false

  /// The SETTINGS_MAX_CONCURRENT_STREAMS last announced (the `.apns` model moves it).
  private var streamLimit: Int

  init(desk: PushDesk, streamLimit: Int) {
    self.desk = desk
    self.streamLimit = streamLimit
    streams.reserveCapacity(64)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context: context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    sweep?.cancel()
    sweep = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    sweep?.cancel()
    sweep = nil
    streams.removeAll()
    context.fireChannelInactive()
  }

  /// Opens the connection window and starts the stream timer (once).
  private func start(context: ChannelHandlerContext) {
    guard !windowOpened else { return }
    windowOpened = true
    let increment = Self.windowSize - 65_535
    context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: increment))),
                          promise: nil)
    let timeout = desk.server.configuration.streamTimeout
    let period = TimeAmount.nanoseconds(max(min(timeout.nanoseconds / 4, 1_000_000_000), 10_000_000))
    let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    sweep = context.eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
      let (handler, context) = loopBound.value
      handler.resetStalledStreams(context: context, timeout: timeout)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case is NIOHTTP2WindowUpdatedEvent:
      break  // one a stream, the most frequent: matched first, not after four failed casts (issue 54)
    case let closed as StreamClosedEvent:
      streams[closed.streamID] = nil
      if draining && streams.isEmpty {
        // The event comes while the last frames are being flushed: closing now would drop the
        // bytes not yet handed to the socket. Close on the next turn of the loop, after a flush.
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.execute {
          loopBound.value.flush()
          loopBound.value.close(promise: nil)
        }
      }
    case is NIOHTTP2StreamCreatedEvent:
      break  // a stream enters the table with its HEADERS
    case is ChannelShouldQuiesceEvent:
      goAway(context: context, reason: .shutdown, closeNow: streams.isEmpty)
    case let idle as IdleStateHandler.IdleStateEvent where idle == .read:
      goAway(context: context, reason: .idleTimeout, closeNow: true)
    default:
      break
    }
    context.fireUserInboundEventTriggered(event)
  }

  private func goAway(context: ChannelHandlerContext, reason: APNsReason, closeNow: Bool) {
    guard !draining else { return }
    draining = true
    var w = JSONWriter()
    w.beginObject()
    w.member("reason", reason.rawValue)
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
    // A stream error has been answered by NIOHTTP2Handler with RST_STREAM: that stream alone ends.
    if let streamError = error as? NIOHTTP2Errors.StreamError {
      streams[streamError.streamID] = nil
      if draining && streams.isEmpty { context.close(promise: nil) }
      return
    }
    // A stream past SETTINGS_MAX_CONCURRENT_STREAMS has been refused by NIOHTTP2Handler with
    // RST_STREAM REFUSED_STREAM (its HEADERS never reach this table): the connection goes on.
    if error is NIOHTTP2Errors.MaxStreamsViolation { return }
    // A connection error has been answered with GOAWAY and its code: this connection alone is
    // closed, the server keeps serving the rest.
    context.close(promise: nil)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    let id = frame.streamID
    guard id != .rootStream else { return }
    switch frame.payload {
    case .headers(let headers):
      if streams[id] == nil {
        streams[id] = Stream(headers: headers.headers, opened: .now())
        if id > lastStreamID { lastStreamID = id }
      }  // trailers are read and ignored
      if headers.endStream {
        streams[id]!.ended = true
        if !streams[id]!.answered { respond(context: context, id: id, truncated: false) }
      }
    case .data(let data):
      let length = data.data.readableBytes + (data.paddingBytes.map { $0 + 1 } ?? 0)
      giveBackConnectionWindow(context: context, length)
      guard streams[id] != nil, case .byteBuffer(var chunk) = data.data else { return }
      if data.endStream { streams[id]!.ended = true }
      if streams[id]!.answered {
        drop(context: context, id: id, length: length, ended: data.endStream)
        return
      }
      let limit = desk.server.maxBodyBytes
      let room = limit - streams[id]!.bodyBytes
      let overflow = chunk.readableBytes > room
      if overflow { chunk.moveWriterIndex(to: chunk.readerIndex + room) }
      streams[id]!.bodyBytes += chunk.readableBytes
      if streams[id]!.body == nil {
        streams[id]!.body = chunk  // the common case: one DATA frame, no copy
      } else if chunk.readableBytes > 0 {
        streams[id]!.body!.writeBuffer(&chunk)
      }
      if overflow {
        respond(context: context, id: id, truncated: true)
        drop(context: context, id: id, length: length, ended: data.endStream)
      } else if data.endStream {
        respond(context: context, id: id, truncated: false)
      }
    default:
      break
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if needsFlush {
      needsFlush = false
      context.flush()
    }
    context.fireChannelReadComplete()
  }

  /// DATA read on the connection: its window is given back in large steps.
  private func giveBackConnectionWindow(context: ChannelHandlerContext, _ length: Int) {
    connectionUnreturned += length
    if connectionUnreturned >= Self.windowSize / 2 {
      write(context: context, HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: connectionUnreturned)))
      connectionUnreturned = 0
    }
  }

  /// A body being dropped after an early answer: keep the stream's window open so the client can
  /// finish, and reset the stream (NO_ERROR) past `maxDiscarded`.
  private func drop(context: ChannelHandlerContext, id: HTTP2StreamID, length: Int, ended: Bool) {
    guard var stream = streams[id] else { return }
    stream.discarded += length
    if stream.discarded > Self.maxDiscarded && !stream.reset {
      stream.reset = true
      write(context: context, HTTP2Frame(streamID: id, payload: .rstStream(.noError)))
    } else if !ended && !stream.reset {
      stream.unreturned += length
      if stream.unreturned >= Self.windowSize / 4 {
        write(context: context, HTTP2Frame(streamID: id, payload: .windowUpdate(windowSizeIncrement: stream.unreturned)))
        stream.unreturned = 0
      }
    }
    streams[id] = stream
  }

  /// Resets every stream whose request has not ended within `timeout` of its headers.
  private func resetStalledStreams(context: ChannelHandlerContext, timeout: TimeAmount) {
    let oldest = NIODeadline.now() - timeout
    var stalled: [HTTP2StreamID] = []
    for (id, stream) in streams where !stream.ended && !stream.reset && stream.opened <= oldest {
      stalled.append(id)
    }
    guard !stalled.isEmpty else { return }
    for id in stalled.sorted() {
      streams[id] = nil
      context.write(wrapOutboundOut(HTTP2Frame(streamID: id, payload: .rstStream(.cancel))), promise: nil)
    }
    context.flush()
    if draining && streams.isEmpty { context.close(promise: nil) }
  }

  private func write(context: ChannelHandlerContext, _ frame: HTTP2Frame) {
    context.write(wrapOutboundOut(frame), promise: nil)
    needsFlush = true
  }

  private func respond(context: ChannelHandlerContext, id: HTTP2StreamID, truncated: Bool) {
    guard var stream = streams[id] else { return }
    stream.answered = true
    let requestHeaders = stream.headers ?? HPACKHeaders()
    let body = stream.body
    stream.body = nil
    stream.headers = nil
    streams[id] = stream

    let streamNumber = Int(id)
    let (answer, apnsID, uniqueID): (Response, String, String?)
    if let body {
      (answer, apnsID, uniqueID) = body.withUnsafeReadableBytes {
        desk.answer(headers: requestHeaders, body: $0, bodyTruncated: truncated, streamID: streamNumber)
      }
    } else {
      (answer, apnsID, uniqueID) = desk.answer(headers: requestHeaders, body: UnsafeRawBufferPointer(start: nil, count: 0),
                                               bodyTruncated: truncated, streamID: streamNumber)
    }

    let c = desk.server.configuration
    if c.streamLimitModel == .apns {
      // One stream after a refused push, the full limit after an accepted one; a new SETTINGS
      // only when the limit changes (NIOHTTP2 applies it once the client acknowledges).
      // A refusal is a 4xx about the push (not 429, the server's own rate; not 5xx, its faults).
      let refused = answer.status >= 400 && answer.status < 500 && answer.status != 429
      let wanted = answer.status == 200 ? c.maxConcurrentStreams : refused ? 1 : streamLimit
      if wanted != streamLimit {
        streamLimit = wanted
        write(context: context, HTTP2Frame(streamID: .rootStream,
                                           payload: .settings(.settings([HTTP2Setting(parameter: .maxConcurrentStreams, value: wanted)]))))
      }
    }

    var response = HPACKHeaders()
    response.reserveCapacity(4)
    response.add(name: ":status", value: Self.statusText(answer.status))
    // A fresh id each time: kept out of the HPACK table (indexing it only evicts what repeats).
    response.add(name: answer.idHeader, value: apnsID, indexing: .nonIndexable)
    if let uniqueID { response.add(name: "apns-unique-id", value: uniqueID, indexing: .nonIndexable) }
    for h in answer.headers { response.add(name: h.name, value: h.value, indexing: .nonIndexable) }
    if let bytes = answer.body {
      response.add(name: "content-type", value: "application/json")
      response.add(name: "content-length", value: String(bytes.count))
      write(context: context, HTTP2Frame(streamID: id, payload: .headers(.init(headers: response))))
      var buffer = context.channel.allocator.buffer(capacity: bytes.count)
      buffer.writeBytes(bytes)
      write(context: context, HTTP2Frame(streamID: id, payload: .data(.init(data: .byteBuffer(buffer), endStream: true))))
    } else {
      write(context: context, HTTP2Frame(streamID: id, payload: .headers(.init(headers: response, endStream: true))))
    }
    // A token of a key unrelated to the connection's (Apple: "To use this token, open a new
    // connection"): the answer, then GOAWAY; the connection closes once its streams are done.
    if desk.closeRequested { goAway(context: context, reason: .unrelatedKeyIdInToken, closeNow: false) }
  }

  static func statusText(_ status: Int) -> String {
    switch status {
    case 200: "200"
    case 400: "400"
    case 403: "403"
    case 404: "404"
    case 405: "405"
    case 410: "410"
    case 413: "413"
    case 429: "429"
    case 500: "500"
    case 503: "503"
    default: String(status)
    }
  }
}
