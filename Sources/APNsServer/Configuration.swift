import ActivityContract
import APNsAuth
import NIOCore
import PayloadSchema
import StringsFile

extension APNsServer {
  /// Everything `apns-lint serve` is told on its command line (SPEC §10), as values.
  public struct Configuration: Sendable {
    /// The address to listen on; loopback by default.
    public var host = "127.0.0.1"
    /// The HTTP/2 port; 0 picks a free one (read it back from `APNsServer.port`).
    public var port = 2197
    /// TLS with ALPN `h2`; nil: plain TCP, HTTP/2 with prior knowledge (h2c).
    public var tls: TLSIdentity?
    /// `development` adds `apns-unique-id` to every answer; a device registered for the other
    /// environment is answered 400 BadDeviceToken.
    public var environment: APNsEnvironment = .development
    /// Provider-token keys: with any, every request needs a token whose signature verifies.
    public var keys: ProviderKeyRing = ProviderKeyRing()
    /// When set, a provider token whose `iss` is another team is 403 InvalidProviderToken.
    public var teamID: String?
    /// Known device tokens (`--devices`); tokens not listed are accepted.
    public var devices: DeviceRegistry = DeviceRegistry()
    /// Also refuse requests with error findings that APNs accepts: 400, reason the rule id.
    public var strict = false
    /// Injected server errors (`--fault 503:ServiceUnavailable:5`).
    public var faults: [Fault] = []
    /// How a refusal's reason is spelt (`--reason-spelling`): Apple's table's (the default) or
    /// what APNs sends on the wire (`BadEnvironmentKeyInToken` for `BadEnvironmentKeyIdInToken`).
    public var reasonSpelling: ReasonSpelling = .apple
    /// Pushes a second to one device token past which the answer is 429 TooManyRequests; nil: no limit.
    public var rateLimit: Int?
    /// Where each request's NDJSON record goes (`--log`); nil: nowhere.
    public var log: LogDestination?
    /// The HTTP/1.1 inbox page and API (`--ui-port`); nil: none.
    public var uiPort: Int?
    /// A local web push service over HTTP/1.1 on this port (`--web-push PORT`, SPEC §16); nil: none.
    public var webPushPort: Int?
    /// How many pushes the inbox keeps, newest first; older ones are dropped (memory stays flat).
    public var inboxCapacity = 10_000
    /// Localization tables and the devices' language lists (`--strings`, `--lang`): each record
    /// gets the alert as each device would show it.
    public var strings: LocalizationBundle?
    public var languages: [[String]] = []
    /// The app's `ActivityAttributes` (`--activity`): a Live Activity push whose `content-state` or
    /// `attributes` would not decode is answered 200, as APNs answers it, and its record says
    /// "dropped on the device: …" (SPEC §13.1).
    public var activity: ActivityChecker?
    /// The target requests are checked against (platform; the transport follows the path).
    public var target = Target()
    /// A connection that reads nothing for this long gets GOAWAY `{"reason":"IdleTimeout"}`.
    public var idleTimeout: TimeAmount = .seconds(300)
    /// A stream that has not sent its whole request after this long is reset (RST_STREAM).
    public var streamTimeout: TimeAmount = .seconds(10)
    /// SETTINGS_MAX_CONCURRENT_STREAMS offered to each connection (APNs offers up to 1,000).
    public var maxConcurrentStreams = 1000
    /// How SETTINGS_MAX_CONCURRENT_STREAMS moves (`--stream-limit-model`): `.apns` as APNs does,
    /// `.fixed` always `maxConcurrentStreams`.
    public var streamLimitModel: StreamLimitModel = .apns
    /// SETTINGS_MAX_HEADER_LIST_SIZE: a larger header block is a connection error.
    public var maxHeaderListSize = 16 * 1024
    /// Event-loop threads; nil: one per core.
    public var threads: Int?
    /// How long shutdown waits for clients to finish their streams before closing them.
    public var shutdownGrace: TimeAmount = .seconds(10)

    /// PEM file of the CA whose client certificates are required (`--client-ca`); nil: none asked.
    public var clientCA: String?

    /// True when every connection must present a client certificate.
    public var requiresClientCertificate: Bool { clientCA != nil && tls != nil }

    public init() {}
  }

  /// The certificate and key the server presents over TLS.
  public enum TLSIdentity: Sendable {
    /// PEM files (`--tls-cert`, `--tls-key`).
    case files(certificate: String, privateKey: String)
    /// A P-256 certificate for `localhost` and 127.0.0.1 made at start (`--tls-self-signed`).
    case selfSigned
  }

  /// How a connection's stream limit moves.
  ///
  /// Apple: "APNs allows only one stream until you post a request with a valid authentication
  /// token" (Sending notification requests to APNs, developer.apple.com/documentation/
  /// usernotifications/sending-notification-requests-to-apns); after a refused push APNs drops the
  /// limit to one again (openradar 27870881, pushy issue 732).
  public enum StreamLimitModel: String, Sendable, Hashable, CaseIterable {
    /// One stream on a connection without a client certificate until a push is accepted, then
    /// `maxConcurrentStreams`; one again after a refused push (a 4xx other than 429), back after
    /// an accepted one. 429 and 5xx (the server's rate and faults) leave it as it is.
    case apns
    /// `maxConcurrentStreams` from the start, whatever the answers (for benchmarks).
    case fixed
  }

  /// How `serve` spells the reasons it answers with.
  public enum ReasonSpelling: String, Sendable, Hashable, CaseIterable {
    /// Apple's table ("Handling notification responses from APNs"): `BadEnvironmentKeyIdInToken`.
    case apple
    /// What APNs sends on the wire (`APNsReason.wireSpelling`): `BadEnvironmentKeyInToken`, as
    /// APNSwift and other clients meet it.
    case wire

    /// `reason` as this spelling writes it; a reason apns-lint does not know (a `--strict` rule
    /// id, a `--fault`'s) as it is.
    public func spell(_ reason: String) -> String {
      guard self == .wire, let known = APNsReason(wire: reason) else { return reason }
      return known.wireSpelling
    }
  }

  /// Where NDJSON records are written.
  public enum LogDestination: Sendable, Hashable {
    case standardOutput
    case file(String)
  }
}

/// APNs' two environments.
public enum APNsEnvironment: String, Sendable, Hashable, CaseIterable, Codable {
  case development, production
}

/// An injected failure: `STATUS:REASON:PERCENT`, e.g. `503:ServiceUnavailable:5`.
public struct Fault: Sendable, Hashable, CustomStringConvertible {
  public var status: Int
  public var reason: String
  /// 0 to 100.
  public var percent: Double

  public init(status: Int, reason: String, percent: Double) {
    self.status = status
    self.reason = reason
    self.percent = percent
  }

  /// Parses `STATUS:REASON:PERCENT`; nil when it is not that (a status of 100–599, a reason of
  /// letters and digits, a percentage from 0 to 100).
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let status = Int(parts[0]), (100...599).contains(status),
          !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
          let percent = Double(parts[2].hasSuffix("%") ? parts[2].dropLast() : parts[2]), (0...100).contains(percent)
    else { return nil }
    self.init(status: status, reason: String(parts[1]), percent: percent)
  }

  public var description: String { "\(status):\(reason):\(percent)" }
}

extension Response {
  /// This answer with its reason as `spelling` writes it (`--reason-spelling`), so that the body,
  /// the log and the inbox say the same.
  func spelled(_ spelling: APNsServer.ReasonSpelling) -> Response {
    guard spelling == .wire, let reason else { return self }
    var spelled = self
    spelled.reason = spelling.spell(reason)
    return spelled
  }
}
