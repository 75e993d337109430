import Crypto
import Foundation

// The keys of web push message encryption (RFC 8291): the two a browser's push subscription gives
// the application server (`p256dh`, `auth`), and the receiver's side that decrypts. Keys are held
// as bytes, as `ProviderKey` holds them: swift-crypto 3's key types are not `Sendable`.

/// The keys of a browser's push subscription, which an application server encrypts to (RFC 8291
/// §2.1 and §3): the user agent's P-256 ECDH public key (`p256dh`) and its 16-byte authentication
/// secret (`auth`), as the W3C Push API's `PushSubscription.toJSON()` gives them in `keys`.
///
/// Both are checked when made: `p256dh` is a 65-byte uncompressed point on P-256 (RFC 8291 §3.1:
/// "MUST verify that the public key they receive is on the P-256 curve"), `auth` is 16 bytes
/// (RFC 8291 §3.2).
public struct WebPushSubscriptionKeys: Sendable, Hashable {
  /// The user agent's ECDH public key: the uncompressed point (X9.62), `0x04 ‖ x ‖ y`, 65 bytes.
  public let p256dh: [UInt8]
  /// The authentication secret, 16 bytes.
  public let auth: [UInt8]

  /// Keys from their bytes; throws when `p256dh` is not an uncompressed P-256 point or `auth` is
  /// not 16 bytes.
  public init(p256dh: [UInt8], auth: [UInt8]) throws(WebPushKeyError) {
    if let problem = WebPushKeyError.Problem.ofPoint(p256dh) { throw WebPushKeyError(.p256dh, problem) }
    guard auth.count == WebPushEncryption.authSecretBytes else {
      throw WebPushKeyError(.auth, .wrongLength(actual: auth.count, expected: WebPushEncryption.authSecretBytes))
    }
    self.p256dh = p256dh
    self.auth = auth
  }

  /// Keys from the base64url text of a subscription's JSON (`keys.p256dh`, `keys.auth`), with or
  /// without `=` padding.
  public init(p256dh: String, auth: String) throws(WebPushKeyError) {
    let point = try WebPushKeyError.decode(p256dh, as: .p256dh)
    let secret = try WebPushKeyError.decode(auth, as: .auth)
    try self.init(p256dh: point, auth: secret)
  }

  /// `p256dh` as base64url without padding, as a browser writes it.
  public var p256dhBase64URL: String { JWTText.base64URL(Data(p256dh)) }
  /// `auth` as base64url without padding, as a browser writes it.
  public var authBase64URL: String { JWTText.base64URL(Data(auth)) }
}

/// The receiving side of web push encryption: a user agent's ECDH private key and authentication
/// secret (RFC 8291 §3.1–3.2), which decrypt what was encrypted to its ``WebPushSubscriptionKeys``.
/// A local push service uses it to read the messages sent to the subscriptions it made.
public struct WebPushReceiverKeys: Sendable, Hashable {
  /// The private key's raw scalar, 32 bytes.
  let privateBytes: [UInt8]
  /// What the application server is given: the public key and the same authentication secret.
  public let subscriptionKeys: WebPushSubscriptionKeys

  /// Receiver keys from a private key and a 16-byte authentication secret.
  public init(privateKey: P256.KeyAgreement.PrivateKey, authSecret: [UInt8]) throws(WebPushKeyError) {
    privateBytes = Array(privateKey.rawRepresentation)
    subscriptionKeys = try WebPushSubscriptionKeys(p256dh: Array(privateKey.publicKey.x963Representation), auth: authSecret)
  }

  /// Fresh receiver keys: a new P-256 key pair and 16 random bytes of authentication secret, as a
  /// user agent makes for each subscription (RFC 8291 §3.2).
  public static func generate() -> WebPushReceiverKeys {
    var secret = [UInt8](repeating: 0, count: WebPushEncryption.authSecretBytes)
    var generator = SystemRandomNumberGenerator()
    for index in secret.indices { secret[index] = UInt8.random(in: 0...255, using: &generator) }
    let key = P256.KeyAgreement.PrivateKey()
    // A fresh key's point and a 16-byte secret always pass the checks.
    return WebPushReceiverKeys(privateBytes: Array(key.rawRepresentation), p256dh: Array(key.publicKey.x963Representation), auth: secret)
  }

  private init(privateBytes: [UInt8], p256dh: [UInt8], auth: [UInt8]) {
    self.privateBytes = privateBytes
    subscriptionKeys = WebPushSubscriptionKeys(unchecked: p256dh, auth: auth)
  }

  /// The private key. (The bytes came from a valid key, so this is nil only if swift-crypto
  /// refuses its own output; nothing here traps on it.)
  public var privateKey: P256.KeyAgreement.PrivateKey? {
    try? P256.KeyAgreement.PrivateKey(rawRepresentation: privateBytes)
  }
}

extension WebPushSubscriptionKeys {
  /// Keys already known to be valid (made here from a fresh key pair).
  fileprivate init(unchecked p256dh: [UInt8], auth: [UInt8]) {
    self.p256dh = p256dh
    self.auth = auth
  }
}

/// A web push key that cannot be used: which key, and what is wrong with it.
public struct WebPushKeyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The key, by the name it has in a subscription's JSON or an Authorization header.
  public enum Key: String, Sendable, Hashable {
    /// The subscription's ECDH public key (`keys.p256dh`).
    case p256dh
    /// The subscription's authentication secret (`keys.auth`).
    case auth
    /// The application server's VAPID public key (`k=` of `Authorization: vapid`, `p256ecdsa=` of
    /// `Crypto-Key`, RFC 8292 §3.2).
    case vapidPublicKey = "VAPID public key"
    /// The application server's VAPID private key, as the raw 32-byte scalar in base64url.
    case vapidPrivateKey = "VAPID private key"
  }

  /// What is wrong with the key.
  public enum Problem: Sendable, Hashable {
    /// The text is not base64url (RFC 4648 §5); the string says why.
    case notBase64URL(String)
    /// The key has `actual` bytes where it must have `expected`.
    case wrongLength(actual: Int, expected: Int)
    /// A 65-byte key that does not start with 0x04, so not an uncompressed point (the byte found).
    case notUncompressedPoint(UInt8)
    /// An uncompressed point that is not on the P-256 curve.
    case notOnCurve
    /// 32 bytes that are not a P-256 private key (zero, or not less than the group order).
    case notAScalar

    /// The problem of a would-be uncompressed P-256 point, nil when it is one.
    static func ofPoint(_ bytes: [UInt8]) -> Problem? {
      guard bytes.count == WebPushEncryption.publicKeyBytes else {
        return .wrongLength(actual: bytes.count, expected: WebPushEncryption.publicKeyBytes)
      }
      guard bytes[0] == 0x04 else { return .notUncompressedPoint(bytes[0]) }
      guard (try? P256.KeyAgreement.PublicKey(x963Representation: bytes)) != nil else { return .notOnCurve }
      return nil
    }
  }

  /// Which key.
  public let key: Key
  /// What is wrong with it.
  public let problem: Problem

  /// An error for `key`.
  public init(_ key: Key, _ problem: Problem) {
    self.key = key
    self.problem = problem
  }

  /// One line, lowercase start, what is wrong.
  public var message: String {
    let name = key == .p256dh || key == .auth ? "'\(key.rawValue)'" : key.rawValue
    switch problem {
    case .notBase64URL(let why):
      return "\(name) is not base64url: \(why)"
    case .wrongLength(let actual, let expected):
      let what = key == .auth ? "an authentication secret" : key == .vapidPrivateKey ? "a raw P-256 private key" : "an uncompressed P-256 point"
      return "\(name) is \(actual) bytes; \(what) is \(expected)"
    case .notUncompressedPoint(let first):
      return "\(name) starts with \(Self.hex(first)), not 0x04: not an uncompressed P-256 point"
    case .notOnCurve:
      return "\(name) is not a point on the P-256 curve"
    case .notAScalar:
      return "\(name) is not a P-256 private key (zero, or not less than the curve's order)"
    }
  }

  public var description: String { message }

  /// `0x0A`: a byte in two uppercase hexadecimal digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }

  /// The bytes of base64url text for `key`, or the error that says why there are none.
  static func decode(_ text: String, as key: Key) throws(WebPushKeyError) -> [UInt8] {
    switch JWTText.decodeBase64URL(text) {
    case .success(let bytes): return bytes
    case .failure(let why): throw WebPushKeyError(key, .notBase64URL(why.reason))
    }
  }
}

/// Why a text is not base64url.
struct Base64URLProblem: Error {
  let reason: String
}

extension JWTText {
  /// The bytes of base64url text (RFC 4648 §5), with or without `=` padding; the failure says
  /// what is wrong (standard base64's `+` and `/`, whitespace, a length no base64 has).
  static func decodeBase64URL(_ text: some StringProtocol) -> Result<[UInt8], Base64URLProblem> {
    var body = Substring(text)
    var padding = 0
    while body.hasSuffix("=") {
      body.removeLast()
      padding += 1
    }
    if let bad = body.unicodeScalars.first(where: { !isBase64URL($0) }) {
      let why: String
      switch bad {
      case "+", "/": why = "it has '\(bad)': standard base64, where base64url has '-' and '_'"
      case "=": why = "it has '=' before the end"
      case " ", "\t", "\n", "\r": why = "it has whitespace"
      default: why = "it has '\(bad.escaped(asASCII: true))'"
      }
      return .failure(Base64URLProblem(reason: why))
    }
    let count = body.utf8.count
    guard count % 4 != 1 else { return .failure(Base64URLProblem(reason: "its length (\(count) characters) is no base64 length")) }
    guard padding == 0 || (count + padding) % 4 == 0, padding <= 2 else {
      return .failure(Base64URLProblem(reason: "it has \(padding) '=' where \((4 - count % 4) % 4) belong"))
    }
    var standard = String(body.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
    while standard.utf8.count % 4 != 0 { standard += "=" }
    guard let data = Data(base64Encoded: standard) else {
      return .failure(Base64URLProblem(reason: "its last character has bits no encoder writes"))
    }
    return .success(Array(data))
  }

  private static func isBase64URL(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "-", "_": return true
    default: return false
    }
  }

  /// base64url without padding, of bytes.
  static func base64URL(_ bytes: [UInt8]) -> String { base64URL(Data(bytes)) }
}
