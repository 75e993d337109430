/// APNsAuth signs and verifies APNs provider tokens (SPEC §9): ES256 JSON Web Tokens made with a
/// team's `.p8` key, with swift-crypto. It is a module of its own so that `PayloadSchema`, which
/// checks a token's syntax and clock (`ProviderToken.check`), stays standard-library only.
///
/// ```swift
/// import APNsAuth
/// import PayloadSchema
///
/// // Sign: the key id comes from the file name AuthKey_<KEYID>.p8 (or pass keyID:).
/// let key = try ProviderKey.load(path: "AuthKey_ABC123DEFG.p8")
/// let signer = try ProviderTokenSigner(key: key)
/// let jwt = try signer.token(teamID: "DEF123GHIJ", issuedAt: 1_700_000_000)
///
/// // Check and verify, as APNs would: syntax and age, then the signature.
/// let authorization = "bearer " + jwt
/// if let problem = ProviderToken.check(authorization: authorization, now: 1_700_000_100) {
///   print(403, problem.apnsReason, problem.message)
/// }
/// let ring = ProviderKeyRing([key])
/// print(ring.verify(token: jwt))  // Optional(.valid)
/// ```
///
/// - `ProviderKey`: a P-256 key read from an Apple `.p8` (PKCS#8 PEM) or a public-key PEM, with
///   its 10-character key id; a file that cannot be used is a `ProviderKeyError` saying why.
/// - `ProviderTokenSigner`: makes the token Apple documents (`{"alg":"ES256","kid":…}`,
///   `{"iss":…,"iat":…}`, raw r‖s signature, base64url without padding).
/// - `ProviderKeyRing`: public keys by key id; a `ProviderTokenVerifying` for request checks.
///
/// Web push, for Safari and other browsers (no APNs token involved):
/// - `WebPushEncryption`: a push message's `aes128gcm` body (RFC 8291, RFC 8188): `encrypt` to a
///   subscription's `WebPushSubscriptionKeys` (`p256dh`, `auth`), `decrypt` with the receiver's
///   `WebPushReceiverKeys`; `WebPushKeySchedule` shows each derived key, `AES128GCMHeader` the header.
/// - `VAPIDSigner`, `VAPIDToken`, `VAPIDKey`: VAPID (RFC 8292) tokens, `Authorization: vapid
///   t=…, k=…` or `WebPush …` with `Crypto-Key: p256ecdsa=…`; `VAPIDToken.verify` reads either
///   and names the first `VAPIDProblem`, with Apple's reason where Apple documents one.
public enum APNsAuth {
  /// The JWT algorithm APNs takes: ECDSA on P-256 with SHA-256.
  public static let algorithm = "ES256"
}
