import NIOCore
import NIOHPACK
import NIOHTTP2

/// One HTTP/2 stream: gathers the request's headers and at most `maxBodyBytes` of its body, asks
/// the connection's desk for the answer and writes it. A body past the limit is answered at once
/// (413, or whatever comes first in APNs' order) and the rest of it is dropped as it arrives; a
/// stream that does not finish its request in time is reset.
final class PushStreamHandler: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  private let desk: PushDesk
  private var headers: HPACKHeaders?
  private var body: ByteBuffer?
  private var bodyBytes = 0
  private var answered = false
  private var timeout: Scheduled<Void>?
  private var streamID = 0
  private var discarded = 0
  private var reset = false

  init(desk: PushDesk) {
    self.desk = desk
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if let id = try? context.channel.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID) { streamID = Int(id) }
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    timeout = context.eventLoop.scheduleTask(in: desk.server.configuration.streamTimeout) {
      let context = loopBound.value
      // The request never finished: reset the stream (RST_STREAM CANCEL), keep the connection.
      context.close(promise: nil)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timeout?.cancel()
    timeout = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let payload = unwrapInboundIn(data)
    guard !answered else {
      // Answered early (a body past the limit): what the client still sends is dropped; past
      // 1 MiB more, the stream is reset with NO_ERROR (RFC 9113 §8.1). The stream timeout still runs.
      if case .data(let frame) = payload {
        discarded += frame.data.readableBytes
        if discarded > 1 << 20 && !reset {
          reset = true
          context.writeAndFlush(wrapOutboundOut(.rstStream(.noError)), promise: nil)
        }
      }
      return
    }
    switch payload {
    case .headers(let frame):
      if headers == nil {
        headers = frame.headers
      }  // trailers are read and ignored
      if frame.endStream { respond(context: context, truncated: false) }
    case .data(let frame):
      guard case .byteBuffer(var chunk) = frame.data else { return }
      let limit = desk.server.maxBodyBytes
      let room = limit - bodyBytes
      let overflow = chunk.readableBytes > room
      if overflow { chunk.moveWriterIndex(to: chunk.readerIndex + room) }
      bodyBytes += chunk.readableBytes
      if body == nil {
        body = chunk  // the common case: one DATA frame, no copy
      } else if chunk.readableBytes > 0 {
        body!.writeBuffer(&chunk)
      }
      if overflow {
        respond(context: context, truncated: true)
        if frame.endStream {
          timeout?.cancel()
          timeout = nil
        }
      } else if frame.endStream {
        respond(context: context, truncated: false)
      }
    default:
      break
    }
  }

  private func respond(context: ChannelHandlerContext, truncated: Bool) {
    answered = true
    if !truncated {
      timeout?.cancel()
      timeout = nil
    }
    let requestHeaders = headers ?? HPACKHeaders()
    let (answer, apnsID, uniqueID): (Answer, String, String?)
    if let body {
      (answer, apnsID, uniqueID) = body.withUnsafeReadableBytes { desk.answer(headers: requestHeaders, body: $0, bodyTruncated: truncated, streamID: streamID) }
    } else {
      (answer, apnsID, uniqueID) = desk.answer(headers: requestHeaders, body: UnsafeRawBufferPointer(start: nil, count: 0),
                                               bodyTruncated: truncated, streamID: streamID)
    }
    body = nil
    headers = nil

    var response = HPACKHeaders()
    response.reserveCapacity(4)
    response.add(name: ":status", value: Self.statusText(answer.status))
    response.add(name: "apns-id", value: apnsID)
    if let uniqueID { response.add(name: "apns-unique-id", value: uniqueID) }
    if let bytes = answer.body {
      response.add(name: "content-type", value: "application/json")
      response.add(name: "content-length", value: String(bytes.count))
      context.write(wrapOutboundOut(.headers(.init(headers: response))), promise: nil)
      var buffer = context.channel.allocator.buffer(capacity: bytes.count)
      buffer.writeBytes(bytes)
      context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(buffer), endStream: true))), promise: nil)
    } else {
      context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: response, endStream: true))), promise: nil)
    }
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
