import NIOCore
import NIOHTTP1
import NIOPosix

/// The inbox over HTTP/1.1 for browsers (`--ui-port`): `GET /` the page, `GET /api/pushes`
/// (newest first; `?token=`, `?topic=`, `?limit=` filters), `DELETE /api/pushes`, and
/// `GET /api/cards`: the same pushes as the page's HTML cards (default limit 200), which the page
/// fetches to update itself, 304 when its `If-None-Match` names the same pushes.
final class InboxHTTPHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let inbox: Inbox
  private var head: HTTPRequestHead?

  init(inbox: Inbox) { self.inbox = inbox }

  static func bootstrap(group: any EventLoopGroup, inbox: Inbox) -> ServerBootstrap {
    ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(InboxHTTPHandler(inbox: inbox))
        }
      }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let h): head = h
    case .body: break  // no request here has a body worth reading
    case .end:
      guard let head else { return }
      self.head = nil
      respond(context: context, head: head)
    }
  }

  private func respond(context: ChannelHandlerContext, head: HTTPRequestHead) {
    let (path, query) = Self.split(head.uri)
    switch (head.method, path) {
    case (.GET, "/"), (.GET, "/index.html"):
      let page = InboxPage.page(inbox.pushes(limit: InboxPage.limit))
      send(context, head, .ok, "text/html; charset=utf-8", Array(page.utf8))
    case (.GET, "/api/cards"):
      let limit = query["limit"].flatMap { Int($0) } ?? InboxPage.limit
      let records = inbox.pushes(token: query["token"], topic: query["topic"], limit: max(0, limit))
      // The page asks every second: when the same pushes would be drawn, say so without drawing them.
      let tag = InboxPage.entityTag(records)
      if head.headers["if-none-match"].contains(tag) {
        send(context, head, .notModified, nil, [], entityTag: tag)
      } else {
        send(context, head, .ok, "text/html; charset=utf-8", Array(InboxPage.cards(records).utf8), entityTag: tag)
      }
    case (.GET, "/api/pushes"):
      let limit = query["limit"].flatMap { Int($0) } ?? 1000
      let records = inbox.pushes(token: query["token"], topic: query["topic"], limit: max(0, limit))
      var w = JSONWriter()
      w.beginArray()
      for r in records {
        w.element()
        r.json(into: &w)
      }
      w.endArray()
      send(context, head, .ok, "application/json", w.bytes)
    case (.DELETE, "/api/pushes"):
      inbox.removeAll()
      send(context, head, .noContent, nil, [])
    case (_, "/"), (_, "/index.html"), (_, "/api/pushes"), (_, "/api/cards"):
      send(context, head, .methodNotAllowed, "text/plain", Array("method not allowed\n".utf8))
    default:
      send(context, head, .notFound, "text/plain", Array("not found\n".utf8))
    }
  }

  private func send(_ context: ChannelHandlerContext, _ request: HTTPRequestHead, _ status: HTTPResponseStatus,
                    _ type: String?, _ body: [UInt8], entityTag: String? = nil) {
    var headers = HTTPHeaders()
    if let type { headers.add(name: "content-type", value: type) }
    if let entityTag { headers.add(name: "etag", value: entityTag) }
    if status != .notModified { headers.add(name: "content-length", value: String(body.count)) }
    headers.add(name: "cache-control", value: "no-store")
    let keepAlive = request.isKeepAlive
    if !keepAlive { headers.add(name: "connection", value: "close") }
    context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
    if !body.isEmpty {
      var buffer = context.channel.allocator.buffer(capacity: body.count)
      buffer.writeBytes(body)
      context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }
    let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if !keepAlive {
      let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
      done.whenComplete { _ in loopBound.value.close(promise: nil) }
    }
  }

  /// The path and the decoded query parameters of a request target.
  static func split(_ uri: String) -> (String, [String: String]) {
    guard let q = uri.firstIndex(of: "?") else { return (uri, [:]) }
    var query: [String: String] = [:]
    for pair in uri[uri.index(after: q)...].split(separator: "&") {
      let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = percentDecoded(kv[0])
      query[key] = kv.count > 1 ? percentDecoded(kv[1]) : ""
    }
    return (String(uri[..<q]), query)
  }

  static func percentDecoded(_ text: Substring) -> String {
    var out: [UInt8] = []
    var bytes = text.utf8.makeIterator()
    while let b = bytes.next() {
      if b == UInt8(ascii: "+") {
        out.append(0x20)
      } else if b == UInt8(ascii: "%"), let h = bytes.next(), let l = bytes.next(),
                let hi = hexValue(h), let lo = hexValue(l) {
        out.append(hi << 4 | lo)
      } else {
        out.append(b)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: nil
    }
  }
}
