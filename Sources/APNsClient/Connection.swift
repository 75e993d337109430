import APNsAuth
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL
import PayloadSchema

/// One of the client's connection places: it holds a live connection, or opens one when the last
/// was lost, closed by GOAWAY or never made. Concurrent callers share one attempt to connect.
actor ConnectionSlot {
  let index: Int
  private var current: Connection?
  private var connecting: Task<Connection, any Error>?
  private var closed = false

  init(index: Int) { self.index = index }

  func connection(client: APNsClient) async throws -> Connection {
    if let current, current.isUsable { return current }
    if let connecting { return try await connecting.value }
    if closed { throw APNsClientError(.connection, "the client has been shut down") }
    let task = Task { try await Connection.open(client: client) }
    connecting = task
    do {
      let made = try await task.value
      connecting = nil
      current = made
      client.counters.withLockedValue { $0.connectionsOpened += 1 }
      return made
    } catch {
      connecting = nil
      throw error
    }
  }

  /// Stops using `connection` (the server asked for a new one); the next push opens another.
  func retire(_ connection: Connection) {
    connection.state.withLockedValue { $0.usable = false }
    if current === connection { current = nil }
  }

  func close() async {
    closed = true
    if let current { try? await current.channel.close().get() }
    current = nil
  }
}

/// A connection's state, shared by its handlers (on its event loop) and the tasks that send on it.
struct ConnectionState: Sendable {
  var usable = true
  /// The server's SETTINGS_MAX_CONCURRENT_STREAMS as last announced (nil: none yet).
  var maxConcurrentStreams: Int?
  /// The provider token in use and when it was issued (seconds since 1970).
  var token: String?
  var tokenIssuedAt: Int64 = 0
  /// Set after a GOAWAY: streams above it were not processed.
  var goAwayLastStreamID: Int?
}

/// Why a stream ended without an answer, and what the client knows about whether the server saw it.
struct StreamFailure: Error, Sendable {
  /// The stream's id, once it had one.
  var streamID: Int?
  /// The request's HEADERS reached the socket (the server may have read and processed it).
  var sent: Bool
  /// RST_STREAM REFUSED_STREAM came before any response HEADERS (RFC 9113 §8.7: not processed).
  var refused: Bool
  /// What happened, for the delivery record.
  var why: String
}

/// One HTTP/2 connection: a stream per push, its own provider token.
final class Connection: Sendable {
  let channel: any Channel
  let multiplexer: NIOHTTP2Handler.StreamMultiplexer
  let state: NIOLockedValueBox<ConnectionState>
  let authority: String
  let authentication: APNsClient.Authentication
  /// The streams waiting for an answer (used on the channel's event loop only).
  let deadlines: StreamDeadlines

  private init(channel: any Channel, multiplexer: NIOHTTP2Handler.StreamMultiplexer, state: NIOLockedValueBox<ConnectionState>,
               authority: String, authentication: APNsClient.Authentication, deadlines: StreamDeadlines) {
    self.deadlines = deadlines
    self.channel = channel
    self.multiplexer = multiplexer
    self.state = state
    self.authority = authority
    self.authentication = authentication
  }

  var isUsable: Bool { state.withLockedValue { $0.usable } && channel.isActive }

  static func open(client: APNsClient) async throws -> Connection {
    let c = client.configuration
    let state = NIOLockedValueBox(ConnectionState())
    let deadlines = StreamDeadlines()
    let ssl = client.sslContext
    let sni = Self.isIPAddress(c.host) ? nil : c.host
    // The pipeline is made before the connection reads anything: the server's SETTINGS come
    // first, and bytes read before the HTTP/2 handler is there would be lost.
    let made = NIOLockedValueBox<NIOHTTP2Handler.StreamMultiplexer?>(nil)
    let bootstrap = ClientBootstrap(group: client.group)
      .channelOption(.socketOption(.tcp_nodelay), value: 1)
      .connectTimeout(.seconds(10))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          if let ssl { try sync.addHandler(try NIOSSLClientHandler(context: ssl, serverHostname: sni)) }
          try sync.addHandler(FlushCoalescer())
          var connection = NIOHTTP2Handler.ConnectionConfiguration()
          connection.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: 100),
            HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
            HTTP2Setting(parameter: .maxHeaderListSize, value: 16 << 10),
          ]
          // APNs sends a SETTINGS frame each time it moves the stream limit (down after a refused
          // push, up after an accepted one), which can be once an answer. NIOHTTP2's default (200
          // control frames in 30 s, then GOAWAY ENHANCE_YOUR_CALM) closed the connection after a
          // few hundred answers, with a connection's worth of pushes in flight.
          connection.controlFrameRateLimit = Self.frameRateLimit
          // Header names are lowercased here and, unless the caller skips the gate (`--force`,
          // a library caller without one), checked by it; what the server thinks of the rest is
          // its answer. NIOHTTP2's own check of every header block, both ways, was 4% of a
          // batch's time.
          connection.headerBlockValidation = .disabled
          var stream = NIOHTTP2Handler.StreamConfiguration()
          stream.streamResetFrameRateLimit.maximumCount = Self.frameRateLimit.maximumCount
          stream.streamResetFrameRateLimit.windowLength = Self.frameRateLimit.windowLength
          let multiplexer = try sync.configureHTTP2Pipeline(
            mode: .client, connectionConfiguration: connection, streamConfiguration: stream,
            inboundStreamInitializer: { $0.close() })
          try sync.addHandler(ConnectionWatcher(state: state, deadlines: deadlines))
          made.withLockedValue { $0 = multiplexer }
        }
      }
    let channel = try await bootstrap.connect(host: c.host, port: c.port).get()
    guard let multiplexer = made.withLockedValue({ $0 }) else {
      channel.close(promise: nil)
      throw APNsClientError(.connection, "the HTTP/2 pipeline was not made")
    }
    return Connection(channel: channel, multiplexer: multiplexer, state: state,
                      authority: c.port == 443 ? c.host : "\(c.host):\(c.port)", authentication: c.authentication, deadlines: deadlines)
  }

  /// The most SETTINGS (or PING) frames, and RST_STREAMs, the server may send in a second before
  /// the connection is taken as abusive: one an answer at 10,000 answers a second.
  static let frameRateLimit: NIOHTTP2Handler.ControlFrameRateLimitConfiguration = {
    var limit = NIOHTTP2Handler.ControlFrameRateLimitConfiguration()
    limit.maximumCount = 10_000
    limit.windowLength = .seconds(1)
    return limit
  }()

  static func isIPAddress(_ host: String) -> Bool {
    host.contains(":") || host.allSatisfy { $0 == "." || $0.isNumber }
  }

  /// The `authorization` value for a push on this connection, making or renewing the token when
  /// it is missing or older than 50 minutes; nil without token authentication.
  func authorization(now: Int64) throws -> String? {
    guard case .token(let signer, let teamID) = authentication else { return nil }
    return try state.withLockedValue { s in
      if s.token == nil || now - s.tokenIssuedAt >= APNsClient.tokenRefreshAge {
        s.token = try signer.token(teamID: teamID, issuedAt: now)
        s.tokenIssuedAt = now
      }
      return "bearer " + s.token!
    }
  }

  /// After 403 ExpiredProviderToken: a new token now, unless the one in use is younger than 20
  /// minutes (APNs would answer TooManyProviderTokenUpdates). True when renewed.
  func renewToken(now: Int64) -> Bool {
    guard case .token(let signer, let teamID) = authentication else { return false }
    return state.withLockedValue { s in
      guard s.token == nil || now - s.tokenIssuedAt >= APNsClient.tokenMinimumAge else { return false }
      guard let token = try? signer.token(teamID: teamID, issuedAt: now) else { return false }
      s.token = token
      s.tokenIssuedAt = now
      return true
    }
  }

  /// Sends one push on a new stream and waits for its answer. An attempt that got no answer is
  /// `.notAnswered` (sent again) only when the server cannot have processed it (RFC 9113 §8.7):
  /// its HEADERS never reached the socket, it was refused (REFUSED_STREAM before any response
  /// HEADERS), or it is above a GOAWAY's last-stream-id. Otherwise it is `.unknown`, never resent.
  func send(_ push: APNsPush, client: APNsClient) async -> Outcome {
    var headers = HPACKHeaders()
    headers.reserveCapacity(push.headers.count + 6)
    headers.add(name: ":method", value: push.method)
    headers.add(name: ":scheme", value: client.configuration.tls ? "https" : "http")
    // Apple ("Sending notification requests to APNs") asks for `:path` and `authorization` as
    // literals without indexing: the device token and the provider token would otherwise fill
    // APNs' small HPACK table. Never-indexed (RFC 7541 §6.2.3) is that literal, also kept out of
    // any intermediary's table: what RFC 7541 §7.1.3 asks for credentials.
    headers.add(name: ":path", value: push.path, indexing: .neverIndexed)
    headers.add(name: ":authority", value: authority)
    if !push.headers.contains(where: { $0.name.lowercased() == "authorization" }) {
      do {
        if let value = try authorization(now: APNsClient.wallClockSeconds()) {
          headers.add(name: "authorization", value: value, indexing: .neverIndexed)
        }
      } catch {
        return .notAnswered("cannot sign a provider token: \(error)")
      }
    }
    for h in push.headers {
      let name = h.name.lowercased()
      headers.add(name: name, value: h.value, indexing: name == "authorization" ? .neverIndexed : .indexable)
    }
    let promise = channel.eventLoop.makePromise(of: StreamAnswer.self)
    let body = push.body
    let request = headers
    let deadlines = self.deadlines
    multiplexer.createStreamChannel { stream in
      stream.eventLoop.makeCompletedFuture {
        try stream.pipeline.syncOperations.addHandler(PushStreamHandler(headers: request, body: body, promise: promise, deadlines: deadlines))
      }
    }.whenFailure { promise.fail($0) }
    do {
      let answer = try await promise.futureResult.get()
      return .answered(answer.delivery(), self)
    } catch {
      if !channel.isActive { state.withLockedValue { $0.usable = false } }
      if error is NIOHTTP2Errors.CreatedStreamAfterGoaway { state.withLockedValue { $0.usable = false } }
      guard let failure = error as? StreamFailure else {
        return .notAnswered(Self.describe(error))  // the stream was never made: nothing was sent
      }
      return Self.outcome(of: failure, goAwayLastStreamID: state.withLockedValue { $0.goAwayLastStreamID })
    }
  }

  /// Whether a failed stream may be sent again (RFC 9113 §8.7).
  static func outcome(of failure: StreamFailure, goAwayLastStreamID: Int?) -> Outcome {
    if !failure.sent { return .notAnswered(failure.why + " (not sent)") }
    if failure.refused { return .notAnswered(failure.why) }
    if let last = goAwayLastStreamID, let id = failure.streamID, id > last {
      return .notAnswered("stream \(id) above the GOAWAY's last-stream-id \(last): not processed")
    }
    return .unknown(failure.why)
  }

  static func describe(_ error: any Error) -> String {
    if let closed = error as? NIOHTTP2Errors.StreamClosed {
      return closed.errorCode == .refusedStream ? "stream refused (RST_STREAM REFUSED_STREAM)" : "stream reset (\(closed.errorCode))"
    }
    return "\(error)"
  }
}

/// What came back on a stream.
struct StreamAnswer: Sendable {
  var status = 0
  var apnsID: String?
  var uniqueID: String?
  var headers: [RequestHeader] = []
  var body: [UInt8] = []

  func delivery() -> APNsDelivery {
    var reason: String?
    var timestamp: Int64?
    if !body.isEmpty, case .success(let object) = JSONMembers.read(body) {
      reason = object.named("reason")?.string
      timestamp = object.named("timestamp")?.integer(in: body)
    }
    var delivery = APNsDelivery(answer: APNsAnswer(status: status, reason: status < 300 ? nil : reason),
                                apnsID: apnsID, apnsUniqueID: uniqueID, timestamp: timestamp)
    delivery.headers = headers
    delivery.body = body
    return delivery
  }
}

/// One push's stream: writes the request, gathers the response, fulfils the promise once.
final class PushStreamHandler: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame.FramePayload
  typealias OutboundOut = HTTP2Frame.FramePayload

  private let headers: HPACKHeaders
  private let body: [UInt8]
  private let promise: EventLoopPromise<StreamAnswer>
  private var answer = StreamAnswer()
  private var written = false
  /// The HEADERS reached the socket, or the server answered on the stream.
  private var sent = false
  /// Response HEADERS were read.
  private var responseStarted = false
  private var done = false
  /// The most response body kept (APNs' error bodies are under 100 bytes).
  static let maxResponseBody = 64 << 10

  init(headers: HPACKHeaders, body: [UInt8], promise: EventLoopPromise<StreamAnswer>, deadlines: StreamDeadlines) {
    self.headers = headers
    self.body = body
    self.promise = promise
    self.deadlines = deadlines
  }

  /// How long a stream waits for its answer before it is reset (RST_STREAM CANCEL) and counted
  /// as not answered.
  static let answerTimeout: TimeAmount = .seconds(30)
  /// The connection's waiting streams, which time this one out (one sweep a connection, not
  /// one scheduled task a push).
  private let deadlines: StreamDeadlines
  /// This stream's place in `deadlines` (-1: not there), and its deadline and context.
  var deadlineSlot = -1
  private(set) var deadline = NIODeadline.distantFuture
  private var context: ChannelHandlerContext?

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    deadline = .now() + Self.answerTimeout
    deadlines.add(self)
    if context.channel.isActive { write(context: context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadlines.remove(self)
    self.context = nil
  }

  /// No answer within ``answerTimeout``: the stream is reset and the push counted as not answered.
  func timedOut() {
    guard let context else { return }
    fail(context: context, "no answer within \(Self.answerTimeout.nanoseconds / 1_000_000_000) s")
    context.close(promise: nil)
  }

  func channelActive(context: ChannelHandlerContext) {
    write(context: context)
    context.fireChannelActive()
  }

  private func write(context: ChannelHandlerContext) {
    guard !written else { return }
    written = true
    // The write's promise succeeds once the HEADERS reach the socket; one NIOHTTP2 still holds
    // (above the stream limit) fails if the connection goes first, and the push is safe to resend.
    let headersWritten = context.eventLoop.makePromise(of: Void.self)
    let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
    headersWritten.futureResult.whenSuccess { bound.value.sent = true }
    context.write(wrapOutboundOut(.headers(.init(headers: headers, endStream: body.isEmpty))), promise: headersWritten)
    if !body.isEmpty {
      var buffer = context.channel.allocator.buffer(capacity: body.count)
      buffer.writeBytes(body)
      context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(buffer), endStream: true))), promise: nil)
    }
    context.flush()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .headers(let h):
      sent = true
      responseStarted = true
      if let status = h.headers.first(name: ":status"), let code = Int(status) {
        if code >= 200 { answer.status = code }  // 1xx are informational
      }
      if let id = h.headers.first(name: "apns-id") { answer.apnsID = id }
      if let id = h.headers.first(name: "apns-unique-id") { answer.uniqueID = id }
      for (name, value, _) in h.headers where !name.hasPrefix(":") && answer.headers.count < 64 {
        answer.headers.append(RequestHeader(name, value))
      }
      if h.endStream { finish(context: context) }
    case .data(let d):
      sent = true
      if case .byteBuffer(let buffer) = d.data, answer.body.count < Self.maxResponseBody {
        answer.body += buffer.readableBytesView.prefix(Self.maxResponseBody - answer.body.count)
      }
      if d.endStream { finish(context: context) }
    default:
      break
    }
  }

  private func finish(context: ChannelHandlerContext) {
    guard !done, answer.status != 0 else { return }
    done = true
    promise.succeed(answer)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    var refused = false
    if let closed = error as? NIOHTTP2Errors.StreamClosed, closed.errorCode == .refusedStream, !responseStarted {
      refused = true
    }
    fail(context: context, Connection.describe(error), refused: refused)
    context.close(promise: nil)
  }

  func channelInactive(context: ChannelHandlerContext) {
    fail(context: context, "the stream closed without an answer")
    context.fireChannelInactive()
  }

  /// Fails the promise once, with what is known about whether the server saw the request. The
  /// failure is delivered on the next event-loop tick: a GOAWAY closes its streams before the
  /// connection's watcher reads the frame, and its last-stream-id must be known by then.
  private func fail(context: ChannelHandlerContext, _ why: String, refused: Bool = false) {
    guard !done else { return }
    done = true
    let id: HTTP2StreamID? = try? context.channel.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID)
    let failure = StreamFailure(streamID: id.map { Int($0) }, sent: sent, refused: refused, why: why)
    let promise = self.promise
    context.eventLoop.execute { promise.fail(failure) }
  }
}

/// Watches the connection's own frames: SETTINGS (the stream limit, for statistics; NIOHTTP2
/// itself keeps new streams within it) and GOAWAY (no new streams here; the streams above its
/// last-stream-id come back to their senders as refused and are sent on another connection).
final class ConnectionWatcher: ChannelInboundHandler {
  typealias InboundIn = HTTP2Frame

  let state: NIOLockedValueBox<ConnectionState>
  let deadlines: StreamDeadlines

  init(state: NIOLockedValueBox<ConnectionState>, deadlines: StreamDeadlines) {
    self.state = state
    self.deadlines = deadlines
  }

  func handlerAdded(context: ChannelHandlerContext) {
    deadlines.start(on: context.eventLoop)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadlines.stop()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.payload {
    case .settings(.settings(let settings)):
      for s in settings where s.parameter == .maxConcurrentStreams {
        state.withLockedValue { $0.maxConcurrentStreams = s.value }
      }
    case .goAway(let lastStreamID, _, _):
      state.withLockedValue {
        $0.usable = false
        $0.goAwayLastStreamID = Int(lastStreamID)
      }
    default:
      break
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    state.withLockedValue { $0.usable = false }
    deadlines.stop()
    context.fireChannelInactive()
  }

  /// Stream errors reach the connection's pipeline too: they end their stream, not the
  /// connection (NIOHTTP2Handler closes the connection itself on a connection error, and
  /// `channelInactive` then marks it unusable).
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.fireErrorCaught(error)
  }
}

/// Joins the flushes that reach the connection in one turn of its event loop into one.
///
/// Each push is a stream whose handler writes and flushes its HEADERS and DATA, and every stream
/// flush went down to TLS and the socket on its own: one TLS record and one `write(2)` a push
/// (a profile of `send --batch` spent 30% of the event loop's time there). Here the first flush
/// of a turn is put off to a task queued behind the streams the loop is already opening, and the
/// ones after it, until that task runs, are dropped; that task flushes them all as one. Nothing
/// waits longer than the rest of the loop's current turn. The handshake and TLS's own records are
/// below this handler and not delayed.
final class FlushCoalescer: ChannelOutboundHandler {
  typealias OutboundIn = Any
  typealias OutboundOut = Any
  private var scheduled = false
  private var removed = false

  init() {}

  func flush(context: ChannelHandlerContext) {
    guard !scheduled else { return }
    scheduled = true
    let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
    context.eventLoop.execute {
      let (coalescer, context) = bound.value
      guard coalescer.scheduled, !coalescer.removed else { return }
      coalescer.scheduled = false
      context.flush()
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    removed = true
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    // A GOAWAY or last frames written just before the close still go out.
    if scheduled {
      scheduled = false
      context.flush()
    }
    context.close(mode: mode, promise: promise)
  }
}

/// The streams of one connection that wait for an answer, swept once a second for those past
/// ``PushStreamHandler/answerTimeout``. A stream is added when its handler is added and removed
/// when it is removed, in constant time (an array and each handler's index in it); a scheduled
/// task a push (a heap insertion and removal each) cost 5% of a batch's time.
///
/// Used only on the connection's event loop (its streams share it), hence `@unchecked Sendable`.
final class StreamDeadlines: @unchecked Sendable {
  private var waiting: [PushStreamHandler] = []
  private var sweep: RepeatedTask?

  init() {}

  func add(_ handler: PushStreamHandler) {
    handler.deadlineSlot = waiting.count
    waiting.append(handler)
  }

  func remove(_ handler: PushStreamHandler) {
    let slot = handler.deadlineSlot
    guard slot >= 0, slot < waiting.count, waiting[slot] === handler else { return }
    let last = waiting.removeLast()
    if last !== handler {
      waiting[slot] = last
      last.deadlineSlot = slot
    }
    handler.deadlineSlot = -1
  }

  /// Starts the sweep on the connection's event loop.
  func start(on eventLoop: any EventLoop) {
    guard sweep == nil else { return }
    sweep = eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { [self] _ in
      let now = NIODeadline.now()
      let expired = waiting.filter { $0.deadline <= now }
      for handler in expired { handler.timedOut() }
    }
  }

  func stop() {
    sweep?.cancel()
    sweep = nil
  }
}
