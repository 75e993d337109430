import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// The HTTP client of the server's tests, on SwiftNIO's own codecs and nothing of the server's:
/// - pushes: HTTP/2 over TLS (ALPN `h2`; no certificate verification, the server makes its
///   certificate at start), one connection a port, each request a new stream on it, as a
///   provider's client sends; the answer's version is what the codec read (`.http2`);
/// - the inbox page: HTTP/1.1 over plain TCP, one connection a request.
///
/// Every request has a deadline; a stream the server resets, or a connection it closes, before the
/// whole answer arrived fails the request with the reason.
final class TestHTTPClient: Sendable {
  private let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  private let tls: NIOSSLContext
  /// Open HTTP/2 connections, by port.
  private let connections = NIOLockedValueBox<[Int: H2Connection]>([:])

  init() {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.certificateVerification = .none
    configuration.applicationProtocols = ["h2"]
    // A failure here is a broken test environment, not a finding.
    tls = try! NIOSSLContext(configuration: configuration)
  }

  /// What a request sends after its head.
  enum Body: Sendable {
    /// These bytes, then the end of the stream.
    case bytes(ByteBuffer)
    /// These bytes and never the end: the server must time the stream out.
    case neverEnding(ByteBuffer)
  }

  struct Response: Sendable {
    var head: HTTPResponseHead
    var body: ByteBuffer
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A request on a stream of the HTTP/2 connection to `127.0.0.1:port` over TLS.
  func h2(port: Int, method: HTTPMethod, path: String, headers: [(String, String)], body: Body,
          timeout: TimeAmount = .seconds(10)) async throws -> Response {
    let connection = try await h2Connection(port: port)
    let promise = connection.channel.eventLoop.makePromise(of: Response.self)
    var head = HTTPRequestHead(version: .http2, method: method, uri: path)
    head.headers.add(name: "host", value: "127.0.0.1:\(port)")
    for (name, value) in headers { head.headers.add(name: name, value: value) }
    let request = head
    connection.multiplexer.createStreamChannel { stream in
      stream.eventLoop.makeCompletedFuture {
        try stream.pipeline.syncOperations.addHandlers([
          HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: .https),
          Exchange(head: request, body: body, timeout: timeout, promise: promise),
        ])
      }
    }.whenFailure { promise.fail($0) }
    return try await promise.futureResult.get()
  }

  /// A request on its own HTTP/1.1 connection to `127.0.0.1:port` over plain TCP.
  func http1(port: Int, method: HTTPMethod = .GET, path: String, headers: [(String, String)] = [], body: [UInt8] = [],
             timeout: TimeAmount = .seconds(10)) async throws -> Response {
    let promise = group.next().makePromise(of: Response.self)
    var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
    head.headers.add(name: "host", value: "127.0.0.1:\(port)")
    head.headers.add(name: "connection", value: "close")
    if !body.isEmpty { head.headers.add(name: "content-length", value: String(body.count)) }
    for (name, value) in headers { head.headers.add(name: name, value: value) }
    let request = head
    let payload = ByteBuffer(bytes: body)
    let channel = try await ClientBootstrap(group: group)
      .connectTimeout(.seconds(10))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          try channel.pipeline.syncOperations.addHandler(
            Exchange(head: request, body: .bytes(payload), timeout: timeout, promise: promise))
        }
      }
      .connect(host: "127.0.0.1", port: port).get()
    defer { channel.close(promise: nil) }
    return try await promise.futureResult.get()
  }

  /// The open connection to the port, or a new one (a closed one is replaced: ports are reused).
  private func h2Connection(port: Int) async throws -> H2Connection {
    if let open = connections.withLockedValue({ $0[port] }), open.channel.isActive { return open }
    let made = NIOLockedValueBox<NIOHTTP2Handler.StreamMultiplexer?>(nil)
    let tls = self.tls
    let channel = try await ClientBootstrap(group: group)
      .connectTimeout(.seconds(10))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          try sync.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: nil))
          let multiplexer = try sync.configureHTTP2Pipeline(
            mode: .client, connectionConfiguration: .init(), streamConfiguration: .init(), inboundStreamInitializer: { $0.close() })
          made.withLockedValue { $0 = multiplexer }
        }
      }
      .connect(host: "127.0.0.1", port: port).get()
    guard let multiplexer = made.withLockedValue({ $0 }) else {
      channel.close(promise: nil)
      throw Failure(description: "the HTTP/2 pipeline was not made")
    }
    let connection = H2Connection(channel: channel, multiplexer: multiplexer)
    connections.withLockedValue { $0[port] = connection }
    return connection
  }

  private struct H2Connection: Sendable {
    var channel: any Channel
    var multiplexer: NIOHTTP2Handler.StreamMultiplexer
  }
}

/// One request and its answer on a channel (an HTTP/2 stream behind the HTTP/1 codec, or an
/// HTTP/1.1 connection): writes the request once the channel is active, collects the answer.
private final class Exchange: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private let head: HTTPRequestHead
  private let body: TestHTTPClient.Body
  private let timeout: TimeAmount
  private let promise: EventLoopPromise<TestHTTPClient.Response>
  private var response: HTTPResponseHead?
  private var collected = ByteBuffer()
  private var written = false
  private var done = false
  private var deadline: Scheduled<Void>?

  init(head: HTTPRequestHead, body: TestHTTPClient.Body, timeout: TimeAmount, promise: EventLoopPromise<TestHTTPClient.Response>) {
    self.head = head
    self.body = body
    self.timeout = timeout
    self.promise = promise
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let loop = context.eventLoop
    let bound = NIOLoopBound((self, context), eventLoop: loop)
    deadline = loop.scheduleTask(in: timeout) {
      let (exchange, context) = bound.value
      exchange.finish(.failure(TestHTTPClient.Failure(description: "no answer within the deadline")))
      context.close(promise: nil)
    }
    if context.channel.isActive { write(context: context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    write(context: context)
    context.fireChannelActive()
  }

  private func write(context: ChannelHandlerContext) {
    guard !written else { return }
    written = true
    var head = head
    switch body {
    case .bytes(let bytes):
      if bytes.readableBytes > 0 || head.method != .GET { head.headers.replaceOrAdd(name: "content-length", value: "\(bytes.readableBytes)") }
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      if bytes.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil) }
      context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    case .neverEnding(let bytes):
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      // 1xx answers are not the answer.
      if head.status.code >= 200 { response = head }
    case .body(var bytes):
      collected.writeBuffer(&bytes)
    case .end:
      if let response {
        finish(.success(TestHTTPClient.Response(head: response, body: collected)))
      }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    finish(.failure(error))
    context.close(promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    finish(.failure(TestHTTPClient.Failure(description: "closed before the whole answer arrived")))
    context.fireChannelInactive()
  }

  private func finish(_ result: Result<TestHTTPClient.Response, any Error>) {
    guard !done else { return }
    done = true
    deadline?.cancel()
    promise.completeWith(result)
  }
}
