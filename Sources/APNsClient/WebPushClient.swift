import APNsAuth
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import PayloadSchema

/// Sending a web push message (SPEC §16): a browser's `PushSubscription`, the message encrypted
/// to it (RFC 8291 `aes128gcm`), a VAPID token for the endpoint's origin (RFC 8292), and one POST
/// to the endpoint. Over `https://`, TLS with ALPN offering HTTP/2 first and HTTP/1.1 (Apple's web
/// push service takes both; a service that offers only HTTP/1.1 gets it); over a loopback
/// `http://` service (`apns-lint serve --web-push` without TLS), HTTP/1.1.
///
/// ```swift
/// let subscription = try WebPushSubscription(json: subscriptionJSON)
/// let request = try WebPushClient.request(message: bytes, to: subscription, signer: signer,
///                                         subject: "mailto:ops@example.com", ttl: 86_400, now: now)
/// let response = try await WebPushClient.send(request)   // 201, or Apple's status and {"reason": …}
/// ```
public enum WebPushClient {
  /// Builds the request: encrypts `message` to the subscription, signs a VAPID token for its
  /// origin, and sets `TTL`, `Urgency` and `Topic` when given.
  public static func request(message: [UInt8], to subscription: WebPushSubscription, signer: VAPIDSigner, subject: String,
                             ttl: Int, urgency: String? = nil, topic: String? = nil, now: Int64) throws -> WebPushRequest {
    guard let audience = VAPIDSigner.audience(forEndpoint: subscription.endpoint) else {
      throw WebPushClientError("the endpoint '\(subscription.endpoint)' is not an https URL with a host (http:// only on a loopback host)")
    }
    let token: VAPIDToken
    do { token = try signer.token(audience: audience, subject: subject, now: now) } catch { throw WebPushClientError(error.message) }
    let body: [UInt8]
    do { body = try WebPushEncryption.encrypt(message, to: subscription.keys) } catch { throw WebPushClientError(error.message) }
    var headers = [("TTL", String(ttl)), ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
                   ("Authorization", token.authorization)]
    if let urgency { headers.append(("Urgency", urgency)) }
    if let topic { headers.append(("Topic", topic)) }
    return WebPushRequest(endpoint: subscription.endpoint, headers: headers, body: body)
  }

  /// Sends `request` and reads the answer. `caFile` trusts that CA instead of the system's.
  public static func send(_ request: WebPushRequest, caFile: String? = nil, timeout: TimeAmount = .seconds(30)) async throws -> WebPushResponse {
    guard let url = URLParts(request.endpoint) else { throw WebPushClientError("the endpoint '\(request.endpoint)' is not a URL") }
    let tls: NIOSSLContext? = try url.https ? {
      var configuration = TLSConfiguration.makeClientConfiguration()
      configuration.applicationProtocols = ["h2", "http/1.1"]
      if let caFile { configuration.trustRoots = .file(caFile) }
      return try NIOSSLContext(configuration: configuration)
    }() : nil
    let group = MultiThreadedEventLoopGroup.singleton
    let promise = group.next().makePromise(of: WebPushResponse.self)
    // HTTP/1.1's head; an HTTP/2 stream takes the same one without the connection header (its
    // host becomes :authority).
    var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: url.path)
    head.headers.add(name: "host", value: url.hostHeader)
    head.headers.add(name: "content-length", value: String(request.body.count))
    for (name, value) in request.headers { head.headers.add(name: name, value: value) }
    var streamHead = head
    streamHead.version = .http2
    head.headers.add(name: "connection", value: "close")
    let http1Head = head, http2Head = streamHead
    let body = request.body
    // An IP address is no server name (SNI); NIOSSL then checks the certificate against the address.
    let serverName: String? = url.host.contains(":") || url.host.allSatisfy({ $0 == "." || $0.isNumber }) ? nil : url.host
    @Sendable func http1(_ channel: any Channel) -> EventLoopFuture<Void> {
      channel.eventLoop.makeCompletedFuture {
        try channel.pipeline.syncOperations.addHTTPClientHandlers()
        try channel.pipeline.syncOperations.addHandler(WebPushExchange(head: http1Head, body: body, promise: promise))
      }
    }
    @Sendable func http2(_ channel: any Channel) -> EventLoopFuture<Void> {
      channel.configureHTTP2Pipeline(mode: .client, inboundStreamInitializer: { $0.close() }).flatMap { multiplexer in
        multiplexer.createStreamChannel { stream in
          stream.eventLoop.makeCompletedFuture {
            try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https))
            try stream.pipeline.syncOperations.addHandler(WebPushExchange(head: http2Head, body: body, promise: promise))
          }
        }.map { _ in () }
      }
    }
    let channel = try await ClientBootstrap(group: group)
      .connectTimeout(timeout)
      .channelInitializer { channel in
        guard let tls else { return http1(channel) }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: serverName))
          try channel.pipeline.syncOperations.addHandler(ApplicationProtocolNegotiationHandler { result, channel in
            if case .negotiated("h2") = result { return http2(channel) }
            return http1(channel)
          })
        }
      }
      .connect(host: url.host, port: url.port).get()
    defer { channel.close(promise: nil) }
    let deadline = channel.eventLoop.scheduleTask(in: timeout) { promise.fail(WebPushClientError("no answer within \(timeout)")) }
    defer { deadline.cancel() }
    return try await promise.futureResult.get()
  }
}

/// A browser's `PushSubscription` (its `toJSON()`): the endpoint and the keys a message is
/// encrypted to.
public struct WebPushSubscription: Sendable, Hashable {
  public var endpoint: String
  public var keys: WebPushSubscriptionKeys

  public init(endpoint: String, keys: WebPushSubscriptionKeys) {
    self.endpoint = endpoint
    self.keys = keys
  }

  /// Reads `{"endpoint": …, "keys": {"p256dh": …, "auth": …}}` (`expirationTime` and anything
  /// else ignored).
  public init(json: [UInt8]) throws {
    guard case .success(let object) = JSONMembers.read(json) else {
      throw WebPushClientError("not a JSON object; a PushSubscription is {\"endpoint\": …, \"keys\": {\"p256dh\": …, \"auth\": …}}")
    }
    guard let endpoint = object.named("endpoint")?.string else { throw WebPushClientError("no \"endpoint\" string") }
    guard let member = object.named("keys"), member.kind == .object, case .success(let keys) = JSONMembers.read(Array(json[member.range])),
          let p256dh = keys.named("p256dh")?.string, let auth = keys.named("auth")?.string else {
      throw WebPushClientError("no \"keys\" with \"p256dh\" and \"auth\" strings")
    }
    do { self.keys = try WebPushSubscriptionKeys(p256dh: p256dh, auth: auth) } catch { throw WebPushClientError(error.message) }
    self.endpoint = endpoint
  }
}

/// A web push request, ready to send: the endpoint, the headers, the encrypted body.
public struct WebPushRequest: Sendable {
  public var endpoint: String
  public var headers: [(String, String)]
  public var body: [UInt8]

  /// The request as text: `POST endpoint`, the headers, and the encrypted body's size and
  /// base64; the VAPID signature shortened unless `showSecrets`.
  public func text(showSecrets: Bool = false) -> String {
    var out = "POST \(endpoint)\n"
    for (name, value) in shownHeaders(showSecrets) { out += "\(name): \(value)\n" }
    return out + "\n\(body.count) bytes (aes128gcm), base64: \(Data(body).base64EncodedString())\n"
  }

  /// A shell command that sends the same bytes with curl (the body decoded from base64 on its
  /// standard input); the VAPID signature shortened unless `showSecrets`.
  public func curlCommand(showSecrets: Bool = false) -> String {
    var out = "base64 -d <<'EOF' | curl -sS -X POST --data-binary @- \\\n"
    for (name, value) in shownHeaders(showSecrets) { out += "  -H '\(name): \(value)' \\\n" }
    return out + "  '\(endpoint)'\n\(Data(body).base64EncodedString())\nEOF\n"
  }

  func shownHeaders(_ showSecrets: Bool) -> [(String, String)] {
    headers.map { ($0.0, showSecrets || $0.0 != "Authorization" ? $0.1 : Self.redacted($0.1)) }
  }

  /// `vapid t=header.claims.signature, k=…` → `vapid t=header.claims.…, k=…`.
  static func redacted(_ authorization: String) -> String {
    guard let dot = authorization.lastIndex(of: ".") else { return authorization }
    let tail = authorization[dot...].split(separator: ",", maxSplits: 1)
    return String(authorization[..<dot]) + ".…" + (tail.count > 1 ? "," + tail[1] : "")
  }
}

/// What the push service answered.
public struct WebPushResponse: Sendable {
  public var status: Int
  public var headers: [(String, String)]
  public var body: [UInt8]
  /// The HTTP version of the exchange: `HTTP/2` or `HTTP/1.1`.
  public var httpVersion: String = "HTTP/1.1"

  /// The `reason` of a JSON error body (`{"reason": "BadTtl"}`), if there is one.
  public var reason: String? {
    (try? JSONMembers.read(body).get())?.named("reason")?.string
  }

  /// What apns-lint prints to explain the answer: the explanation of its row of `APNsCatalogue`
  /// on web push (Apple's "Sending web push notifications in web apps and browsers"); nil for an
  /// answer the catalogue does not explain.
  public var meaning: String? {
    APNsCatalogue.row(for: APNsAnswer(status: status, reason: reason), on: .webPush)?.explanation
  }
}

/// Why a web push request could not be made or sent.
public struct WebPushClientError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// `https://host:port/path` taken apart.
struct URLParts {
  var https: Bool
  var host: String
  var port: Int
  var path: String
  var hostHeader: String

  init?(_ text: String) {
    let https = text.hasPrefix("https://")
    guard https || text.hasPrefix("http://") else { return nil }
    let rest = text.dropFirst(https ? 8 : 7)
    let authority = rest.prefix { $0 != "/" }
    path = String(rest.dropFirst(authority.count))
    if path.isEmpty { path = "/" }
    var host = String(authority)
    var port = https ? 443 : 80
    if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
      let after = host[host.index(after: close)...]
      if after.hasPrefix(":"), let p = Int(after.dropFirst()) { port = p }
      host = String(host[host.index(after: host.startIndex)..<close])
    } else if let colon = host.lastIndex(of: ":"), let p = Int(host[host.index(after: colon)...]) {
      port = p
      host = String(host[..<colon])
    }
    guard !host.isEmpty else { return nil }
    self.https = https
    self.host = host
    self.port = port
    hostHeader = String(authority)
  }
}

/// Writes one request and collects its response.
private final class WebPushExchange: ChannelInboundHandler {
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private let head: HTTPRequestHead
  private let body: [UInt8]
  private let promise: EventLoopPromise<WebPushResponse>
  private var response: HTTPResponseHead?
  private var received: [UInt8] = []

  init(head: HTTPRequestHead, body: [UInt8], promise: EventLoopPromise<WebPushResponse>) {
    self.head = head
    self.body = body
    self.promise = promise
  }

  private var sent = false

  // Added to an active channel (HTTP/1.1 after ALPN), or before a stream or connection is active.
  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { write(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    write(context)
    context.fireChannelActive()
  }

  private func write(_ context: ChannelHandlerContext) {
    guard !sent else { return }
    sent = true
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    if !body.isEmpty {
      context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
    }
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let h): response = h
    case .body(var buffer):
      if received.count < 1 << 20, let bytes = buffer.readBytes(length: buffer.readableBytes) { received += bytes }
    case .end:
      guard let response else { return }
      promise.succeed(WebPushResponse(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) }, body: received,
                                      httpVersion: response.version.major >= 2 ? "HTTP/2" : "HTTP/1.1"))
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    promise.fail(error)
    context.close(promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    promise.fail(WebPushClientError("the connection closed before an answer"))
  }
}
