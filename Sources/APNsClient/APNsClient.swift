// APNsClient: sends pushes to APNs (or to `apns-lint serve`, a proxy) over HTTP/2 and TLS (SPEC §12).
//
// One `APNsClient` keeps `connections` HTTP/2 connections (SwiftNIO, swift-nio-http2, swift-nio-ssl;
// TLS 1.2 or later, ALPN `h2`), each with its own provider token under token authentication. A
// push is one stream; NIOHTTP2 keeps the streams of a connection within the server's
// SETTINGS_MAX_CONCURRENT_STREAMS as it changes (APNs allows one until a valid token, and drops to
// one after a refusal), holding the others back until a stream closes. What is retried, with
// exponential backoff and jitter, up to `retries` times: a stream refused (RST_STREAM
// REFUSED_STREAM, or above a GOAWAY's last-stream-id), a connection lost or refused before the
// answer, 429, 500 and 503 (these two after Apple's 15 minutes, `serverErrorDelay`, doubled on
// each further one). Other answers are final: nothing answered is sent again. `:path` and
// `authorization` go out as never-indexed HPACK literals, as Apple asks.

import APNsAuth
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL
import PayloadSchema

/// One push: the device token (or a whole path), the headers and the body as sent.
public struct APNsPush: Sendable, Hashable {
  /// The request's `:method`: `POST` for a push; `GET` and `DELETE` too for the channel
  /// management API (`/1/apps/<bundle-id>/channels`, SPEC §13.2).
  public var method = "POST"
  /// The request's `:path`: `/3/device/<token>`, `/4/broadcasts/apps/<bundle-id>`, or a channel
  /// management path.
  public var path: String
  /// Headers in order (`apns-topic`, `apns-push-type`, …); `authorization` is added by the client
  /// under token authentication unless one is given here.
  public var headers: [RequestHeader]
  /// The body, byte for byte.
  public var body: [UInt8]

  /// A push to a device token.
  public init(deviceToken: String, headers: [RequestHeader], body: [UInt8]) {
    self.init(path: "/3/device/" + deviceToken, headers: headers, body: body)
  }

  /// A push to any path (a broadcast, or a deliberately odd request under `--force`).
  public init(path: String, headers: [RequestHeader], body: [UInt8]) {
    self.init(method: "POST", path: path, headers: headers, body: body)
  }

  /// Any request: a channel management request (`ChannelManagement.request(_:bundleID:)`'s
  /// method, path, headers and body) or a push.
  public init(method: String, path: String, headers: [RequestHeader], body: [UInt8]) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  /// The device token of a `/3/device/<token>` path, or nil.
  public var deviceToken: String? {
    path.hasPrefix("/3/device/") ? String(path.dropFirst(10)) : nil
  }
}

/// What APNs answered one push, with its ids and how many times it was sent.
public struct APNsDelivery: Sendable, Hashable {
  /// The status and reason (PayloadSchema's type, so that it compares with a prediction).
  public var answer: APNsAnswer
  /// The `apns-id` response header.
  public var apnsID: String?
  /// The `apns-unique-id` response header (development environment only).
  public var apnsUniqueID: String?
  /// For 410: when APNs last knew the token was valid, milliseconds since 1970.
  public var timestamp: Int64?
  /// How many times the push was sent (1 when it was answered the first time).
  public var attempts: Int
  /// The answers of earlier attempts that were retried (429, 500, 503), in order.
  public var retriedAnswers: [APNsAnswer] = []
  /// Earlier attempts the server did not process (a refused stream, a stream above a GOAWAY's
  /// last-stream-id, a push that never reached the socket).
  public var unanswered = 0
  /// Why the last of those got no answer; nil when every attempt was answered.
  public var lastUnanswered: String?
  /// The answer's headers other than the pseudo-headers, in the order received (a created
  /// channel's `apns-channel-id`, `apns-request-id`).
  public var headers: [RequestHeader] = []
  /// The answer's body (an error's `{"reason": …}`, a channel's settings, the channel list); at
  /// most 64 KiB are kept.
  public var body: [UInt8] = []

  /// The first answer header named `name` (lowercase), or nil.
  public func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }

  /// Makes a delivery record.
  public init(answer: APNsAnswer, apnsID: String? = nil, apnsUniqueID: String? = nil, timestamp: Int64? = nil, attempts: Int = 1) {
    self.answer = answer
    self.apnsID = apnsID
    self.apnsUniqueID = apnsUniqueID
    self.timestamp = timestamp
    self.attempts = attempts
  }
}

/// Why a push could not be sent at all (no answer to report).
public struct APNsClientError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A certificate, key or CA file could not be read or used.
    case credentials
    /// The server could not be reached, or the connection was lost, more times than `retries` allows.
    case connection
    /// The gate predicted a refusal or found an error; the report says why (nothing was sent).
    case gated
  }
  /// The kind of failure.
  public let kind: Kind
  /// One line, lowercase start.
  public let message: String
  /// With `.gated`: the validator's report.
  public let report: PayloadReport?

  init(_ kind: Kind, _ message: String, report: PayloadReport? = nil) {
    self.kind = kind
    self.message = message
    self.report = report
  }

  public var description: String { message }
}

/// A `Sendable` APNs client: `send(_:)` one push, from any task, over a few reused connections.
///
/// ```swift
/// let client = try APNsClient(APNsClient.Configuration(
///   authentication: .token(signer: try ProviderTokenSigner(key: ProviderKey.load(path: "AuthKey_ABC123DEFG.p8")),
///                          teamID: "DEF123GHIJ")))
/// let answer = try await client.send(APNsPush(deviceToken: token,
///   headers: [RequestHeader("apns-topic", "com.example.app"), RequestHeader("apns-push-type", "alert")],
///   body: Array(#"{"aps":{"alert":"Hello"}}"#.utf8)))
/// try await client.shutdown()
/// ```
public final class APNsClient: Sendable {
  /// Where to send and how.
  public struct Configuration: Sendable {
    /// The host: `api.sandbox.push.apple.com` (the default), `api.push.apple.com`, or a `serve`.
    public var host: String = "api.sandbox.push.apple.com"
    /// The port (443; `serve` listens on 2197).
    public var port: Int = 443
    /// TLS (APNs always); false speaks HTTP/2 with prior knowledge (h2c), for a plain `serve`.
    public var tls: Bool = true
    /// PEM file of a CA to trust instead of the system's (a `serve` with a private CA).
    public var caFile: String?
    /// How the provider proves who it is.
    public var authentication: Authentication
    /// How many connections (each with its own token).
    public var connections: Int = 1
    /// How many times a push is sent again after a retryable failure.
    public var retries: Int = 3
    /// The first backoff; each retry doubles it (up to `maxBackoff`), with full jitter.
    public var initialBackoff: TimeAmount = .milliseconds(100)
    /// The longest wait between two attempts after a refused stream, a lost connection or 429.
    public var maxBackoff: TimeAmount = .seconds(5)
    /// The wait before sending again a push APNs answered 500 or 503, doubled on each further
    /// 5xx retry of the same push (with up to 10 % jitter). Apple ("Handling notification
    /// responses from APNs"): "After 15 minutes, you can retry JSON payloads that receive
    /// response status codes that begin with 5XX. While retrying, you may employ a back-off
    /// technique." The default is those 15 minutes; a test sets it short.
    public var serverErrorDelay: TimeAmount = .seconds(900)
    /// Called before each wait for a retry, with the answer that caused it (nil: no answer) and
    /// the wait: `send` says what it waits for.
    public var onRetryWait: (@Sendable (APNsAnswer?, TimeAmount) -> Void)?
    /// The gate: when set, every push is checked by this validator first and not sent when it
    /// predicts a refusal or finds an error (`APNsClientError.gated`).
    public var gate: RequestValidator?
    /// Event-loop threads (1 is plenty for a client).
    public var threads: Int = 1

    /// A configuration with the given authentication; the rest defaults (sandbox, one connection).
    public init(authentication: Authentication) {
      self.authentication = authentication
    }
  }

  /// Token (`.p8`) or certificate authentication.
  public enum Authentication: Sendable {
    /// Provider tokens signed by `signer` for `teamID`: one per connection, refreshed after 50
    /// minutes and never sooner than 20 minutes after the last.
    case token(signer: ProviderTokenSigner, teamID: String)
    /// A client certificate and its private key, PEM files.
    case certificate(certificateFile: String, keyFile: String)
    /// A PKCS#12 bundle and its password.
    case pkcs12(file: String, password: String?)
    /// No credentials (a `serve` without keys, a test).
    case none
  }

  /// How old a connection's token may get before it is replaced (Apple: refresh between 20 and 60 minutes).
  public static let tokenRefreshAge: Int64 = 50 * 60
  /// The least time between two tokens of one connection (`TooManyProviderTokenUpdates` otherwise).
  public static let tokenMinimumAge: Int64 = 20 * 60

  /// The configuration the client runs with.
  public let configuration: Configuration
  let group: MultiThreadedEventLoopGroup
  let sslContext: NIOSSLContext?
  let pool: [ConnectionSlot]
  private let next = NIOLockedValueBox(0)
  let counters = NIOLockedValueBox(Counters())

  /// Counts over the client's life, for progress lines.
  public struct Counters: Sendable, Hashable {
    /// Attempts that were retried (refused streams, lost connections, 429/500/503).
    public var retries = 0
    /// Connections opened (reconnections included).
    public var connectionsOpened = 0
  }

  /// Reads the credentials and makes the TLS context; connects lazily, on the first push.
  public init(_ configuration: Configuration) throws(APNsClientError) {
    self.configuration = configuration
    if configuration.tls {
      var tls = TLSConfiguration.makeClientConfiguration()
      tls.minimumTLSVersion = .tlsv12
      tls.applicationProtocols = ["h2"]
      do {
        if let ca = configuration.caFile {
          tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(ca))
        }
        switch configuration.authentication {
        case .certificate(let certificateFile, let keyFile):
          tls.certificateChain = try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) }
          tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem))
        case .pkcs12(let file, let password):
          let bundle = try NIOSSLPKCS12Bundle(file: file, passphrase: password.map { Array($0.utf8) } ?? [])
          tls.certificateChain = bundle.certificateChain.map { .certificate($0) }
          tls.privateKey = .privateKey(bundle.privateKey)
        case .token, .none:
          break
        }
        sslContext = try NIOSSLContext(configuration: tls)
      } catch {
        throw APNsClientError(.credentials, "cannot set up TLS: \(error)")
      }
    } else {
      sslContext = nil
    }
    group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads))
    pool = (0..<max(1, configuration.connections)).map { ConnectionSlot(index: $0) }
  }

  /// Sends one push and returns APNs' answer (the status and reason).
  public func send(_ push: APNsPush) async throws(APNsClientError) -> APNsAnswer {
    try await deliver(push).answer
  }

  /// Sends one push and returns the answer with its ids and the number of attempts.
  ///
  /// Retries (with backoff) a push the server cannot have processed — a refused stream, a stream
  /// above a GOAWAY's last-stream-id, a push that never reached the socket — and the answers 429,
  /// 500 and 503, up to `retries` times; on 403 ExpiredProviderToken, renews the connection's
  /// token once and sends again; on 403 UnrelatedKeyIdInToken, sends it once more on a new
  /// connection. Throws when it cannot be sent at all (no answer after the last
  /// retry, a gate refusal, bad credentials), and when it was sent but got no answer (a lost
  /// connection, a reset, a timeout): it may have been delivered, so it is not sent again.
  public func deliver(_ push: APNsPush) async throws(APNsClientError) -> APNsDelivery {
    if var gate = configuration.gate {
      let report = push.body.withUnsafeBytes { gate.validate(method: push.method, path: push.path, headers: push.headers, body: $0, now: Self.now()) }
      if APNsGateDecision(report).blocked {
        throw APNsClientError(.gated, "not sent: apns-lint predicts \(report.verdict)", report: report)
      }
    }
    let slot = pool[next.withLockedValue { n in defer { n &+= 1 }; return n % pool.count }]
    var attempts = 0
    var renewedToken = false
    var reconnected = false
    var retried: [APNsAnswer] = []
    var unanswered = 0
    var lastUnanswered: String?
    while true {
      attempts += 1
      let outcome: Outcome
      do {
        let connection = try await slot.connection(client: self)
        outcome = await connection.send(push, client: self)
      } catch {
        outcome = .notAnswered("cannot connect to \(configuration.host):\(configuration.port): \(error)")
      }
      switch outcome {
      case .answered(var delivery, let connection):
        delivery.attempts = attempts
        delivery.retriedAnswers = retried
        delivery.unanswered = unanswered
        delivery.lastUnanswered = lastUnanswered
        let status = delivery.answer.status
        if status == 403, delivery.answer.knownReason == .expiredProviderToken, !renewedToken, connection.renewToken(now: Self.now()) {
          renewedToken = true
          retried.append(delivery.answer)
          continue  // the renewal's one retry is not one of `retries`, and needs no wait
        } else if status == 403, delivery.answer.knownReason == .unrelatedKeyIdInToken, !reconnected {
          // Apple: the token's key "isn't related to the key ID of the token used in the first
          // push of this connection. To use this token, open a new connection."
          reconnected = true
          retried.append(delivery.answer)
          await slot.retire(connection)
          continue
        } else if (status == 429 || status == 500 || status == 503) && attempts <= configuration.retries {
          retried.append(delivery.answer)
        } else {
          return delivery
        }
      case .unknown(let why):
        // Sent, and maybe processed (RFC 9113 §8.7): sending it again could deliver it twice.
        throw APNsClientError(.connection, "no answer, and the server may have processed it (\(why)): not sent again")
      case .notAnswered(let why):
        unanswered += 1
        lastUnanswered = why
        if attempts > configuration.retries {
          throw APNsClientError(.connection, "no answer after \(attempts) attempts: \(why)")
        }
      }
      counters.withLockedValue { $0.retries += 1 }
      // This attempt's answer, when it was answered (429, 500, 503); nil when it was not.
      let last: APNsAnswer? = if case .answered(let delivery, _) = outcome { delivery.answer } else { nil }
      let wait: TimeAmount
      if let last, last.status == 500 || last.status == 503 {
        wait = serverErrorWait(retry: retried.filter { $0.status == 500 || $0.status == 503 }.count)
      } else {
        wait = backoff(attempt: attempts)
      }
      configuration.onRetryWait?(last, wait)
      try? await Task.sleep(nanoseconds: UInt64(wait.nanoseconds))
    }
  }

  /// The wait before the `retry`-th resend of a push answered 500 or 503: `serverErrorDelay ·
  /// 2^(retry-1)` plus up to 10 % jitter (Apple: retry 5xx after 15 minutes, with back-off).
  public func serverErrorWait(retry: Int) -> TimeAmount {
    let base = configuration.serverErrorDelay.nanoseconds
    let scaled = base.multipliedReportingOverflow(by: Int64(1) << Int64(min(max(retry - 1, 0), 20)))
    let delay = scaled.overflow ? Int64.max / 2 : scaled.partialValue
    return .nanoseconds(delay + Int64.random(in: 0...max(0, delay / 10)))
  }

  /// Exponential backoff with full jitter: a random wait up to `initialBackoff · 2^(attempt-1)`,
  /// at most `maxBackoff`, at least a tenth of it.
  public func backoff(attempt: Int) -> TimeAmount {
    let base = configuration.initialBackoff.nanoseconds
    let ceiling = min(configuration.maxBackoff.nanoseconds, base << Int64(min(attempt - 1, 20)))
    return .nanoseconds(Int64.random(in: max(1, ceiling / 10)...max(1, ceiling)))
  }

  /// Closes every connection (each answers its open streams first) and stops the event loops.
  public func shutdown() async throws {
    for slot in pool { await slot.close() }
    try await group.shutdownGracefully()
  }

  /// The counters so far.
  public var statistics: Counters { counters.withLockedValue { $0 } }

  static func now() -> Int64 { wallClockSeconds() }

  static func wallClockSeconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec)
  }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one attempt came to.
enum Outcome: Sendable {
  case answered(APNsDelivery, Connection)
  /// Not processed by the server (never sent, refused, above a GOAWAY's last-stream-id): retried.
  case notAnswered(String)
  /// Sent but not answered (a lost connection, a reset, a timeout): maybe processed, never resent.
  case unknown(String)
}
