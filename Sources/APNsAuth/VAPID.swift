import Crypto
import Foundation

// Voluntary Application Server Identification (VAPID, RFC 8292): an application server proves to
// a push service which key it is with an ES256 JWT, `{"typ":"JWT","alg":"ES256"}` over
// `{"aud":<push service origin>,"exp":<seconds>,"sub":<mailto: or https: contact>}`, sent with its
// public key in `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3), or in the older drafts'
// `Authorization: WebPush <JWT>` with `Crypto-Key: p256ecdsa=<key>`.

/// An application server's VAPID key (RFC 8292 §3.2): a P-256 key that signs (the private key) or
/// only verifies (the public key, the `applicationServerKey` a page passes to
/// `pushManager.subscribe`).
public struct VAPIDKey: Sendable, Hashable {
  /// The public key, an uncompressed point (`0x04 ‖ x ‖ y`), 65 bytes.
  public let publicKeyBytes: [UInt8]
  /// The private key's raw scalar, nil for a public key.
  let privateBytes: [UInt8]?

  /// A key that signs.
  public init(privateKey: P256.Signing.PrivateKey) {
    publicKeyBytes = Array(privateKey.publicKey.x963Representation)
    privateBytes = Array(privateKey.rawRepresentation)
  }

  /// A key that only verifies.
  public init(publicKey: P256.Signing.PublicKey) {
    publicKeyBytes = Array(publicKey.x963Representation)
    privateBytes = nil
  }

  /// A key that only verifies, from the base64url of its uncompressed point (the `k=` of an
  /// Authorization header, or the public key web push libraries print).
  public init(publicKeyBase64URL text: String) throws(WebPushKeyError) {
    let bytes = try WebPushKeyError.decode(text, as: .vapidPublicKey)
    if let problem = WebPushKeyError.Problem.ofPoint(bytes) { throw WebPushKeyError(.vapidPublicKey, problem) }
    publicKeyBytes = bytes
    privateBytes = nil
  }

  /// A key that signs, from the base64url of its raw 32-byte private scalar (the private key web
  /// push libraries print, and keep in `VAPID_PRIVATE_KEY`).
  public init(privateKeyBase64URL text: String) throws(WebPushKeyError) {
    let bytes = try WebPushKeyError.decode(text, as: .vapidPrivateKey)
    guard bytes.count == 32 else { throw WebPushKeyError(.vapidPrivateKey, .wrongLength(actual: bytes.count, expected: 32)) }
    guard let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes) else { throw WebPushKeyError(.vapidPrivateKey, .notAScalar) }
    self.init(privateKey: key)
  }

  /// True when the key can sign (it was made from a private key).
  public var canSign: Bool { privateBytes != nil }

  /// The public key as base64url without padding: the `k=` of the Authorization header and the
  /// `applicationServerKey` of a subscription.
  public var publicKeyBase64URL: String { JWTText.base64URL(publicKeyBytes) }

  /// The public key, which verifies. (Made from a valid key; nil only if swift-crypto refuses its
  /// own output.)
  public var publicKey: P256.Signing.PublicKey? { try? P256.Signing.PublicKey(x963Representation: publicKeyBytes) }

  /// The private key, or nil for a key that only verifies.
  public var privateKey: P256.Signing.PrivateKey? {
    privateBytes.flatMap { try? P256.Signing.PrivateKey(rawRepresentation: $0) }
  }

  /// Files larger than this are refused: a P-256 PEM key is a few hundred bytes.
  public static let maxFileBytes = 64 * 1024

  /// Loads a PEM key file: a private key as PKCS#8 (`-----BEGIN PRIVATE KEY-----`, what
  /// `vapid --gen` and `openssl genpkey` write) or SEC 1 (`-----BEGIN EC PRIVATE KEY-----`, what
  /// `openssl ecparam -genkey` writes), or a public key (`-----BEGIN PUBLIC KEY-----`).
  public static func load(path: String) throws(VAPIDKeyError) -> VAPIDKey {
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
    } catch {
      throw VAPIDKeyError(path: path, .unreadable((error as NSError).localizedDescription))
    }
    guard data.count <= maxFileBytes else { throw VAPIDKeyError(path: path, .tooLarge) }
    return try parse(pem: data, path: path)
  }

  /// Reads a key from the text of a PEM file (as ``load(path:)``); `path` only names it in errors.
  public static func parse(pem: Data, path: String = "<key>") throws(VAPIDKeyError) -> VAPIDKey {
    guard let text = String(data: pem, encoding: .utf8), text.contains(where: { !$0.isWhitespace }) else {
      throw VAPIDKeyError(path: path, .empty)
    }
    guard let block = PEMBlock(text) else { throw VAPIDKeyError(path: path, .notPEM) }
    switch block.label {
    case "PRIVATE KEY", "EC PRIVATE KEY":
      // swift-crypto reads both PKCS#8 and SEC 1 from `pemRepresentation`, by the label.
      guard let key = try? P256.Signing.PrivateKey(pemRepresentation: block.text) else {
        throw VAPIDKeyError(path: path, .notP256(block.label))
      }
      return VAPIDKey(privateKey: key)
    case "PUBLIC KEY":
      guard let key = try? P256.Signing.PublicKey(pemRepresentation: block.text) else {
        throw VAPIDKeyError(path: path, .notP256(block.label))
      }
      return VAPIDKey(publicKey: key)
    case "ENCRYPTED PRIVATE KEY":
      throw VAPIDKeyError(path: path, .encrypted)
    default:
      throw VAPIDKeyError(path: path, .otherPEM(block.label))
    }
  }
}

/// Why a VAPID key file cannot be used; `description` is `FILE: error: MESSAGE`.
public struct VAPIDKeyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file, as it was named.
  public let path: String
  /// What is wrong with it.
  public let reason: Reason

  /// What is wrong with a key file.
  public enum Reason: Sendable, Hashable {
    /// The file cannot be read (the system's words).
    case unreadable(String)
    /// The file is empty or only whitespace.
    case empty
    /// The file is larger than ``VAPIDKey/maxFileBytes``.
    case tooLarge
    /// The file has no PEM block.
    case notPEM
    /// The PEM block is not a key (its label).
    case otherPEM(String)
    /// The PEM block is an encrypted private key.
    case encrypted
    /// The PEM block (its label) does not hold a P-256 key.
    case notP256(String)
    /// The key is a public key; signing needs the private key.
    case publicOnly
  }

  /// An error for the file at `path`.
  public init(path: String, _ reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// One line, lowercase start, what is wrong with the file.
  public var message: String {
    switch reason {
    case .unreadable(let why): return "cannot read the key: \(why)"
    case .empty: return "the key file is empty"
    case .tooLarge: return "the key file is larger than \(VAPIDKey.maxFileBytes / 1024) KB; a P-256 PEM key is a few hundred bytes"
    case .notPEM: return "not a PEM key: expected '-----BEGIN PRIVATE KEY-----', '-----BEGIN EC PRIVATE KEY-----' or '-----BEGIN PUBLIC KEY-----'"
    case .otherPEM(let label): return "a PEM '\(label)', not a key"
    case .encrypted: return "an encrypted private key; decrypt it first ('openssl pkcs8 -nocrypt')"
    case .notP256(let label): return "the '\(label)' is not a P-256 key: VAPID signs with ES256 (RFC 8292 §3.2)"
    case .publicOnly: return "a public key cannot sign: give the VAPID private key"
    }
  }

  public var description: String { "\(path): error: \(message)" }
}

/// Makes VAPID tokens with an application server's private key (RFC 8292 §2–3): header
/// `{"typ":"JWT","alg":"ES256"}`, claims `{"aud":…,"exp":…,"sub":…}`, each base64url without
/// padding, and the signature's raw r‖s (64 bytes) base64url over `header.claims`.
public struct VAPIDSigner: Sendable {
  /// The key that signs; its public key goes in the header as `k`.
  public let key: VAPIDKey

  /// The longest a token may be valid: RFC 8292 §2 allows an `exp` at most 24 hours ahead.
  public static let maxLifetime: Int64 = 24 * 3600
  /// How long ``token(audience:subject:now:lifetime:)`` makes tokens valid unless told: 12 hours.
  public static let defaultLifetime: Int64 = 12 * 3600

  /// A signer for a key that can sign; throws for a public key.
  public init(key: VAPIDKey) throws(VAPIDKeyError) {
    guard key.canSign else { throw VAPIDKeyError(path: "<VAPID key>", .publicOnly) }
    self.key = key
  }

  /// A signer for a private key.
  public init(privateKey: P256.Signing.PrivateKey) {
    key = VAPIDKey(privateKey: privateKey)
  }

  /// A token for the push service at `audience` (an origin, `https://host[:port]`), valid until
  /// `expiration` (seconds since 1970), naming `subject` (a `mailto:` or `https:` contact).
  ///
  /// Throws the problem a push service would find in the claims (`aud` not an origin, `sub` not a
  /// contact), or `signingFailed` when the key cannot sign. ECDSA signatures are randomized: two
  /// tokens with the same claims differ in their third part.
  public func token(audience: String, subject: String, expiration: Int64) throws(VAPIDProblem) -> VAPIDToken {
    if let why = VAPIDCheck.originProblem(audience) { throw .audienceNotOrigin(audience, why) }
    if let why = VAPIDCheck.contactProblem(subject) { throw .subjectNotContact(subject, why) }
    let header = #"{"typ":"JWT","alg":"ES256"}"#
    let claims = #"{"aud":"# + JWTText.jsonString(audience) + #","exp":"# + String(expiration)
      + #","sub":"# + JWTText.jsonString(subject) + "}"
    let signingInput = JWTText.base64URL(Data(header.utf8)) + "." + JWTText.base64URL(Data(claims.utf8))
    guard let privateKey = key.privateKey else { throw .signingFailed("the key cannot sign") }
    do {
      let signature = try privateKey.signature(for: Data(signingInput.utf8))
      return VAPIDToken(jwt: signingInput + "." + JWTText.base64URL(signature.rawRepresentation), publicKey: key.publicKeyBase64URL)
    } catch {
      throw .signingFailed("\(error)")
    }
  }

  /// A token valid from `now` for `lifetime` seconds (12 hours unless told; more than 24 hours or
  /// less than 1 second is refused as `expirationTooFar` or `expired`).
  public func token(audience: String, subject: String, now: Int64, lifetime: Int64 = defaultLifetime) throws(VAPIDProblem) -> VAPIDToken {
    guard lifetime <= Self.maxLifetime else { throw .expirationTooFar(expiration: now + lifetime, now: now) }
    guard lifetime > 0 else { throw .expired(expiration: now + lifetime, now: now) }
    return try token(audience: audience, subject: subject, expiration: now + lifetime)
  }

  /// The `aud` for a subscription's endpoint: its origin, `https://host[:port]` (RFC 8292 §2:
  /// "the origin of the push resource"); nil when the endpoint is not an https URL with a host
  /// (`http://` only on a loopback host: a local push service).
  public static func audience(forEndpoint endpoint: String) -> String? {
    let scheme = endpoint.hasPrefix("https://") ? "https://" : endpoint.hasPrefix("http://") && VAPIDCheck.isLoopback(endpoint) ? "http://" : nil
    guard let scheme else { return nil }
    let rest = endpoint.dropFirst(scheme.count)
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let origin = scheme + authority
    return VAPIDCheck.originProblem(origin) == nil ? origin : nil
  }
}

/// A signed VAPID token and the public key that verifies it, with the header values that carry
/// them.
public struct VAPIDToken: Sendable, Hashable {
  /// The JWT: `header.claims.signature`, base64url without padding.
  public let jwt: String
  /// The signer's public key, base64url of its uncompressed point.
  public let publicKey: String

  /// Pairs a JWT with a public key.
  public init(jwt: String, publicKey: String) {
    self.jwt = jwt
    self.publicKey = publicKey
  }

  /// The `Authorization` value of RFC 8292 §3: `vapid t=<JWT>, k=<key>`.
  public var authorization: String { "vapid t=\(jwt), k=\(publicKey)" }
  /// The `Authorization` value of the drafts before RFC 8292 (with ``cryptoKey``): `WebPush <JWT>`.
  public var webPushAuthorization: String { "WebPush \(jwt)" }
  /// The `Crypto-Key` value that goes with ``webPushAuthorization``: `p256ecdsa=<key>`.
  public var cryptoKey: String { "p256ecdsa=\(publicKey)" }
}
