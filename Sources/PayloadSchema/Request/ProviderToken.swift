// Provider tokens (SPEC §9): the JSON Web Token a provider sends as `authorization: bearer <JWT>`.
//
// A token is three base64url parts joined by '.': a header (`{"alg":"ES256","kid":"<KEYID>"}`),
// claims (`{"iss":"<TEAMID>","iat":<seconds>}`) and the signature (raw r||s, 64 bytes). This file
// checks the syntax APNs checks before it looks at the signature, with the standard library only.
// `check` allocates nothing on a valid token: header and claims are decoded into two 1 KiB stack
// buffers and read there by a small strict JSON reader (no tree, no recursion, strings unescaped in
// place); verifying the signature is left to a `ProviderTokenVerifying` (APNsAuth, swift-crypto).

/// What the header and claims of a provider token say.
public struct ProviderTokenClaims: Sendable, Hashable, Codable {
  /// The header's `alg` (APNs takes only `ES256`); nil when missing or not a string.
  public var algorithm: String?
  /// The header's `kid`: the 10-character id of the signing key; nil when missing or not a string.
  public var keyID: String?
  /// The claims' `iss`: the 10-character team id; nil when missing or not a string.
  public var issuer: String?
  /// The claims' `iat` in seconds since 1970: a JSON number's integer part (`1700000000.5` is
  /// 1700000000), or a string of decimal digits read as one; nil when missing or neither.
  public var issuedAt: Int64?

  /// Makes claims from their parts; every part defaults to nil.
  public init(algorithm: String? = nil, keyID: String? = nil, issuer: String? = nil, issuedAt: Int64? = nil) {
    self.algorithm = algorithm
    self.keyID = keyID
    self.issuer = issuer
    self.issuedAt = issuedAt
  }
}

/// Why a provider token is refused, in the order APNs would notice.
public enum ProviderTokenProblem: Sendable, Hashable {
  /// The authorization value is not `bearer <JWT>` (the scheme is compared case-insensitively).
  case notBearer
  /// The token is not three non-empty parts separated by '.'.
  case notThreeParts
  /// A part has characters outside base64url (trailing '=' padding is accepted and ignored) or a
  /// length no base64 text has; `part` is 0 for the header, 1 for the claims, 2 for the signature.
  case badBase64(part: Int)
  /// The header is not a JSON object of at most `ProviderToken.maxDecodedPartBytes` bytes.
  case headerNotJSON
  /// The claims are not a JSON object of at most `ProviderToken.maxDecodedPartBytes` bytes.
  case claimsNotJSON
  /// The header's `alg` is not `ES256` (nil: missing or not a string).
  case algorithm(String?)
  /// The header's `kid` is not 10 ASCII letters or digits (nil: missing or not a string).
  case keyID(String?)
  /// The claims' `iss` is not a 10-character team id of A-Z and 0-9 (nil: missing or not a string).
  case issuer(String?)
  /// The claims have no `iat`, or it is neither a JSON number nor a string of decimal digits.
  case issuedAtMissing
  /// `iat` is later than now by more than `ProviderToken.allowedClockSkew` (60 s); the value is
  /// how many seconds later.
  case issuedInFuture(Int64)
  /// `iat` is more than `ProviderToken.maxAge` (3600 s) before now; `age` is now minus `iat`.
  case expired(age: Int64)

  /// One line, lowercase start, values quoted with '…'.
  public var message: String {
    switch self {
    case .notBearer:
      return "the authorization header is not 'bearer <provider token>'"
    case .notThreeParts:
      return "provider token is not three non-empty base64url parts separated by '.'"
    case .badBase64(let part):
      let name = part == 0 ? "header is" : part == 1 ? "claims are" : "signature is"
      return "provider token \(name) not base64url (part \(part + 1) of 3)"
    case .headerNotJSON:
      return "provider token header is not a JSON object of at most \(ProviderToken.maxDecodedPartBytes) bytes"
    case .claimsNotJSON:
      return "provider token claims are not a JSON object of at most \(ProviderToken.maxDecodedPartBytes) bytes"
    case .algorithm(let value):
      guard let value else { return "provider token has no 'alg' string; APNs takes only 'ES256'" }
      return "provider token 'alg' is '\(value)', not 'ES256'"
    case .keyID(let value):
      guard let value else { return "provider token has no 'kid' string; it must be the 10-character key id" }
      return "provider token 'kid' is '\(value)', not a 10-character key id"
    case .issuer(let value):
      guard let value else { return "provider token has no 'iss' string; it must be the 10-character team id" }
      return "provider token 'iss' is '\(value)', not a 10-character team id"
    case .issuedAtMissing:
      return "provider token has no numeric 'iat' (issued at, in seconds since 1970)"
    case .issuedInFuture(let seconds):
      return "provider token 'iat' is \(seconds) seconds later than now"
    case .expired(let age):
      return "provider token is \(age) seconds old; APNs refuses tokens issued more than an hour (\(ProviderToken.maxAge) seconds) ago"
    }
  }

  /// The reason APNs gives with its 403: `ExpiredProviderToken` for `expired`, else `InvalidProviderToken`.
  public var apnsReason: APNsReason {
    if case .expired = self { return .expiredProviderToken }
    return .invalidProviderToken
  }
}

/// Syntax and clock checks of provider tokens, and their decoding.
public enum ProviderToken {
  /// Header or claims longer than this once decoded are refused (`headerNotJSON`, `claimsNotJSON`).
  public static let maxDecodedPartBytes = 1024
  /// How far `iat` may be ahead of now (clocks differ): 60 seconds.
  public static let allowedClockSkew: Int64 = 60
  /// How old a token may be: APNs refuses tokens issued more than one hour ago.
  public static let maxAge: Int64 = 3600

  /// Checks an `authorization` header value (`bearer <JWT>`).
  ///
  /// `now` is seconds since 1970; nil skips the two clock checks (future `iat`, with 60 s of allowed
  /// skew, and expiry after an hour). Returns nil when the token is well-formed, else the first
  /// problem in the order APNs notices them. Allocates nothing on a well-formed token, reads each
  /// byte a bounded number of times and never recurses, whatever the input.
  public static func check(authorization: String, now: Int64?) -> ProviderTokenProblem? {
    if let result = authorization.utf8.withContiguousStorageIfAvailable({ check(authorization: $0, now: now) }) {
      return result
    }
    return Array(authorization.utf8).withUnsafeBufferPointer { check(authorization: $0, now: now) }
  }

  /// Checks the raw bytes of an `authorization` header value, as `check(authorization:now:)`.
  public static func check(authorization: UnsafeBufferPointer<UInt8>, now: Int64?) -> ProviderTokenProblem? {
    inspect(authorization: authorization, now: now).problem
  }

  /// The warning for a token whose `iat` is a string of digits: APNs takes it, RFC 7519 wants a number.
  public static let issuedAtStringMessage = "provider token 'iat' is a string of digits; APNs accepts it, but RFC 7519 wants a number (NumericDate)"

  /// True when the token is well-formed (`check` finds no problem) but its `iat` is a string of
  /// digits rather than a JSON number: APNs accepts it; RFC 7519's NumericDate is a number.
  public static func issuedAtIsString(authorization: String, now: Int64?) -> Bool {
    var value = authorization
    let result = value.withUTF8 { inspect(authorization: $0, now: now) }
    return result.problem == nil && result.issuedAtString
  }

  /// `check`'s problem and whether `iat` was a digit string (for the warning); allocates nothing.
  static func inspect(authorization: UnsafeBufferPointer<UInt8>, now: Int64?) -> (problem: ProviderTokenProblem?, issuedAtString: Bool) {
    guard let token = bearerToken(in: authorization) else { return (.notBearer, false) }
    guard let parts = TokenParts(token) else { return (.notThreeParts, false) }
    for part in 0..<3 where !Base64URL.isValid(token, parts.range(part)) {
      return (.badBase64(part: part), false)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxDecodedPartBytes) { headerBuffer in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxDecodedPartBytes) { claimsBuffer in
        let header = Base64URL.decode(token, parts.range(0), into: headerBuffer)
          .flatMap { TokenJSON.read(headerBuffer, count: $0, keys: "alg", "kid") }
        guard let header else { return (.headerNotJSON, false) }
        let claims = Base64URL.decode(token, parts.range(1), into: claimsBuffer)
          .flatMap { TokenJSON.read(claimsBuffer, count: $0, keys: "iss", "iat") }
        guard let claims else { return (.claimsNotJSON, false) }
        return problem(header: header, headerBytes: headerBuffer, claims: claims, claimsBytes: claimsBuffer, now: now)
      }
    }
  }

  /// Decodes header and claims, for `token check` and reports (allocates).
  ///
  /// Takes a bare JWT or a whole `bearer <JWT>` value. Returns nil when the token is not three
  /// base64url parts whose first two are JSON objects; the other checks are `check`'s. The
  /// signing input is the ASCII text `header.claims` as sent; the signature is the decoded third part.
  public static func decode(_ jwt: String) -> (claims: ProviderTokenClaims, signingInput: String, signature: [UInt8])? {
    var bytes = Array(jwt.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer -> (claims: ProviderTokenClaims, signingInput: String, signature: [UInt8])? in
      let all = UnsafeBufferPointer(buffer)
      let token = bearerToken(in: all) ?? trimmed(all)
      guard let parts = TokenParts(token) else { return nil }
      var decoded: [[UInt8]] = []
      for part in 0..<3 {
        let range = parts.range(part)
        guard Base64URL.isValid(token, range) else { return nil }
        var out = [UInt8](repeating: 0, count: range.count)
        let count = out.withUnsafeMutableBufferPointer { Base64URL.decode(token, range, into: $0) }
        guard let count else { return nil }
        out.removeSubrange(count...)
        decoded.append(out)
      }
      var claims = ProviderTokenClaims()
      let headerOK = decoded[0].withUnsafeMutableBufferPointer { header -> Bool in
        guard let fields = TokenJSON.read(header, count: header.count, keys: "alg", "kid") else { return false }
        claims.algorithm = fields.first.string(in: header)
        claims.keyID = fields.second.string(in: header)
        return true
      }
      let claimsOK = decoded[1].withUnsafeMutableBufferPointer { body -> Bool in
        guard let fields = TokenJSON.read(body, count: body.count, keys: "iss", "iat") else { return false }
        claims.issuer = fields.first.string(in: body)
        claims.issuedAt = fields.second.integer ?? fields.second.digits(in: body)
        return true
      }
      guard headerOK, claimsOK else { return nil }
      let input = UnsafeBufferPointer(rebasing: token[parts.range(0).lowerBound..<parts.range(1).upperBound])
      return (claims, String(decoding: input, as: UTF8.self), decoded[2])
    }
  }

  /// Verifies the signature of a well-formed `authorization` value with `verifier`, allocating
  /// nothing: nil when the value is not `bearer` and three base64url parts, `.invalid` when the
  /// header has no `kid` string or the signature is not 64 bytes.
  public static func verifySignature(authorization: UnsafeBufferPointer<UInt8>, with verifier: some ProviderTokenVerifying) -> ProviderTokenSignature? {
    guard let token = bearerToken(in: authorization), let parts = TokenParts(token) else { return nil }
    for part in 0..<3 where !Base64URL.isValid(token, parts.range(part)) { return nil }
    // A raw P-256 signature is 64 bytes: 88 base64url characters at most, with padding.
    guard parts.range(2).count <= 88 else { return .invalid }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxDecodedPartBytes) { header in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 72) { signature in
        guard let headerCount = Base64URL.decode(token, parts.range(0), into: header),
              let fields = TokenJSON.read(header, count: headerCount, keys: "alg", "kid") else { return nil }
        guard case .string(let kidStart, let kidEnd) = fields.second,
              let signatureCount = Base64URL.decode(token, parts.range(2), into: signature),
              signatureCount == 64 else { return .invalid }
        // Short enough to be a small string: no allocation for a 10-character key id.
        let keyID = String(decoding: UnsafeBufferPointer(rebasing: header[kidStart..<kidEnd]), as: UTF8.self)
        let input = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(token)[parts.range(0).lowerBound..<parts.range(1).upperBound])
        return verifier.verify(keyID: keyID, signingInput: input,
                               signature: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(signature)[0..<64]))
      }
    }
  }

  // MARK: - The checks after decoding

  private static func problem(header: TokenJSON.Fields, headerBytes: UnsafeMutableBufferPointer<UInt8>,
                              claims: TokenJSON.Fields, claimsBytes: UnsafeMutableBufferPointer<UInt8>,
                              now: Int64?) -> (problem: ProviderTokenProblem?, issuedAtString: Bool) {
    guard header.first.stringEquals("ES256", in: headerBytes) else {
      return (.algorithm(header.first.string(in: headerBytes)), false)
    }
    guard header.second.isString(in: headerBytes, count: 10, where: isKeyIDByte) else {
      return (.keyID(header.second.string(in: headerBytes)), false)
    }
    guard claims.first.isString(in: claimsBytes, count: 10, where: isTeamIDByte) else {
      return (.issuer(claims.first.string(in: claimsBytes)), false)
    }
    // A JSON number (its integer part), or a string of digits: APNs accepts both (APNSwift sent
    // strings until 2026, PyAPNs2 and its forks send `time.time()` floats).
    let digits = claims.second.digits(in: claimsBytes)
    guard let issuedAt = claims.second.integer ?? digits else { return (.issuedAtMissing, false) }
    let isString = digits != nil
    guard let now else { return (nil, isString) }
    let (ahead, aheadOverflow) = issuedAt.subtractingReportingOverflow(now)
    if aheadOverflow ? issuedAt > now : ahead > allowedClockSkew {
      return (.issuedInFuture(aheadOverflow ? .max : ahead), false)
    }
    let (age, ageOverflow) = now.subtractingReportingOverflow(issuedAt)
    if ageOverflow ? now > issuedAt : age > maxAge {
      return (.expired(age: ageOverflow ? .max : age), false)
    }
    return (nil, isString)
  }

  /// A key id as APNs takes it in a token's `kid`: 10 ASCII letters or digits.
  public static func isKeyID(_ text: String) -> Bool { text.utf8.count == 10 && text.utf8.allSatisfy(isKeyIDByte) }

  /// A team id as APNs takes it in a token's `iss`: 10 of A-Z and 0-9.
  public static func isTeamID(_ text: String) -> Bool { text.utf8.count == 10 && text.utf8.allSatisfy(isTeamIDByte) }

  /// Apple's key ids are 10 letters or digits.
  private static func isKeyIDByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  /// Team ids are 10 of A-Z and 0-9.
  private static func isTeamIDByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
  }

  // MARK: - Splitting the header value

  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// The value without the optional whitespace HTTP allows around it.
  private static func trimmed(_ value: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0, end = value.count
    while start < end && isBlank(value[start]) { start += 1 }
    while end > start && isBlank(value[end - 1]) { end -= 1 }
    return UnsafeBufferPointer(rebasing: value[start..<end])
  }

  /// The token after `bearer` and blanks, or nil when the value is not `bearer <something>`.
  private static func bearerToken(in value: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    let value = trimmed(value)
    let scheme: StaticString = "bearer"
    let n = scheme.utf8CodeUnitCount
    guard value.count > n, isBlank(value[n]) else { return nil }
    for i in 0..<n where value[i] | 0x20 != scheme.utf8Start[i] { return nil }
    let rest = trimmed(UnsafeBufferPointer(rebasing: value[n...]))
    return rest.isEmpty ? nil : rest
  }
}

/// Verifies the ES256 signature of a provider token; APNsAuth implements it with swift-crypto.
public protocol ProviderTokenVerifying: Sendable {
  /// Returns `.valid` when `signature` (the raw 64-byte r||s decoded from the third part) verifies
  /// over `signingInput` (the ASCII bytes `header.claims` as sent) with the key whose id is `keyID`;
  /// `.unknownKey` when no key has that id.
  func verify(keyID: String, signingInput: UnsafeRawBufferPointer, signature: UnsafeRawBufferPointer) -> ProviderTokenSignature

  /// Why APNs refuses a verified token of the key `keyID` for `topic` on a connection to
  /// `environment` (nil: not known) because of what the key may do (Apple's key model of 2025:
  /// keys limited to one environment or to some topics), or nil. The default: keys without a
  /// scope, nothing refused.
  func scopeRefusal(keyID: String, environment: PushEnvironment?, topic: String?) -> KeyScopeRefusal?
}

extension ProviderTokenVerifying {
  public func scopeRefusal(keyID: String, environment: PushEnvironment?, topic: String?) -> KeyScopeRefusal? { nil }
}

/// One of APNs' two environments, as a provider-token key's scope names them (Apple, "Establishing
/// a token-based connection to APNs": Sandbox and Production).
public enum PushEnvironment: String, Sendable, Hashable, CaseIterable {
  /// The development environment (`api.sandbox.push.apple.com`), and production.
  case sandbox, production

  /// The environment of an APNs host (`api.sandbox.push.apple.com`, `api.push.apple.com`, the
  /// broadcast and channel hosts, with or without a port), or nil for any other host.
  public init?(host: String) {
    var name = host.lowercased()
    if let colon = name.lastIndex(of: ":") { name = String(name[..<colon]) }
    guard name.hasSuffix(".push.apple.com") else { return nil }
    self = name.contains(".sandbox.") || name.contains(".development.") ? .sandbox : .production
  }
}

/// APNs' answer to a verified token its key may not be used for: 403 and Apple's reason
/// (`BadEnvironmentKeyIdInToken`, `Forbidden`), and why, in words.
public struct KeyScopeRefusal: Sendable, Hashable {
  /// Apple's reason, sent with status 403.
  public var reason: APNsReason
  /// Why, in words (the key's scope against the environment or topic).
  public var why: String

  public init(reason: APNsReason, why: String) {
    self.reason = reason
    self.why = why
  }
}

/// What a `ProviderTokenVerifying` finds.
public enum ProviderTokenSignature: Sendable, Hashable {
  /// The signature verifies with the key named by `kid`.
  case valid
  /// It does not (APNs: 403 InvalidProviderToken).
  case invalid
  /// No key has the token's `kid` (APNs: 403 InvalidProviderToken).
  case unknownKey
}

// MARK: - Parts and base64url
