import APNsAuth
import Foundation
import PayloadSchema

/// A local web push service's decisions (SPEC §16), with no network in them: it hands out
/// subscriptions shaped as a browser's `PushSubscription`, and answers a push sent to one of
/// their endpoints as Apple's web push service would, checking in Apple's order what Apple lists
/// (method, path, `TTL`, `Urgency`, `Topic`, the VAPID `Authorization`, the 4 KB body, the
/// `aes128gcm` encryption), then decrypts the message with the subscription's keys (RFC 8291) and
/// reads it as Safari would (`DeclarativePushValidator`).
///
/// ```swift
/// var service = WebPushService(origin: "http://127.0.0.1:8026")
/// let subscription = service.subscribe()               // subscription.json: endpoint, keys
/// let answer = service.receive(method: "POST", path: "/push/" + subscription.id, headers: headers,
///                              body: ciphertext, now: seconds)
/// answer.status                                          // 201, or 400 BadTtl, 403 BadJwtToken…
/// answer.message?.notification?.title                    // what Safari shows
/// ```
///
/// Apple's page lists the reasons without the status each goes with; the statuses here are the
/// page's status table read against them (400 for a malformed request, 403 for authentication,
/// 404 a path, 405 a method, 410 an expired subscription, 413 the size), and 403 for the VAPID
/// reasons is what providers' logs show (docs/behaviour.md).
public struct WebPushService: Sendable {
  /// What pushes are sent to: the service's own origin (`http://127.0.0.1:8026`), which a VAPID
  /// token's `aud` must be.
  public var origin: String
  private var subscriptions: [String: WebPushSubscriptionRecord] = [:]
  private var order: [String] = []
  /// The most subscriptions kept; the oldest goes first.
  public static let maxSubscriptions = 10_000

  /// `serve`'s options, which the answers read (the device pushes' desk reads the same).
  public let configuration: APNsServer.Configuration

  /// `serve --rate-limit N` (``APNsServer/APNsServer/Configuration/rateLimit``): a push that would
  /// be taken is answered 429 TooManyRequests past N pushes to one subscription in one clock
  /// second, counted as the device tokens' limit counts them; nil: no limit.
  private let rateLimiter: RateLimiter?

  /// A service at `origin` answering as `configuration` says.
  public init(origin: String, configuration: APNsServer.Configuration = APNsServer.Configuration()) {
    self.origin = origin
    self.configuration = configuration
    rateLimiter = configuration.rateLimit.map { RateLimiter(perSecond: $0) }
  }

  /// A new subscription: fresh receiver keys, an endpoint under `/push/`, and, when given, the
  /// application server key pushes must be signed with (a page's `applicationServerKey`).
  public mutating func subscribe(applicationServerKey: [UInt8]? = nil) -> WebPushSubscriptionRecord {
    var bytes = [UInt8](repeating: 0, count: 16)
    var generator = SystemRandomNumberGenerator()
    for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
    let id = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    return add(WebPushSubscriptionRecord(id: id, endpoint: origin + "/push/" + id, keys: .generate(),
                                         applicationServerKey: applicationServerKey))
  }

  /// Adds a subscription made elsewhere (tests: RFC 8291's receiver keys).
  @discardableResult
  public mutating func add(_ record: WebPushSubscriptionRecord) -> WebPushSubscriptionRecord {
    if subscriptions[record.id] == nil { order.append(record.id) }
    subscriptions[record.id] = record
    while order.count > Self.maxSubscriptions { subscriptions[order.removeFirst()] = nil }
    return record
  }

  /// The subscription with id `id`, if the service has it.
  public func subscription(_ id: String) -> WebPushSubscriptionRecord? { subscriptions[id] }

  /// Expires a subscription: pushes to it are answered 410 from now on (a user who revoked the
  /// permission, a site Safari unsubscribed after three silent pushes).
  public mutating func expire(_ id: String) {
    subscriptions[id]?.expired = true
  }

  /// Apple's answer to one push, and the message it carried.
  public func receive(method: String, path: String, headers: [(name: String, value: String)], body: [UInt8], now: Int64) -> WebPushAnswer {
    func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name }?.value.trimmingCharacters(in: .whitespaces)
    }
    guard method == "POST" else { return .refused(.methodNotAllowed, "the method is \(method); a push is a POST") }
    let prefix = "/push/"
    guard path.hasPrefix(prefix), let record = subscriptions[String(path.dropFirst(prefix.count))] else {
      return .refused(.badPath, "no subscription has the endpoint \(path)")
    }
    if record.expired { return WebPushAnswer(status: 410, reason: nil, problem: "the subscription has expired (its user revoked the permission, or was unsubscribed)") }
    guard let ttl = header("ttl"), let seconds = Int(ttl), seconds > 0 else {
      return .refused(.badTtl, header("ttl").map { "TTL is '\($0)', not a positive number of seconds" } ?? "no TTL header (required)")
    }
    if let urgency = header("urgency"), !WebPushRequestCheck.urgencies.contains(urgency) {
      return .refused(.badUrgency, "Urgency is '\(urgency)', not very-low, low, normal or high")
    }
    if let topic = header("topic"), !Self.isTopic(topic) {
      return .refused(.badWebPushTopic, "Topic '\(topic)' is not 1 to 32 characters of the URL-safe base64 alphabet")
    }
    guard let authorization = header("authorization") else {
      return .refused(.badJwtToken, "no Authorization header: a push carries a VAPID token ('vapid t=<JWT>, k=<key>')")
    }
    let verified: VAPIDVerification
    do {
      verified = try VAPIDToken.verify(authorization: authorization, cryptoKey: header("crypto-key"), expectedAudience: origin,
                                       expectedPublicKey: record.applicationServerKey, now: now)
    } catch {
      return .refused(error.appleReason ?? .badAuthorizationHeader, error.message)
    }
    guard body.count <= 4096 else {
      return .refused(.payloadTooLarge, "the body is \(body.count) bytes, over the limit of 4096")
    }
    var answer = WebPushAnswer(status: 201, reason: nil, problem: nil, ttl: seconds, urgency: header("urgency") ?? "normal",
                               topic: header("topic"), subject: verified.subject)
    guard !body.isEmpty else { return tooManyRequests(record, now: now) ?? answer }  // an empty push: nothing to decrypt (Safari shows nothing)
    guard header("content-encoding")?.lowercased() == "aes128gcm" else {
      return .refused(.badWebPushRequest, "Content-Encoding is \(header("content-encoding").map { "'\($0)'" } ?? "missing"), not aes128gcm (RFC 8291)")
    }
    let plaintext: [UInt8]
    do { plaintext = try WebPushEncryption.decrypt(body, with: record.keys) } catch {
      return .refused(.badWebPushRequest, "the body does not decrypt with the subscription's keys: \(error.message)")
    }
    var validator = DeclarativePushValidator()
    answer.plaintext = plaintext
    answer.message = validator.validate(plaintext)
    return tooManyRequests(record, now: now) ?? answer
  }

  /// 429 TooManyRequests when a push that would be taken is past the rate limit for `record` this
  /// second (it counts the push); refused pushes are not counted, as for a device token.
  private func tooManyRequests(_ record: WebPushSubscriptionRecord, now: Int64) -> WebPushAnswer? {
    guard let rateLimiter, !rateLimiter.admit(record.id[...], now: now) else { return nil }
    return .refused(.tooManyRequests, "more than \(rateLimiter.perSecond) pushes to this subscription in one second (the rate limit)")
  }

  /// `Topic`: at most 32 characters of the URL- and filename-safe base64 alphabet (Apple; RFC 8030
  /// §5.4); the request check's rule (`WebPushRequestCheck.isTopic`).
  public static func isTopic(_ text: String) -> Bool { WebPushRequestCheck.isTopic(text) }
}

/// One subscription the service handed out: its endpoint and the keys only the browser has.
public struct WebPushSubscriptionRecord: Sendable, Hashable {
  public let id: String
  public let endpoint: String
  /// The receiver's keys: the private half decrypts; `keys.subscriptionKeys` is what a sender gets.
  public let keys: WebPushReceiverKeys
  /// The page's `applicationServerKey` (an uncompressed P-256 point); nil accepts any VAPID key.
  public let applicationServerKey: [UInt8]?
  public var expired = false

  public init(id: String, endpoint: String, keys: WebPushReceiverKeys, applicationServerKey: [UInt8]? = nil) {
    self.id = id
    self.endpoint = endpoint
    self.keys = keys
    self.applicationServerKey = applicationServerKey
  }

  /// The `PushSubscription` JSON a browser gives a page (`toJSON()`): endpoint, expirationTime,
  /// keys by name (`auth`, `p256dh`), base64url without padding.
  public var json: String {
    "{\"endpoint\": " + JSONText.quoted(endpoint) + ", \"expirationTime\": null, \"keys\": {\"auth\": "
      + JSONText.quoted(keys.subscriptionKeys.authBase64URL) + ", \"p256dh\": " + JSONText.quoted(keys.subscriptionKeys.p256dhBase64URL) + "}}"
  }
}

/// What the service answers a push, and what the push carried.
public struct WebPushAnswer: Sendable, Hashable {
  /// 201 when the push is taken; else Apple's status.
  public var status: Int
  /// Apple's `reason` (`BadTtl`, `BadJwtToken`, …); nil for 201 and 410.
  public var reason: String?
  /// Why, in a sentence, for a refusal.
  public var problem: String?
  public var ttl: Int?
  public var urgency: String?
  public var topic: String?
  /// The VAPID `sub`: who sent it.
  public var subject: String?
  /// The decrypted message, and how Safari reads it; nil for an empty or refused push.
  public var plaintext: [UInt8]?
  public var message: DeclarativePushReport?

  public init(status: Int, reason: String?, problem: String?, ttl: Int? = nil, urgency: String? = nil, topic: String? = nil,
              subject: String? = nil) {
    self.status = status
    self.reason = reason
    self.problem = problem
    self.ttl = ttl
    self.urgency = urgency
    self.topic = topic
    self.subject = subject
  }

  /// A refusal with `reason`, at the status `APNsCatalogue` gives it on web push.
  static func refused(_ reason: APNsReason, _ problem: String) -> Self {
    let answer = APNsAnswer(reason, on: .webPush)
    return WebPushAnswer(status: answer.status, reason: answer.reason, problem: problem)
  }

  /// The response body: `{"reason": "BadTtl"}` for a refusal with a reason, empty otherwise.
  public var body: String { reason.map { "{\"reason\":" + JSONText.quoted($0) + "}" } ?? "" }

  /// What the device does with it: Safari shows the notification, or nothing by itself.
  public var shown: DeclarativeNotification? { message?.notification }
}
