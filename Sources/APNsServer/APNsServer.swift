// APNsServer: a local APNs (SPEC §10). A SwiftNIO HTTP/2 server that answers a provider's pushes
// exactly as APNs would — the verdicts of PayloadSchema's `RequestValidator` (SPEC §9), the same
// response shape — and keeps an inbox of what it was sent.
//
// The pipeline of one connection, each handler one job:
//
//     [NIOSSLServerHandler, ALPN h2]       TLS (optional; plain TCP is h2c with prior knowledge)
//     IdleStateHandler                     notices a connection that reads nothing
//     NIOHTTP2Handler                      frames, HPACK, SETTINGS limits, protocol errors
//     PushConnectionHandler                every stream of the connection in one table: bounded
//                                          request body → PushDesk → response; flow control,
//                                          stream timeouts; GOAWAY {"reason":"Shutdown"} /
//                                          {"reason":"IdleTimeout"}
//
// `PushDesk` is per connection: it holds the connection's reused `RequestValidator`s (nothing is
// allocated in them per valid push), its provider-token state and its id generator; it decides
// each answer and records it in the shared `Inbox` and NDJSON log. The inbox page and API
// (`--ui-port`) are a separate HTTP/1.1 server: `InboxHTTPHandler`.

import NIOConcurrencyHelpers
import NIOCore
import NIOExtras
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A local APNs: start it, point a provider at it, read what it was sent.
///
/// ```swift
/// var configuration = APNsServer.Configuration()
/// configuration.port = 0                       // any free port
/// let server = try APNsServer.start(configuration)
/// print(server.port)                            // h2c: curl --http2-prior-knowledge …
/// …
/// try server.shutdown()                         // GOAWAY "Shutdown", answers open streams first
/// ```
public final class APNsServer: Sendable {
  /// The configuration the server runs with.
  public let configuration: Configuration
  /// The pushes received, newest first (bounded by `Configuration.inboxCapacity`).
  public let inbox: Inbox
  /// The port the HTTP/2 server listens on.
  public let port: Int
  /// The port of the inbox page and API, when there is one.
  public let uiPort: Int?
  /// The port of the web push service (`Configuration.webPushPort`), and its subscriptions and
  /// pushes, when there is one.
  public let webPushPort: Int?
  public let webPush: WebPushDesk?
  private let webPushChannel: (any Channel)?
  /// With TLS: the SHA-256 fingerprint of the server's certificate (`AB:CD:…`).
  public let certificateFingerprint: String?

  private let group: MultiThreadedEventLoopGroup
  private let channel: any Channel
  private let uiChannel: (any Channel)?
  /// Taken out at shutdown, so that NIO's helper ends (its deinit completes a promise on the
  /// group's loop) before the group does.
  private let quiescing: NIOLockedValueBox<ServerQuiescingHelper?>
  private let context: ServerContext
  private let flusher: RepeatedTask?

  private init(configuration: Configuration, inbox: Inbox, port: Int, uiPort: Int?, certificateFingerprint: String?,
               group: MultiThreadedEventLoopGroup, channel: any Channel, uiChannel: (any Channel)?,
               webPush: (channel: any Channel, desk: WebPushDesk)?,
               quiescing: ServerQuiescingHelper, context: ServerContext, flusher: RepeatedTask?) {
    self.configuration = configuration
    self.inbox = inbox
    self.port = port
    self.uiPort = uiPort
    self.webPushPort = webPush?.channel.localAddress?.port
    self.webPush = webPush?.desk
    self.webPushChannel = webPush?.channel
    self.certificateFingerprint = certificateFingerprint
    self.group = group
    self.channel = channel
    self.uiChannel = uiChannel
    self.quiescing = NIOLockedValueBox(quiescing)
    self.context = context
    self.flusher = flusher
  }

  /// Binds the ports and starts answering. Throws when a port cannot be bound, the TLS identity
  /// cannot be read or the log cannot be opened.
  public static func start(_ configuration: Configuration) throws(APNsServerError) -> APNsServer {
    let context = try ServerContext(configuration: configuration)
    let tls = try configuration.tls.map { identity throws(APNsServerError) in try TLSSetup(identity, clientCA: configuration.clientCA, clientCertificateOptional: !configuration.keys.keyIDs.isEmpty) }
    let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads ?? System.coreCount))
    let quiescing = ServerQuiescingHelper(group: group)
    do {
      let channel = try makeBootstrap(group: group, context: context, tls: tls?.context, quiescing: quiescing)
        .bind(host: configuration.host, port: configuration.port).wait()
      var uiChannel: (any Channel)?
      if let uiPort = configuration.uiPort {
        do {
          uiChannel = try InboxHTTPHandler.bootstrap(group: group, inbox: context.inbox)
            .bind(host: configuration.host, port: uiPort).wait()
        } catch {
          channel.close(promise: nil)
          throw error
        }
      }
      var webPush: (channel: any Channel, desk: WebPushDesk)?
      if let webPushPort = configuration.webPushPort {
        do {
          let desk = WebPushDesk(origin: "http://127.0.0.1", configuration: configuration)
          let channel = try WebPushHTTPHandler.bootstrap(group: group, desk: desk, tls: tls?.webPushContext)
            .bind(host: configuration.host, port: webPushPort).wait()
          // Its origin is what a VAPID token's aud must be: the scheme, host and port it listens on.
          let host = configuration.host == "0.0.0.0" || configuration.host == "::" ? "127.0.0.1" : configuration.host
          desk.origin = "\(tls == nil ? "http" : "https")://\(host.contains(":") ? "[\(host)]" : host):\(channel.localAddress?.port ?? webPushPort)"
          webPush = (channel, desk)
        } catch {
          channel.close(promise: nil)
          uiChannel?.close(promise: nil)
          throw error
        }
      }
      let flusher = context.log.map { log in
        group.next().scheduleRepeatedTask(initialDelay: .milliseconds(100), delay: .milliseconds(100)) { _ in log.flush() }
      }
      return APNsServer(configuration: configuration, inbox: context.inbox, port: channel.localAddress?.port ?? configuration.port,
                        uiPort: uiChannel?.localAddress?.port, certificateFingerprint: tls?.fingerprint, group: group,
                        channel: channel, uiChannel: uiChannel, webPush: webPush, quiescing: quiescing, context: context, flusher: flusher)
    } catch {
      try? group.syncShutdownGracefully()
      throw APNsServerError(.cannotBind(host: configuration.host, message: "\(error)"))
    }
  }

  private static func makeBootstrap(group: MultiThreadedEventLoopGroup, context: ServerContext, tls: NIOSSLContext?,
                                    quiescing: ServerQuiescingHelper) -> ServerBootstrap {
    let c = context.configuration
    return ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .serverChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(quiescing.makeServerChannelHandler(channel: channel))
        }
      }
      .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
      .childChannelOption(.maxMessagesPerRead, value: 16)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          if let tls {
            try sync.addHandler(NIOSSLServerHandler(context: tls))
          }
          try sync.addHandler(IdleStateHandler(readTimeout: c.idleTimeout))
          var connection = NIOHTTP2Handler.ConnectionConfiguration()
          // The apns model starts a connection without a client certificate at one stream.
          let startLimit = c.streamLimitModel == .apns && !c.requiresClientCertificate ? 1 : c.maxConcurrentStreams
          connection.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: startLimit),
            HTTP2Setting(parameter: .maxHeaderListSize, value: c.maxHeaderListSize),
            HTTP2Setting(parameter: .initialWindowSize, value: PushConnectionHandler.windowSize),
          ]
          if c.streamLimitModel == .apns {
            // The apns model sends SETTINGS whenever the limit moves (up to once an answer), and
            // the client acknowledges each: NIOHTTP2's default of 200 control frames in 30 s
            // would count those ACKs and close the connection (GOAWAY ENHANCE_YOUR_CALM).
            connection.controlFrameRateLimit.maximumCount = 10_000
            connection.controlFrameRateLimit.windowLength = .seconds(1)
          }
          let desk = PushDesk(server: context, connectionNumber: context.nextConnection(), tools: context.tools(for: channel.eventLoop))
          if tls != nil && c.requiresClientCertificate { try sync.addHandler(ClientCertificateReader(desk: desk)) }
          // Frames, not a channel per stream: PushConnectionHandler keeps the streams in a table.
          try sync.addHandler(NIOHTTP2Handler(mode: .server, connectionConfiguration: connection))
          try sync.addHandler(PushConnectionHandler(desk: desk, streamLimit: startLimit))
        }
      }
  }

  /// Stops accepting, sends every connection GOAWAY `{"reason":"Shutdown"}`, answers the streams
  /// already accepted (waiting at most `Configuration.shutdownGrace`), writes the log and stops.
  /// A second call does nothing.
  public func shutdown() throws {
    guard let helper = quiescing.withLockedValue({ helper in defer { helper = nil }; return helper }) else { return }
    let loop = group.next()
    let quiesced = loop.makePromise(of: Void.self)
    helper.initiateShutdown(promise: quiesced)
    // Done when every connection has closed, or when the grace period is over, whichever is first.
    let done = loop.makePromise(of: Void.self)
    let deadline = loop.scheduleTask(in: configuration.shutdownGrace) { done.succeed() }
    quiesced.futureResult.whenComplete { _ in
      deadline.cancel()
      done.succeed()
    }
    try? done.futureResult.wait()
    _ = consume helper
    try? uiChannel?.close().wait()
    try? webPushChannel?.close().wait()
    flusher?.cancel()
    context.log?.flush()
    try group.syncShutdownGracefully()
  }

  /// Writes the log's pending records now (they are otherwise written every 100 ms).
  public func flushLog() {
    context.log?.flush()
  }
}

/// Why the server could not start.
public struct APNsServerError: Error, Sendable, CustomStringConvertible {
  enum Kind: Sendable {
    case cannotBind(host: String, message: String)
    case cannotOpenLog(path: String, errno: Int32)
    case tls(String)
  }
  let kind: Kind
  init(_ kind: Kind) { self.kind = kind }

  public var description: String {
    switch kind {
    case .cannotBind(let host, let message): "cannot listen on \(host): \(message)"
    case .cannotOpenLog(let path, let code): "\(path): cannot open the log: error \(code)"
    case .tls(let message): message
    }
  }
}
