import Crypto
import Foundation
import PayloadSchema

/// What a verified VAPID token says (RFC 8292 §2–3).
public struct VAPIDVerification: Sendable, Hashable {
  /// How the token came.
  public enum Scheme: String, Sendable, Hashable {
    /// `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3).
    case vapid
    /// `Authorization: WebPush <JWT>` with `Crypto-Key: p256ecdsa=<key>` (the drafts before RFC 8292).
    case webPush
  }

  /// How the token came.
  public let scheme: Scheme
  /// The JWT.
  public let jwt: String
  /// `aud`: the push service's origin.
  public let audience: String
  /// `exp`: seconds since 1970 after which the token is refused.
  public let expiration: Int64
  /// `sub`: the application server's `mailto:` or `https:` contact.
  public let subject: String
  /// The application server's public key (`k` or `p256ecdsa`), an uncompressed point.
  public let publicKey: [UInt8]

  /// A verification from its parts (what ``VAPIDToken/verify(authorization:cryptoKey:expectedAudience:expectedPublicKey:now:)``
  /// returns; made by hand in tests).
  public init(scheme: Scheme, jwt: String, audience: String, expiration: Int64, subject: String, publicKey: [UInt8]) {
    self.scheme = scheme
    self.jwt = jwt
    self.audience = audience
    self.expiration = expiration
    self.subject = subject
    self.publicKey = publicKey
  }
}

/// Why a VAPID `Authorization` is refused, in the order they are checked: the header, the key, the
/// JWT's form, its signature, then `aud`, `exp` and `sub`. Also what ``VAPIDSigner`` refuses to sign.
public enum VAPIDProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The Authorization value is empty, or `vapid` with no `t=`: there is no JWT.
  case missingToken
  /// The Authorization value is neither `vapid t=…, k=…` nor `WebPush <JWT>` (the string says what
  /// it is instead).
  case badAuthorizationHeader(String)
  /// No public key: `vapid` with no `k=`, or `WebPush` with no `Crypto-Key: p256ecdsa=` (the scheme).
  case missingPublicKey(VAPIDVerification.Scheme)
  /// The public key is not a 65-byte uncompressed P-256 point in base64url.
  case badPublicKey(WebPushKeyError.Problem)
  /// The public key is not the one the subscription was made with (its `applicationServerKey`).
  case publicKeyMismatch
  /// The token is not a JWT of three base64url parts with JSON objects for header and claims.
  case notAJWT(String)
  /// The header's `alg` is not `ES256` (nil: no `alg` string).
  case algorithm(String?)
  /// The signature is not 64 bytes (raw r‖s, RFC 7518 §3.4); the count found.
  case signatureLength(Int)
  /// The signature does not verify with the public key.
  case badSignature
  /// The claims have no `aud` string.
  case audienceMissing
  /// `aud` is not an origin `https://host[:port]` (the value, and why).
  case audienceNotOrigin(String, String)
  /// `aud` is an origin, but not the push service's (found, expected).
  case audienceMismatch(found: String, expected: String)
  /// The claims have no `exp`, or it is not an integer.
  case expirationMissing
  /// `exp` is not later than now.
  case expired(expiration: Int64, now: Int64)
  /// `exp` is more than 24 hours after now (RFC 8292 §2).
  case expirationTooFar(expiration: Int64, now: Int64)
  /// The claims have no `sub` string.
  case subjectMissing
  /// `sub` is not a `mailto:` address or an `https:` URL (the value, and why).
  case subjectNotContact(String, String)
  /// Signing only: the key could not sign (what swift-crypto said).
  case signingFailed(String)

  /// One line, lowercase start, values quoted with '…'.
  public var message: String {
    switch self {
    case .missingToken:
      return "no VAPID JWT: expected 'Authorization: vapid t=<JWT>, k=<public key>' (RFC 8292 §3)"
    case .badAuthorizationHeader(let what):
      return "the Authorization header is not 'vapid t=<JWT>, k=<public key>' (RFC 8292 §3) or 'WebPush <JWT>': \(what)"
    case .missingPublicKey(let scheme):
      return scheme == .vapid
        ? "the 'vapid' Authorization has no 'k=<public key>' (RFC 8292 §3.2)"
        : "a 'WebPush' Authorization needs 'Crypto-Key: p256ecdsa=<public key>', and there is none"
    case .badPublicKey(let problem):
      return WebPushKeyError(.vapidPublicKey, problem).message
    case .publicKeyMismatch:
      return "the VAPID public key is not the applicationServerKey the subscription was made with"
    case .notAJWT(let why):
      return "the VAPID token is not a JWT: \(why)"
    case .algorithm(let value):
      guard let value else { return "the VAPID JWT header has no 'alg' string; VAPID takes only 'ES256' (RFC 8292 §2)" }
      return "the VAPID JWT 'alg' is '\(value)', not 'ES256' (RFC 8292 §2)"
    case .signatureLength(let count):
      return "the VAPID JWT signature is \(count) bytes; ES256 in a JWT is the raw r‖s, 64 bytes (RFC 7518 §3.4), not DER"
    case .badSignature:
      return "the VAPID JWT signature does not verify with the public key given: signed with another private key, or changed"
    case .audienceMissing:
      return "the VAPID JWT has no 'aud' string; it must be the push service's origin (RFC 8292 §2)"
    case .audienceNotOrigin(let value, let why):
      return "the VAPID 'aud' is '\(value)', not an origin https://host[:port]: \(why)"
    case .audienceMismatch(let found, let expected):
      return "the VAPID 'aud' is '\(found)', not this push service's origin '\(expected)'"
    case .expirationMissing:
      return "the VAPID JWT has no integer 'exp' (expiry, in seconds since 1970; RFC 8292 §2)"
    case .expired(let expiration, let now):
      return "the VAPID JWT expired \(now - expiration) seconds ago ('exp' \(expiration), now \(now))"
    case .expirationTooFar(let expiration, let now):
      return "the VAPID 'exp' is \(expiration - now) seconds ahead; at most 86400 (24 hours, RFC 8292 §2)"
    case .subjectMissing:
      return "the VAPID JWT has no 'sub': a 'mailto:' address or 'https:' URL to contact the sender (RFC 8292 §2.1)"
    case .subjectNotContact(let value, let why):
      return "the VAPID 'sub' is '\(value)', not a 'mailto:' address or 'https:' URL: \(why)"
    case .signingFailed(let why):
      return "ES256 signing failed: \(why)"
    }
  }

  public var description: String { message }

  /// The `reason` Apple's web push service (web.push.apple.com) answers with, from the reason list
  /// of Apple's "Sending web push notifications in web apps and browsers" (which names no status
  /// per reason; 403 for the JWT and key reasons is what providers' logs show):
  /// - `BadJwtToken`: "The JWT is missing", "signed with the wrong private key", its "subject claim
  ///   isn't a URL or mailto:", its "audience claim isn't the origin of the push service", its
  ///   "expiration parameter is more than one day into the future"; a JWT that is not one (not
  ///   three parts, another `alg`, a signature of the wrong length), or has no `exp` or an `exp`
  ///   already past, is taken as the same reason (Apple lists no other for a token);
  /// - `BadAuthorizationHeader`: "The Authorization header doesn't conform to the specification";
  /// - `BadVapidPublicKey`: the key "isn't present", "not base64url encoded", "isn't the correct
  ///   type of key";
  /// - `VapidPkHashMismatch`: "The VAPID public key from the push subscription doesn't match the
  ///   VAPID public key in the request".
  /// nil for a signing failure on this side (nothing was sent).
  public var appleReason: APNsReason? {
    switch self {
    case .missingToken, .badSignature, .audienceMissing, .audienceNotOrigin, .audienceMismatch, .expirationTooFar,
         .subjectMissing, .subjectNotContact, .notAJWT, .algorithm, .signatureLength, .expirationMissing, .expired:
      return .badJwtToken
    case .badAuthorizationHeader: return .badAuthorizationHeader
    case .missingPublicKey, .badPublicKey: return .badVapidPublicKey
    case .publicKeyMismatch: return .vapidPkHashMismatch
    case .signingFailed: return nil
    }
  }
}

extension VAPIDToken {
  /// Authorization values longer than this are refused (`badAuthorizationHeader`).
  public static let maxAuthorizationBytes = 8192

  /// Parses and verifies a VAPID `Authorization` value as a push service does (RFC 8292 §3–4):
  /// `vapid t=<JWT>, k=<key>`, or `WebPush <JWT>` with the `Crypto-Key` value holding
  /// `p256ecdsa=<key>`.
  ///
  /// - Parameters:
  ///   - authorization: the `Authorization` header's value.
  ///   - cryptoKey: the `Crypto-Key` header's value, for the `WebPush` form.
  ///   - expectedAudience: the push service's origin; nil checks only that `aud` is an origin.
  ///   - expectedPublicKey: the `applicationServerKey` the subscription was made with, if known.
  ///   - now: seconds since 1970, for `exp`: later than now, at most 24 hours ahead.
  /// - Throws: the first ``VAPIDProblem`` found, in the order of ``VAPIDProblem``'s cases.
  public static func verify(
    authorization: String, cryptoKey: String? = nil, expectedAudience: String? = nil, expectedPublicKey: [UInt8]? = nil,
    now: Int64
  ) throws(VAPIDProblem) -> VAPIDVerification {
    guard authorization.utf8.count <= maxAuthorizationBytes else {
      throw .badAuthorizationHeader("it is longer than \(maxAuthorizationBytes) bytes")
    }
    let (scheme, jwt, keyText) = try VAPIDCheck.readAuthorization(authorization, cryptoKey: cryptoKey)
    guard let keyText else { throw .missingPublicKey(scheme) }
    let key: [UInt8]
    switch JWTText.decodeBase64URL(keyText) {
    case .success(let bytes): key = bytes
    case .failure(let why): throw .badPublicKey(.notBase64URL(why.reason))
    }
    if let problem = WebPushKeyError.Problem.ofPoint(key) { throw .badPublicKey(problem) }
    if let expectedPublicKey, expectedPublicKey != key { throw .publicKeyMismatch }
    let parts = try VAPIDCheck.readJWT(jwt)
    guard parts.signature.count == 64 else { throw .signatureLength(parts.signature.count) }
    guard let publicKey = try? P256.Signing.PublicKey(x963Representation: key),
          let signature = try? P256.Signing.ECDSASignature(rawRepresentation: parts.signature),
          publicKey.isValidSignature(signature, for: Data(parts.signingInput.utf8)) else {
      throw .badSignature
    }
    let claims = parts.claims
    guard case .string(let audience)? = claims["aud"] else { throw .audienceMissing }
    if let why = VAPIDCheck.originProblem(audience) { throw .audienceNotOrigin(audience, why) }
    if let expectedAudience, audience != expectedAudience { throw .audienceMismatch(found: audience, expected: expectedAudience) }
    guard case .integer(let expiration)? = claims["exp"] else { throw .expirationMissing }
    guard expiration > now else { throw .expired(expiration: expiration, now: now) }
    guard expiration - now <= VAPIDSigner.maxLifetime else { throw .expirationTooFar(expiration: expiration, now: now) }
    guard case .string(let subject)? = claims["sub"] else { throw .subjectMissing }
    if let why = VAPIDCheck.contactProblem(subject) { throw .subjectNotContact(subject, why) }
    return VAPIDVerification(scheme: scheme, jwt: jwt, audience: audience, expiration: expiration, subject: subject, publicKey: key)
  }
}

/// The checks signing and verifying share, and the readers of the header and the JWT.
enum VAPIDCheck {
  /// Why `text` is not an origin `https://host[:port]`; nil when it is one. `http://` is taken for
  /// a loopback host only (`localhost`, `127.0.0.1`, `[::1]`): a local push service, such as
  /// `apns-lint serve --web-push`, which pywebpush and py-vapid address over plain HTTP.
  static func originProblem(_ text: String) -> String? {
    let scheme = text.hasPrefix("https://") ? "https://" : text.hasPrefix("http://") && isLoopback(text) ? "http://" : nil
    guard let scheme else {
      return text.lowercased().hasPrefix("http://") ? "it is http, and a push service is https" : "it does not start with 'https://'"
    }
    let authority = text.dropFirst(scheme.count)
    if let cut = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
      return "it has a path or more after the host ('\(authority[cut...])')"
    }
    return authorityProblem(authority)
  }

  /// Whether `url` (`http://127.0.0.1:8026/…`) names a loopback host.
  static func isLoopback(_ url: String) -> Bool {
    guard let start = url.range(of: "://")?.upperBound else { return false }
    let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]"
      : String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    return ["localhost", "127.0.0.1", "[::1]"].contains(host.lowercased())
  }

  /// Why `text` is not a contact: a `mailto:` address or an `https:` URL; nil when it is one.
  static func contactProblem(_ text: String) -> String? {
    if text.hasPrefix("mailto:") {
      let address = text.dropFirst("mailto:".count)
      if address.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" }) {
        return "the address has spaces or angle brackets; write 'mailto:name@example.com'"
      }
      let halves = address.split(separator: "@", omittingEmptySubsequences: false)
      guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty else { return "'\(address)' is not an e-mail address" }
      return nil
    }
    if text.hasPrefix("https://") {
      let authority = text.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      return authorityProblem(authority)
    }
    return "it starts with neither 'mailto:' nor 'https://'"
  }

  /// Why `authority` is not `host[:port]`; nil when it is.
  private static func authorityProblem(_ authority: Substring) -> String? {
    if authority.contains("@") { return "it has user information before the host" }
    var host = authority
    var port: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return "its IPv6 host has no ']'" }
      host = authority[...close]
      let after = authority[authority.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { return "'\(after)' follows the host" }
        port = after.dropFirst()
      }
    } else if let colon = authority.firstIndex(of: ":") {
      host = authority[..<colon]
      port = authority[authority.index(after: colon)...]
    }
    guard !host.isEmpty else { return "it has no host" }
    if !host.hasPrefix("["), let bad = host.unicodeScalars.first(where: { !isHostScalar($0) }) {
      return "its host has '\(bad.escaped(asASCII: true))'"
    }
    if let port {
      guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let number = Int(port), number <= 65535 else {
        return "its port '\(port)' is not a number from 0 to 65535"
      }
    }
    return nil
  }

  private static func isHostScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "%": return true
    default: return false
    }
  }

  /// The scheme, JWT and public-key text of an Authorization value (and a Crypto-Key value).
  static func readAuthorization(_ value: String, cryptoKey: String?) throws(VAPIDProblem) -> (VAPIDVerification.Scheme, String, String?) {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw .missingToken }
    let scheme = trimmed.prefix { !$0.isWhitespace }
    let rest = trimmed.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)
    switch scheme.lowercased() {
    case "vapid":
      var parameters: [String: String] = [:]
      for item in rest.split(separator: ",", omittingEmptySubsequences: true) {
        let pair = item.trimmingCharacters(in: .whitespaces)
        guard !pair.isEmpty else { continue }
        guard let equals = pair.firstIndex(of: "=") else { throw .badAuthorizationHeader("'\(pair)' is not name=value") }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        var text = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        guard parameters[name] == nil else { throw .badAuthorizationHeader("'\(name)' is given twice") }
        parameters[name] = text
      }
      guard let jwt = parameters["t"], !jwt.isEmpty else { throw .missingToken }
      return (.vapid, jwt, parameters["k"].flatMap { $0.isEmpty ? nil : $0 })
    case "webpush":
      guard !rest.isEmpty else { throw .missingToken }
      guard !rest.contains(where: { $0.isWhitespace || $0 == "," }) else {
        throw .badAuthorizationHeader("'WebPush' is followed by more than one JWT")
      }
      return (.webPush, rest, cryptoKey.flatMap(p256ecdsa))
    default:
      let shown = scheme.count > 20 ? String(scheme.prefix(20)) + "…" : String(scheme)
      throw .badAuthorizationHeader("its scheme is '\(shown)'")
    }
  }

  /// The `p256ecdsa` parameter of a Crypto-Key value (parameters split by ',' and ';').
  private static func p256ecdsa(_ cryptoKey: String) -> String? {
    for item in cryptoKey.split(whereSeparator: { $0 == "," || $0 == ";" }) {
      let pair = item.trimmingCharacters(in: .whitespaces)
      guard pair.lowercased().hasPrefix("p256ecdsa=") else { continue }
      var text = String(pair.dropFirst("p256ecdsa=".count))
      if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
      return text.isEmpty ? nil : text
    }
    return nil
  }

  /// The decoded parts of a JWT: header checked for `alg`, claims as JSON values.
  static func readJWT(_ jwt: String) throws(VAPIDProblem) -> (signingInput: String, claims: [String: JSONScalar], signature: [UInt8]) {
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { throw .notAJWT("not three non-empty parts separated by '.'") }
    var decoded: [[UInt8]] = []
    for (index, part) in parts.enumerated() {
      guard !part.hasSuffix("=") else { throw .notAJWT("part \(index + 1) of 3 has '=' padding, which JWTs leave out (RFC 7515 §2)") }
      switch JWTText.decodeBase64URL(part) {
      case .success(let bytes): decoded.append(bytes)
      case .failure(let why): throw .notAJWT("part \(index + 1) of 3 is not base64url: \(why.reason)")
      }
    }
    guard let header = JSONScalar.object(decoded[0]) else {
      throw .notAJWT("the header is not a JSON object")
    }
    guard case .string("ES256")? = header["alg"] else {
      if case .string(let other)? = header["alg"] { throw .algorithm(other) }
      throw .algorithm(nil)
    }
    guard let claims = JSONScalar.object(decoded[1]) else {
      throw .notAJWT("the claims are not a JSON object")
    }
    return (String(parts[0]) + "." + parts[1], claims, decoded[2])
  }
}

/// A JSON value as far as JWT claims need it: strings, integers (a number with no fraction), and
/// anything else.
enum JSONScalar: Hashable {
  case string(String)
  case integer(Int64)
  case other

  /// The members of the JSON object `bytes` holds, read with PayloadSchema's JSON reader
  /// (`JSONMembers`: escapes decoded, a repeated name's last value kept); nil when the bytes are
  /// not one JSON object.
  static func object(_ bytes: [UInt8]) -> [String: JSONScalar]? {
    guard case .success(let members) = JSONMembers.read(bytes) else { return nil }
    var out: [String: JSONScalar] = [:]
    for member in members {
      switch member.kind {
      case .string: out[member.name] = .string(member.string ?? "")
      case .number: out[member.name] = integer(String(decoding: bytes[member.range], as: UTF8.self)).map { .integer($0) } ?? .other
      default: out[member.name] = .other
      }
    }
    return out
  }

  /// A JSON number with no fraction (`1700000000`, `1.7e9`, `1700000000.0`) as an integer
  /// below 9e15; nil for one with a fraction or beyond.
  static func integer(_ text: String) -> Int64? {
    if let n = Int64(text) { return n }
    guard let d = Double(text), d.rounded() == d, abs(d) < 9.0e15 else { return nil }
    return Int64(d)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
