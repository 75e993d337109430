import APNsAuth
import Crypto
import Foundation
import Testing

/// base64url without padding, of bytes or of a string's UTF-8.
private func b64url(_ bytes: [UInt8]) -> String {
  Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    .replacingOccurrences(of: "=", with: "")
}

private func b64url(_ text: String) -> String { b64url(Array(text.utf8)) }

/// The text a base64url JWT part decodes to ("" when it does not decode: the test then fails).
private func decodedPart(_ part: Substring) -> String {
  var standard = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
  while standard.count % 4 != 0 { standard += "=" }
  return Data(base64Encoded: standard).map { String(decoding: $0, as: UTF8.self) } ?? ""
}

/// RFC 8292 §2.4's example: a token for `https://push.example.net`, `exp` 1453523768, `sub`
/// `mailto:push@example.com`, and the public key that signed it (§3.2's example `k`).
private enum RFC8292 {
  static let jwt = "eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0"
    + ".i3CYb7t4xfxCDquptFOepC9GAu_HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA"
  static let k = "BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs"
  static let expiration: Int64 = 1_453_523_768
}

@Suite struct VAPIDTests {
  static let now: Int64 = 1_700_000_000
  static let audience = "https://web.push.apple.com"
  static let subject = "mailto:ops@example.com"
  /// A fixed key (RFC 8291's sender scalar; any P-256 key would do), so `k` is known. Made for
  /// each use: swift-crypto's keys are not `Sendable`.
  static var privateKey: P256.Signing.PrivateKey {
    // The RFC's scalar is a valid key; a fresh one only if swift-crypto refused it (then `k` fails).
    (try? P256.Signing.PrivateKey(rawRepresentation: Data(base64Encoded: "yfWPiYE+n46HLnH0KqZOF1fJJU3MYrct3AELtAQ+oRw=") ?? Data()))
      ?? P256.Signing.PrivateKey()
  }
  static let k = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"

  /// A JWT with any header and claims, signed with `key` (the signer refuses bad claims; a test
  /// of the verifier needs them).
  static func forge(header: String = #"{"typ":"JWT","alg":"ES256"}"#, claims: String, key: P256.Signing.PrivateKey = privateKey) throws -> String {
    let input = b64url(header) + "." + b64url(claims)
    return input + "." + b64url(Array(try key.signature(for: Data(input.utf8)).rawRepresentation))
  }

  static func claims(aud: String = audience, exp: Int64 = now + 3600, sub: String = subject) -> String {
    #"{"aud":"\#(aud)","exp":\#(exp),"sub":"\#(sub)"}"#
  }

  static func verify(_ authorization: String, cryptoKey: String? = nil, audience: String? = audience,
                     publicKey: [UInt8]? = nil, now: Int64 = now) throws(VAPIDProblem) -> VAPIDVerification {
    try VAPIDToken.verify(authorization: authorization, cryptoKey: cryptoKey, expectedAudience: audience, expectedPublicKey: publicKey, now: now)
  }

  @Test func signThenVerify() throws {
    let signer = VAPIDSigner(privateKey: Self.privateKey)
    let token = try signer.token(audience: Self.audience, subject: Self.subject, expiration: Self.now + 3600)
    let parts = token.jwt.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(!token.jwt.contains("="))
    #expect(decodedPart(parts[0]) == #"{"typ":"JWT","alg":"ES256"}"#)
    #expect(decodedPart(parts[1]) == #"{"aud":"https://web.push.apple.com","exp":1700003600,"sub":"mailto:ops@example.com"}"#)
    #expect(parts[2].count == 86)  // 64 bytes of r‖s
    #expect(token.publicKey == Self.k)
    #expect(token.authorization == "vapid t=\(token.jwt), k=\(Self.k)")
    #expect(token.webPushAuthorization == "WebPush \(token.jwt)")
    #expect(token.cryptoKey == "p256ecdsa=\(Self.k)")

    let expected = VAPIDVerification(
      scheme: .vapid, jwt: token.jwt, audience: Self.audience, expiration: Self.now + 3600, subject: Self.subject,
      publicKey: signer.key.publicKeyBytes)
    #expect(try Self.verify(token.authorization, publicKey: signer.key.publicKeyBytes) == expected)
    let older = try Self.verify(token.webPushAuthorization, cryptoKey: "dh=BNoRDbb84JGm8g5Z5CFxurSqsXWJ11ItfXEWYVLE85Y7;" + token.cryptoKey)
    #expect(older.scheme == .webPush)
    #expect(older.subject == Self.subject)
    // py-vapid's spelling: no space after the comma; the scheme in any case; k before t.
    #expect(try Self.verify("vapid t=\(token.jwt),k=\(Self.k)").expiration == Self.now + 3600)
    #expect(try Self.verify("VAPID k=\(Self.k), t=\(token.jwt)").audience == Self.audience)
    // The `now` form: 12 hours unless told, 24 at most.
    let later = try signer.token(audience: Self.audience, subject: Self.subject, now: Self.now)
    #expect(try Self.verify(later.authorization).expiration == Self.now + 12 * 3600)
    let longest = try signer.token(audience: Self.audience, subject: Self.subject, now: Self.now, lifetime: 86400)
    #expect(try Self.verify(longest.authorization).expiration == Self.now + 86400)
  }

  /// RFC 8292 §2.4's token verifies with §3.2's key: the RFC's own signature, checked here.
  @Test func verifiesTheRFC8292Example() throws {
    let verified = try VAPIDToken.verify(
      authorization: "vapid t=\(RFC8292.jwt), k=\(RFC8292.k)", expectedAudience: "https://push.example.net",
      now: RFC8292.expiration - 3600)
    #expect(verified.audience == "https://push.example.net")
    #expect(verified.expiration == 1_453_523_768)
    #expect(verified.subject == "mailto:push@example.com")
    #expect(b64url(verified.publicKey) == RFC8292.k)
    #expect(throws: VAPIDProblem.expired(expiration: RFC8292.expiration, now: Self.now)) {
      try VAPIDToken.verify(authorization: "vapid t=\(RFC8292.jwt), k=\(RFC8292.k)", now: Self.now)
    }
    // Another key, or one changed claim under the RFC's signature: refused.
    #expect(throws: VAPIDProblem.badSignature) {
      try VAPIDToken.verify(authorization: "vapid t=\(RFC8292.jwt), k=\(Self.k)", now: RFC8292.expiration - 3600)
    }
    // Every prefix of the header is refused with a problem, none traps.
    let header = "vapid t=\(RFC8292.jwt), k=\(RFC8292.k)"
    for length in 0..<header.count {
      #expect(throws: VAPIDProblem.self) { try VAPIDToken.verify(authorization: String(header.prefix(length)), now: RFC8292.expiration - 3600) }
    }
    let parts = RFC8292.jwt.split(separator: ".")
    let forged = "\(parts[0]).\(b64url(#"{"aud":"https://push.example.net","exp":1453523769,"sub":"mailto:push@example.com"}"#)).\(parts[2])"
    #expect(throws: VAPIDProblem.badSignature) {
      try VAPIDToken.verify(authorization: "vapid t=\(forged), k=\(RFC8292.k)", now: RFC8292.expiration - 3600)
    }
  }

  @Test func headerProblems() throws {
    let jwt = try Self.forge(claims: Self.claims())
    #expect(throws: VAPIDProblem.missingToken) { try Self.verify("") }
    #expect(throws: VAPIDProblem.missingToken) { try Self.verify("vapid k=\(Self.k)") }
    #expect(throws: VAPIDProblem.missingToken) { try Self.verify("WebPush ", cryptoKey: "p256ecdsa=\(Self.k)") }
    #expect(throws: VAPIDProblem.badAuthorizationHeader("its scheme is 'Bearer'")) { try Self.verify("Bearer \(jwt)") }
    #expect(throws: VAPIDProblem.badAuthorizationHeader("'k' is not name=value")) { try Self.verify("vapid t=\(jwt), k") }
    #expect(throws: VAPIDProblem.badAuthorizationHeader("'t' is given twice")) { try Self.verify("vapid t=\(jwt), t=\(jwt), k=\(Self.k)") }
    #expect(throws: VAPIDProblem.badAuthorizationHeader("it is longer than 8192 bytes")) {
      try Self.verify("vapid t=\(String(repeating: "A", count: 8200)), k=\(Self.k)")
    }
    #expect(throws: VAPIDProblem.missingPublicKey(.vapid)) { try Self.verify("vapid t=\(jwt)") }
    #expect(throws: VAPIDProblem.missingPublicKey(.webPush)) { try Self.verify("WebPush \(jwt)") }
    #expect(throws: VAPIDProblem.missingPublicKey(.webPush)) { try Self.verify("WebPush \(jwt)", cryptoKey: "dh=BNoRDbb84JGm8g5Z5CFxurSqsXWJ") }
    #expect(VAPIDProblem.missingPublicKey(.vapid).message == "the 'vapid' Authorization has no 'k=<public key>' (RFC 8292 §3.2)")
  }

  @Test func publicKeyProblems() throws {
    let jwt = try Self.forge(claims: Self.claims())
    var point = VAPIDKey(privateKey: Self.privateKey).publicKeyBytes
    #expect(throws: VAPIDProblem.badPublicKey(.wrongLength(actual: 64, expected: 65))) {
      try Self.verify("vapid t=\(jwt), k=\(b64url(Array(point.dropLast())))")
    }
    #expect(throws: VAPIDProblem.badPublicKey(.notUncompressedPoint(0x03))) {
      try Self.verify("vapid t=\(jwt), k=\(b64url([0x03] + point.dropFirst()))")
    }
    point[64] ^= 1
    #expect(throws: VAPIDProblem.badPublicKey(.notOnCurve)) { try Self.verify("vapid t=\(jwt), k=\(b64url(point))") }
    #expect(throws: VAPIDProblem.badPublicKey(.notBase64URL("it has '/': standard base64, where base64url has '-' and '_'"))) {
      try Self.verify("vapid t=\(jwt), k=\(Self.k.replacingOccurrences(of: "_", with: "/"))")
    }
    let other = VAPIDKey(privateKey: P256.Signing.PrivateKey()).publicKeyBytes
    #expect(throws: VAPIDProblem.publicKeyMismatch) { try Self.verify("vapid t=\(jwt), k=\(Self.k)", publicKey: other) }
    #expect(VAPIDProblem.badPublicKey(.notOnCurve).message == "VAPID public key is not a point on the P-256 curve")
  }

  @Test func jwtProblems() throws {
    func verify(_ jwt: String) throws { _ = try Self.verify("vapid t=\(jwt), k=\(Self.k)") }
    let jwt = try Self.forge(claims: Self.claims())
    #expect(throws: VAPIDProblem.notAJWT("not three non-empty parts separated by '.'")) { try verify("abc.def") }
    #expect(throws: VAPIDProblem.notAJWT("not three non-empty parts separated by '.'")) { try verify(jwt + ".") }
    #expect(throws: VAPIDProblem.notAJWT("part 1 of 3 has '=' padding, which JWTs leave out (RFC 7515 §2)")) {
      let parts = jwt.split(separator: ".")
      try verify("\(parts[0])=.\(parts[1]).\(parts[2])")
    }
    #expect(throws: VAPIDProblem.notAJWT("part 2 of 3 is not base64url: it has '!'")) { try verify("eyJ0.e!J0.AAAA") }
    #expect(throws: VAPIDProblem.notAJWT("the header is not a JSON object")) { try verify(b64url("not json") + ".e30.AAAA") }
    #expect(throws: VAPIDProblem.algorithm("HS256")) { try verify(try Self.forge(header: #"{"typ":"JWT","alg":"HS256"}"#, claims: Self.claims())) }
    #expect(throws: VAPIDProblem.algorithm(nil)) { try verify(try Self.forge(header: #"{"typ":"JWT"}"#, claims: Self.claims())) }
    #expect(throws: VAPIDProblem.notAJWT("the claims are not a JSON object")) { try verify(try Self.forge(claims: "[1,2]")) }
    // A DER signature (what `openssl dgst -sign` writes) instead of raw r‖s.
    let input = jwt.split(separator: ".").prefix(2).joined(separator: ".")
    let der = Array(try Self.privateKey.signature(for: Data(input.utf8)).derRepresentation)
    #expect(throws: VAPIDProblem.signatureLength(der.count)) { try verify(input + "." + b64url(der)) }
    // Signed by another key than `k`.
    #expect(throws: VAPIDProblem.badSignature) { try verify(try Self.forge(claims: Self.claims(), key: P256.Signing.PrivateKey())) }
  }

  @Test func claimProblems() throws {
    func verify(_ claims: String) throws { _ = try Self.verify("vapid t=\(try Self.forge(claims: claims)), k=\(Self.k)") }
    #expect(throws: VAPIDProblem.audienceMissing) { try verify(#"{"exp":1700003600,"sub":"mailto:ops@example.com"}"#) }
    #expect(throws: VAPIDProblem.audienceNotOrigin("https://web.push.apple.com/", "it has a path or more after the host ('/')")) {
      try verify(Self.claims(aud: "https://web.push.apple.com/"))
    }
    #expect(throws: VAPIDProblem.audienceNotOrigin("http://web.push.apple.com", "it is http, and a push service is https")) {
      try verify(Self.claims(aud: "http://web.push.apple.com"))
    }
    #expect(throws: VAPIDProblem.audienceNotOrigin("https://push.example.net:99999", "its port '99999' is not a number from 0 to 65535")) {
      try verify(Self.claims(aud: "https://push.example.net:99999"))
    }
    #expect(throws: VAPIDProblem.audienceMismatch(found: "https://fcm.googleapis.com", expected: Self.audience)) {
      try verify(Self.claims(aud: "https://fcm.googleapis.com"))
    }
    #expect(throws: VAPIDProblem.expirationMissing) { try verify(#"{"aud":"https://web.push.apple.com","sub":"mailto:ops@example.com"}"#) }
    #expect(throws: VAPIDProblem.expirationMissing) {
      try verify(#"{"aud":"https://web.push.apple.com","exp":"1700003600","sub":"mailto:ops@example.com"}"#)
    }
    #expect(throws: VAPIDProblem.expired(expiration: Self.now, now: Self.now)) { try verify(Self.claims(exp: Self.now)) }
    #expect(throws: VAPIDProblem.expirationTooFar(expiration: Self.now + 86401, now: Self.now)) { try verify(Self.claims(exp: Self.now + 86401)) }
    try verify(Self.claims(exp: Self.now + 86400))
    #expect(throws: VAPIDProblem.subjectMissing) { try verify(#"{"aud":"https://web.push.apple.com","exp":1700003600}"#) }
    #expect(throws: VAPIDProblem.subjectNotContact("ops@example.com", "it starts with neither 'mailto:' nor 'https://'")) {
      try verify(Self.claims(sub: "ops@example.com"))
    }
    #expect(throws: VAPIDProblem.subjectNotContact("mailto: <ops@example.com>", "the address has spaces or angle brackets; write 'mailto:name@example.com'")) {
      try verify(Self.claims(sub: "mailto: <ops@example.com>"))
    }
    try verify(Self.claims(sub: "https://example.com/contact"))
    #expect(VAPIDProblem.expirationTooFar(expiration: Self.now + 86401, now: Self.now).message
      == "the VAPID 'exp' is 86401 seconds ahead; at most 86400 (24 hours, RFC 8292 §2)")
  }

  /// Apple's reason list: `BadJwtToken` for every problem of the token, `BadAuthorizationHeader`,
  /// `BadVapidPublicKey` for a missing or malformed key, `VapidPkHashMismatch` for another key
  /// than the subscription's; nothing for a failure to sign here.
  @Test func appleReasons() {
    let badJwt: [VAPIDProblem] = [
      .missingToken, .badSignature, .audienceMissing, .audienceNotOrigin("x", "y"), .audienceMismatch(found: "a", expected: "b"),
      .expirationTooFar(expiration: 2, now: 1), .subjectMissing, .subjectNotContact("x", "y"), .notAJWT("x"),
      .algorithm(nil), .signatureLength(70), .expirationMissing, .expired(expiration: 1, now: 2),
    ]
    for problem in badJwt { #expect(problem.appleReason?.rawValue == "BadJwtToken", "\(problem)") }
    #expect(VAPIDProblem.badAuthorizationHeader("x").appleReason?.rawValue == "BadAuthorizationHeader")
    #expect(VAPIDProblem.missingPublicKey(.vapid).appleReason?.rawValue == "BadVapidPublicKey")
    #expect(VAPIDProblem.badPublicKey(.notOnCurve).appleReason?.rawValue == "BadVapidPublicKey")
    #expect(VAPIDProblem.publicKeyMismatch.appleReason?.rawValue == "VapidPkHashMismatch")
    #expect(VAPIDProblem.signingFailed("x").appleReason == nil)
  }

  @Test func theSignerRefusesClaimsAPushServiceRefuses() throws {
    let signer = VAPIDSigner(privateKey: Self.privateKey)
    #expect(throws: VAPIDProblem.audienceNotOrigin("https://web.push.apple.com/abc", "it has a path or more after the host ('/abc')")) {
      try signer.token(audience: "https://web.push.apple.com/abc", subject: Self.subject, now: Self.now)
    }
    #expect(throws: VAPIDProblem.subjectNotContact("ops", "it starts with neither 'mailto:' nor 'https://'")) {
      try signer.token(audience: Self.audience, subject: "ops", now: Self.now)
    }
    #expect(throws: VAPIDProblem.expirationTooFar(expiration: Self.now + 86401, now: Self.now)) {
      try signer.token(audience: Self.audience, subject: Self.subject, now: Self.now, lifetime: 86401)
    }
    #expect(throws: VAPIDProblem.expired(expiration: Self.now, now: Self.now)) {
      try signer.token(audience: Self.audience, subject: Self.subject, now: Self.now, lifetime: 0)
    }
    #expect(VAPIDSigner.audience(forEndpoint: "https://web.push.apple.com/QGuQyavXutnMtFqoyi5Mq9?x=1") == "https://web.push.apple.com")
    #expect(VAPIDSigner.audience(forEndpoint: "https://localhost:8443/push/1") == "https://localhost:8443")
    #expect(VAPIDSigner.audience(forEndpoint: "http://push.example.net/1") == nil)
    // A local push service (apns-lint serve --web-push) over plain HTTP: loopback hosts only.
    #expect(VAPIDSigner.audience(forEndpoint: "http://127.0.0.1:8026/push/ab") == "http://127.0.0.1:8026")
    #expect(VAPIDSigner.audience(forEndpoint: "http://localhost/push/ab") == "http://localhost")
    #expect(VAPIDSigner.audience(forEndpoint: "http://127.0.0.2/push/ab") == nil)
    #expect(VAPIDSigner.audience(forEndpoint: "https:///nohost") == nil)
  }

  @Test func keysLoadFromPEMAndBase64URL() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func file(_ text: String, _ name: String) throws -> String {
      let url = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
    let key = P256.Signing.PrivateKey()
    let point = Array(key.publicKey.x963Representation)
    // PKCS#8, as `vapid --gen` and `openssl genpkey` write it.
    let pkcs8 = try VAPIDKey.load(path: file(key.pemRepresentation, "pkcs8.pem"))
    #expect(pkcs8.canSign && pkcs8.publicKeyBytes == point)
    // SEC 1 (`openssl ecparam -genkey`): ECPrivateKey { 1, d, [0] prime256v1, [1] Q }.
    let sec1DER: [UInt8] = [0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20] + Array(key.rawRepresentation)
      + [0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0xA1, 0x44, 0x03, 0x42, 0x00] + point
    let sec1PEM = "-----BEGIN EC PRIVATE KEY-----\n\(Data(sec1DER).base64EncodedString(options: .lineLength64Characters))\n-----END EC PRIVATE KEY-----\n"
    let sec1 = try VAPIDKey.load(path: file(sec1PEM, "sec1.pem"))
    #expect(sec1 == pkcs8)
    let jwt = try VAPIDSigner(key: sec1).token(audience: Self.audience, subject: Self.subject, now: Self.now)
    #expect(try Self.verify(jwt.authorization).publicKey == point)
    // A public key verifies and cannot sign.
    let publicOnly = try VAPIDKey.load(path: file(key.publicKey.pemRepresentation, "public.pem"))
    #expect(!publicOnly.canSign && publicOnly.publicKeyBytes == point)
    #expect(throws: VAPIDKeyError(path: "<VAPID key>", .publicOnly)) { try VAPIDSigner(key: publicOnly) }
    // The base64url forms web push libraries print.
    #expect(try VAPIDKey(privateKeyBase64URL: b64url(Array(key.rawRepresentation))) == pkcs8)
    #expect(try VAPIDKey(publicKeyBase64URL: b64url(point)) == publicOnly)
    #expect(throws: WebPushKeyError(.vapidPrivateKey, .wrongLength(actual: 31, expected: 32))) {
      try VAPIDKey(privateKeyBase64URL: b64url([UInt8](repeating: 1, count: 31)))
    }
    #expect(throws: WebPushKeyError(.vapidPrivateKey, .notAScalar)) { try VAPIDKey(privateKeyBase64URL: b64url([UInt8](repeating: 0, count: 32))) }
    #expect(throws: WebPushKeyError(.vapidPublicKey, .notUncompressedPoint(0x05))) { try VAPIDKey(publicKeyBase64URL: b64url([0x05] + point.dropFirst())) }
    // Files that are no key say why.
    func reason(_ text: String) -> VAPIDKeyError.Reason? {
      do { _ = try VAPIDKey.parse(pem: Data(text.utf8)) } catch { return error.reason }
      return nil
    }
    #expect(reason(" \n") == .empty)
    #expect(reason("hello") == .notPEM)
    #expect(reason("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n") == .otherPEM("CERTIFICATE"))
    #expect(reason("-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n") == .encrypted)
    #expect(reason("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") == .notP256("PRIVATE KEY"))
    let big = try file(String(repeating: "A", count: VAPIDKey.maxFileBytes + 1), "big.pem")
    #expect(throws: VAPIDKeyError(path: big, .tooLarge)) { try VAPIDKey.load(path: big) }
  }
}
