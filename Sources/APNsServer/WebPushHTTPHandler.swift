import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NotificationCard
import PayloadSchema

/// `serve --web-push PORT` (SPEC §16): a local web push service, answering as Apple's does
/// (``WebPushService``). Plain, it speaks HTTP/1.1 (what pywebpush and most web push libraries
/// speak); with the server's TLS identity (`--tls-cert`, `--tls-self-signed`) ALPN chooses HTTP/2
/// or HTTP/1.1, as Apple's service offers both:
/// - `POST /subscriptions` (body, optional: `{"applicationServerKey": "<base64url>"}`): 201 and a
///   browser-shaped `PushSubscription` JSON, so a test needs no browser;
/// - `POST /push/<id>`: a push, answered 201 (with `location` and `apns-id`) or Apple's status and
///   `{"reason": …}`;
/// - `GET /pushes`: what was received, newest first, as JSON: the answer, the decrypted message,
///   and what Safari shows of it; `GET /`: the same as lock-screen banners;
/// - `DELETE /subscriptions/<id>`: the subscription expires (410 from then on).
final class WebPushHTTPHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let desk: WebPushDesk
  private var head: HTTPRequestHead?
  private var body: [UInt8] = []
  private var tooLarge = false
  /// Request bodies are read up to this (a push body is 4096 bytes at most; more is answered 413).
  static let maxBody = 64 * 1024

  init(desk: WebPushDesk) { self.desk = desk }

  static func bootstrap(group: any EventLoopGroup, desk: WebPushDesk, tls: NIOSSLContext? = nil) -> ServerBootstrap {
    ServerBootstrap(group: group)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        guard let tls else {
          return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(WebPushHTTPHandler(desk: desk))
          }
        }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
        }.flatMap {
          // ALPN: h2, each stream an HTTP/1-shaped exchange for the same handler; else HTTP/1.1.
          channel.configureHTTP2SecureUpgrade(
            h2ChannelConfigurator: { channel in
              channel.configureHTTP2Pipeline(mode: .server) { stream in
                stream.eventLoop.makeCompletedFuture {
                  try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                  try stream.pipeline.syncOperations.addHandler(WebPushHTTPHandler(desk: desk))
                }
              }.map { _ in () }
            },
            http1ChannelConfigurator: { channel in
              channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                try channel.pipeline.syncOperations.addHandler(WebPushHTTPHandler(desk: desk))
              }
            })
        }
      }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let h):
      head = h
      body = []
      tooLarge = false
    case .body(var buffer):
      if body.count + buffer.readableBytes > Self.maxBody { tooLarge = true }
      if !tooLarge, let bytes = buffer.readBytes(length: buffer.readableBytes) { body += bytes }
    case .end:
      guard let head else { return }
      self.head = nil
      respond(context: context, head: head)
    }
  }

  private func respond(context: ChannelHandlerContext, head: HTTPRequestHead) {
    let path = String(head.uri.prefix { $0 != "?" })
    let now = Int64(Date().timeIntervalSince1970)
    if path.hasPrefix("/push/") {
      let headers = head.headers.map { (name: $0.name, value: $0.value) }
      let answer = tooLarge
        ? WebPushAnswer.refused(.payloadTooLarge, "the body is over \(Self.maxBody) bytes")
        : desk.receive(method: head.method.rawValue, path: path, headers: headers, body: body, now: now)
      var extra = [("apns-id", UUID().uuidString)]
      if answer.status == 201 { extra.append(("location", path + "/" + (extra[0].1))) }
      send(context, head, HTTPResponseStatus(statusCode: answer.status), answer.body.isEmpty ? nil : "application/json",
           Array(answer.body.utf8), extra: extra)
      return
    }
    switch (head.method, path) {
    case (.POST, "/subscriptions"):
      switch desk.subscribe(requestBody: body) {
      case .success(let record): send(context, head, .created, "application/json", Array((record.json + "\n").utf8))
      case .failure(let problem): send(context, head, .badRequest, "text/plain", Array((problem.message + "\n").utf8))
      }
    case (.DELETE, _) where path.hasPrefix("/subscriptions/"):
      let found = desk.expire(String(path.dropFirst("/subscriptions/".count)))
      send(context, head, found ? .noContent : .notFound, nil, [])
    case (.GET, "/pushes"):
      send(context, head, .ok, "application/json", Array(desk.pushesJSON().utf8))
    case (.GET, "/"), (.GET, "/index.html"):
      send(context, head, .ok, "text/html; charset=utf-8", Array(desk.page().utf8))
    default:
      send(context, head, .notFound, "text/plain", Array("not found\n".utf8))
    }
  }

  private func send(_ context: ChannelHandlerContext, _ request: HTTPRequestHead, _ status: HTTPResponseStatus,
                    _ type: String?, _ body: [UInt8], extra: [(String, String)] = []) {
    var headers = HTTPHeaders()
    if let type { headers.add(name: "content-type", value: type) }
    for (name, value) in extra { headers.add(name: name, value: value) }
    headers.add(name: "content-length", value: String(body.count))
    // (HTTP/2 has no connection header: a stream ends with its response.)
    let keepAlive = request.version.major >= 2 || request.isKeepAlive
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
}

/// The web push service shared by every connection, and the pushes it received (newest first,
/// at most ``capacity``).
public final class WebPushDesk: Sendable {
  private let state: NIOLockedValueBox<(service: WebPushService, received: [ReceivedWebPush])>
  /// The most pushes kept.
  public static let capacity = 1000

  /// A desk whose service answers as `configuration` says (`serve`'s options).
  public init(origin: String, configuration: APNsServer.Configuration = APNsServer.Configuration()) {
    state = NIOLockedValueBox((WebPushService(origin: origin, configuration: configuration), []))
  }

  /// One push the service answered.
  public struct ReceivedWebPush: Sendable {
    public var subscription: String
    public var answer: WebPushAnswer
    public var receivedAt: Date
  }

  /// The service's origin (`http://127.0.0.1:8026`): endpoints start with it, VAPID `aud` is it.
  public var origin: String {
    get { state.withLockedValue { $0.service.origin } }
    set { state.withLockedValue { $0.service.origin = newValue } }
  }

  /// A subscription for `POST /subscriptions`; the body may name the page's `applicationServerKey`.
  public func subscribe(requestBody: [UInt8]) -> Result<WebPushSubscriptionRecord, WebPushSubscriptionError> {
    var key: [UInt8]?
    if !requestBody.isEmpty {
      guard case .success(let object) = JSONMembers.read(requestBody) else {
        return .failure(WebPushSubscriptionError(message: "the body is not a JSON object (expected {\"applicationServerKey\": \"<base64url>\"} or nothing)"))
      }
      if let text = object.named("applicationServerKey")?.string {
        var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while s.count % 4 != 0 { s += "=" }
        guard let data = Data(base64Encoded: s), data.count == 65, data.first == 4 else {
          return .failure(WebPushSubscriptionError(message: "applicationServerKey is not a base64url uncompressed P-256 public key (65 bytes starting 0x04)"))
        }
        key = Array(data)
      }
    }
    return .success(state.withLockedValue { $0.service.subscribe(applicationServerKey: key) })
  }

  /// Whether the subscription existed; it expires either way.
  public func expire(_ id: String) -> Bool {
    state.withLockedValue { s in
      guard s.service.subscription(id) != nil else { return false }
      s.service.expire(id)
      return true
    }
  }

  /// Answers a push and keeps it.
  public func receive(method: String, path: String, headers: [(name: String, value: String)], body: [UInt8], now: Int64) -> WebPushAnswer {
    state.withLockedValue { s in
      let answer = s.service.receive(method: method, path: path, headers: headers, body: body, now: now)
      s.received.insert(ReceivedWebPush(subscription: String(path.dropFirst("/push/".count)), answer: answer, receivedAt: Date()), at: 0)
      if s.received.count > Self.capacity { s.received.removeLast() }
      return answer
    }
  }

  /// The pushes received, newest first.
  public var received: [ReceivedWebPush] { state.withLockedValue { $0.received } }

  /// `GET /pushes`: every push with its answer, the message and what Safari shows.
  func pushesJSON() -> String {
    let list: [[String: Any]] = received.map { push in
      let a = push.answer
      let shown: Any = a.shown.map { n -> [String: Any] in
        ["title": n.title, "body": n.body, "navigate": n.navigate, "lang": n.lang, "dir": n.dir,
         "appBadge": n.appBadge.map { Int(clamping: $0) as Any } ?? NSNull()]
      } ?? NSNull()
      return [
        "subscription": push.subscription, "status": a.status, "reason": a.reason ?? NSNull(), "problem": a.problem ?? NSNull(),
        "ttl": a.ttl ?? NSNull(), "urgency": a.urgency ?? NSNull(), "topic": a.topic ?? NSNull(), "subject": a.subject ?? NSNull(),
        "message": a.plaintext.map { String(decoding: $0, as: UTF8.self) } ?? NSNull(), "declarative": a.shown != nil, "shown": shown,
        "safari": Self.whatSafariDoes(a),
        "findings": (a.message?.findings ?? []).map { "\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.rule.rawValue)]" },
      ]
    }
    let data = (try? JSONSerialization.data(withJSONObject: list, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// One sentence: what Safari does with the push.
  static func whatSafariDoes(_ answer: WebPushAnswer) -> String {
    if answer.status != 201 { return "not delivered: the service refused it" }
    if let n = answer.shown { return "shows '\(n.title)' from \(DeclarativeURL.host(n.navigate) ?? "the site"), by itself" }
    if answer.plaintext == nil { return "shows nothing by itself: an empty push reaches the service worker only" }
    return "shows nothing by itself: the message is not declarative, so only the site's service worker can show it (three pushes it does not show, and Safari revokes the permission)"
  }

  /// `GET /`: each push as a lock-screen banner, or why Safari shows nothing.
  func page() -> String {
    var cards = ""
    for push in received {
      let heading = NotificationCard.escape("\(push.answer.status)\(push.answer.reason.map { " " + $0 } ?? "") · \(push.subscription)")
      let banners = push.answer.shown.map { n in
        [NotificationCard.Banner(appName: DeclarativeURL.host(n.navigate) ?? "website", languages: n.lang.isEmpty ? "en" : n.lang,
                                 localization: n.lang.isEmpty ? nil : n.lang, title: n.title, body: n.body.isEmpty ? nil : n.body,
                                 caption: "opens \(n.navigate)", direction: n.dir)]
      } ?? []
      var notes = push.answer.message?.findings.map(NotificationCard.Note.init) ?? []
      if push.answer.shown == nil {
        notes.insert(NotificationCard.Note(severity: push.answer.status == 201 ? .warning : .error, position: "-",
                                           message: push.answer.problem ?? Self.whatSafariDoes(push.answer), rule: "web push"), at: 0)
      }
      cards += NotificationCard.card(headingHTML: heading, banners: banners, findings: notes) + "\n"
    }
    return NotificationCard.page(title: "web push inbox — apns-lint serve", summary: "\(received.count) pushes, newest first, as Safari shows them",
                                 cardsHTML: cards, generator: "apns-lint serve --web-push")
  }
}

/// Why `POST /subscriptions` made no subscription.
public struct WebPushSubscriptionError: Error, Sendable {
  public var message: String
}
