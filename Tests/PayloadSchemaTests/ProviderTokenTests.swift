import PayloadSchema
import Testing

/// base64url without padding, as JWTs write it.
func base64URL(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
  var out: [UInt8] = []
  var i = 0
  while i < bytes.count {
    let n = min(3, bytes.count - i)
    var chunk: UInt32 = 0
    for k in 0..<3 { chunk = chunk << 8 | UInt32(k < n ? bytes[i + k] : 0) }
    for k in 0...n { out.append(alphabet[Int(chunk >> UInt32(18 - 6 * k) & 0x3F)]) }
    i += 3
  }
  return String(decoding: out, as: UTF8.self)
}

func base64URL(_ text: String) -> String { base64URL(Array(text.utf8)) }

/// A token with the given header and claims JSON and a 64-byte signature (not a valid one: these
/// tests check syntax; APNsAuthTests verify real signatures).
func token(header: String = #"{"alg":"ES256","kid":"ABC123DEFG"}"#,
           claims: String = #"{"iss":"DEF123GHIJ","iat":1700000000}"#) -> String {
  base64URL(header) + "." + base64URL(claims) + "." + base64URL([UInt8](repeating: 0xA5, count: 64))
}

let now: Int64 = 1_700_000_100

@Suite struct ProviderTokenTests {
  @Test func aWellFormedTokenPasses() {
    #expect(ProviderToken.check(authorization: "bearer " + token(), now: now) == nil)
    #expect(ProviderToken.check(authorization: "Bearer " + token(), now: now) == nil)
    #expect(ProviderToken.check(authorization: "  BEARER\t" + token() + " ", now: now) == nil)
    #expect(ProviderToken.check(authorization: "bearer " + token(), now: nil) == nil)
    // Whitespace, other members, nested values, escapes and padding are all JSON and base64url.
    let spaced = token(header: #" { "typ" : "JWT", "alg" : "ES\u0032\u00356", "x": [1, {"y": [true, null, -1.5e3]}], "kid": "ABC123DEFG" } "#,
                       claims: #"{"iss":"DEF123GHIJ","iat":1700000000,"n":"caf\u00e9 ☕ \ud83d\ude00"}"#)
    #expect(ProviderToken.check(authorization: "bearer " + spaced, now: now) == nil)
    let parts = token().split(separator: ".").map(String.init)
    let padded = parts.map { $0 + String(repeating: "=", count: (4 - $0.count % 4) % 4) }.joined(separator: ".")
    #expect(ProviderToken.check(authorization: "bearer " + padded, now: now) == nil)
  }

  /// RFC 7519's NumericDate may be a non-integer, and clients send `time.time()` (PyAPNs2) or a
  /// string of digits (APNSwift until 2026); APNs accepts both: the integer part is the `iat`.
  @Test func iatAsAFloatOrADigitStringIsAccepted() {
    for claims in [#"{"iss":"DEF123GHIJ","iat":1700000000.987654}"#, #"{"iss":"DEF123GHIJ","iat":1.7e9}"#,
                   #"{"iss":"DEF123GHIJ","iat":17000000.005e2}"#, #"{"iss":"DEF123GHIJ","iat":"1700000000"}"#] {
      #expect(ProviderToken.check(authorization: "bearer " + token(claims: claims), now: now) == nil, "\(claims)")
      #expect(ProviderToken.decode(token(claims: claims))?.claims.issuedAt == 1_700_000_000, "\(claims)")
    }
    // Only the digit string earns the warning.
    #expect(ProviderToken.issuedAtIsString(authorization: "bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":"1700000000"}"#), now: now))
    #expect(!ProviderToken.issuedAtIsString(authorization: "bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":1700000000.5}"#), now: now))
    #expect(!ProviderToken.issuedAtIsString(authorization: "bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":"1699996499"}"#), now: now))
  }

  @Test func theBytesEntryPointAgrees() {
    let value = Array(("bearer " + token()).utf8)
    #expect(value.withUnsafeBufferPointer { ProviderToken.check(authorization: $0, now: now) } == nil)
    let bad = Array(("bearer " + token(claims: #"{"iss":"DEF123GHIJ"}"#)).utf8)
    #expect(bad.withUnsafeBufferPointer { ProviderToken.check(authorization: $0, now: now) } == .issuedAtMissing)
  }

  static let cases: [(authorization: String, problem: ProviderTokenProblem, message: String)] = [
    ("", .notBearer, "the authorization header is not 'bearer <provider token>'"),
    ("bearer", .notBearer, "the authorization header is not 'bearer <provider token>'"),
    ("bearer   ", .notBearer, "the authorization header is not 'bearer <provider token>'"),
    ("basic " + token(), .notBearer, "the authorization header is not 'bearer <provider token>'"),
    (token(), .notBearer, "the authorization header is not 'bearer <provider token>'"),
    ("bearer abc.def", .notThreeParts, "provider token is not three non-empty base64url parts separated by '.'"),
    ("bearer abc..def", .notThreeParts, "provider token is not three non-empty base64url parts separated by '.'"),
    ("bearer a.b.c.d", .notThreeParts, "provider token is not three non-empty base64url parts separated by '.'"),
    ("bearer .abc.def", .notThreeParts, "provider token is not three non-empty base64url parts separated by '.'"),
    ("bearer abcd.efgh.", .notThreeParts, "provider token is not three non-empty base64url parts separated by '.'"),
    ("bearer ab+d.efgh.ijkl", .badBase64(part: 0), "provider token header is not base64url (part 1 of 3)"),
    ("bearer abcd.ef/h.ijkl", .badBase64(part: 1), "provider token claims are not base64url (part 2 of 3)"),
    ("bearer abcd.efgh.ij kl", .badBase64(part: 2), "provider token signature is not base64url (part 3 of 3)"),
    ("bearer abcde.efgh.ijkl", .badBase64(part: 0), "provider token header is not base64url (part 1 of 3)"),
    ("bearer ab=d.efgh.ijkl", .badBase64(part: 0), "provider token header is not base64url (part 1 of 3)"),
    ("bearer abcd.efgh.ijk===", .badBase64(part: 2), "provider token signature is not base64url (part 3 of 3)"),
    ("bearer " + token(header: "ES256"), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"{"alg":"ES256","kid":"ABC123DEFG"} x"#), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"{"alg":"ES256","kid":"ABC123DEFG",}"#), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"["ES256"]"#), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"{"alg":"ES\u00"}"#), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"{"alg":"\ud800"}"#), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"{"alg":01}"#), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"{"a":[1,2}"#), .headerNotJSON, "provider token header is not a JSON object of at most 1024 bytes"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":1700000000"#), .claimsNotJSON, "provider token claims are not a JSON object of at most 1024 bytes"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":tru}"#), .claimsNotJSON, "provider token claims are not a JSON object of at most 1024 bytes"),
    // Header and claims are both read before their members are looked at.
    ("bearer " + token(header: #"{"alg":"HS256"}"#, claims: "{"), .claimsNotJSON, "provider token claims are not a JSON object of at most 1024 bytes"),
    ("bearer " + token(header: #"{"alg":"HS256","kid":"ABC123DEFG"}"#), .algorithm("HS256"), "provider token 'alg' is 'HS256', not 'ES256'"),
    ("bearer " + token(header: #"{"alg":"es256","kid":"ABC123DEFG"}"#), .algorithm("es256"), "provider token 'alg' is 'es256', not 'ES256'"),
    ("bearer " + token(header: #"{"kid":"ABC123DEFG"}"#), .algorithm(nil), "provider token has no 'alg' string; APNs takes only 'ES256'"),
    ("bearer " + token(header: #"{"alg":256,"kid":"ABC123DEFG"}"#), .algorithm(nil), "provider token has no 'alg' string; APNs takes only 'ES256'"),
    ("bearer " + token(header: #"{"alg":"ES256","kid":"ABC"}"#), .keyID("ABC"), "provider token 'kid' is 'ABC', not a 10-character key id"),
    ("bearer " + token(header: #"{"alg":"ES256","kid":"ABC123DEF!"}"#), .keyID("ABC123DEF!"), "provider token 'kid' is 'ABC123DEF!', not a 10-character key id"),
    ("bearer " + token(header: #"{"alg":"ES256"}"#), .keyID(nil), "provider token has no 'kid' string; it must be the 10-character key id"),
    ("bearer " + token(claims: #"{"iss":"team","iat":1700000000}"#), .issuer("team"), "provider token 'iss' is 'team', not a 10-character team id"),
    ("bearer " + token(claims: #"{"iss":"def123ghij","iat":1700000000}"#), .issuer("def123ghij"), "provider token 'iss' is 'def123ghij', not a 10-character team id"),
    ("bearer " + token(claims: #"{"iat":1700000000}"#), .issuer(nil), "provider token has no 'iss' string; it must be the 10-character team id"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ"}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":99999999999999999999}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":"17e8"}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":"-1700000000"}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":""}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":true}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":null}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":1e400}"#), .issuedAtMissing, "provider token has no numeric 'iat' (issued at, in seconds since 1970)"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":"1699996499"}"#), .expired(age: 3601), "provider token is 3601 seconds old; APNs refuses tokens issued more than an hour (3600 seconds) ago"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":1699996498.9}"#), .expired(age: 3602), "provider token is 3602 seconds old; APNs refuses tokens issued more than an hour (3600 seconds) ago"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":1700000161}"#), .issuedInFuture(61), "provider token 'iat' is 61 seconds later than now"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":9223372036854775807}"#), .issuedInFuture(9_223_372_035_154_775_707), "provider token 'iat' is 9223372035154775707 seconds later than now"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":1699996499}"#), .expired(age: 3601), "provider token is 3601 seconds old; APNs refuses tokens issued more than an hour (3600 seconds) ago"),
    ("bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":-9223372036854775808}"#), .expired(age: .max), "provider token is 9223372036854775807 seconds old; APNs refuses tokens issued more than an hour (3600 seconds) ago"),
  ]

  @Test(arguments: cases.indices)
  func eachProblem(_ index: Int) {
    let (authorization, problem, message) = Self.cases[index]
    let found = ProviderToken.check(authorization: authorization, now: now)
    #expect(found == problem, "\(authorization)")
    #expect(found?.message == message)
    let reason = if case .expired = problem { "ExpiredProviderToken" } else { "InvalidProviderToken" }
    #expect(found?.apnsReason.rawValue == reason)
  }

  @Test func theClockEdges() {
    let at = { (iat: Int64) in ProviderToken.check(authorization: "bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":\#(iat)}"#), now: now) }
    #expect(at(now + 60) == nil)
    #expect(at(now + 61) == .issuedInFuture(61))
    #expect(at(now - 3600) == nil)
    #expect(at(now - 3601) == .expired(age: 3601))
    #expect(at(-5) == .expired(age: now + 5))
    // Without a clock, only the syntax is checked.
    #expect(ProviderToken.check(authorization: "bearer " + token(claims: #"{"iss":"DEF123GHIJ","iat":0}"#), now: nil) == nil)
  }

  @Test func aMemberGivenTwiceKeepsItsLastValue() {
    let t = token(header: #"{"alg":"none","alg":"ES256","kid":"ABC123DEFG"}"#)
    #expect(ProviderToken.check(authorization: "bearer " + t, now: now) == nil)
  }

  @Test func hostileInputIsAProblemNeverACrash() {
    let good = token()
    // Truncated anywhere before the signature (a shorter signature is the verifier's to refuse).
    let signatureStart = good.utf8.count - 86
    for cut in 0..<signatureStart {
      let value = "bearer " + String(good.utf8.prefix(cut))!
      #expect(ProviderToken.check(authorization: value, now: now) != nil, "cut at \(cut)")
    }
    // A 100 KB header, claims or signature.
    let big = String(repeating: "A", count: 100_000)
    let parts = good.split(separator: ".").map(String.init)
    #expect(ProviderToken.check(authorization: "bearer \(big).\(parts[1]).\(parts[2])", now: now) == .headerNotJSON)
    #expect(ProviderToken.check(authorization: "bearer \(parts[0]).\(big).\(parts[2])", now: now) == .claimsNotJSON)
    let hugeJSON = base64URL(#"{"alg":"ES256","kid":"ABC123DEFG","x":""# + String(repeating: "y", count: 100_000) + #""}"#)
    #expect(ProviderToken.check(authorization: "bearer \(hugeJSON).\(parts[1]).\(parts[2])", now: now) == .headerNotJSON)
    #expect(ProviderToken.check(authorization: "bearer \(parts[0]).\(parts[1]).\(big)", now: now) == nil)
    // Deep nesting: refused past 64 levels, without recursion.
    let deep = token(header: #"{"alg":"ES256","kid":"ABC123DEFG","x":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}")
    #expect(ProviderToken.check(authorization: "bearer " + deep, now: now) == .headerNotJSON)
    let nested = token(header: #"{"alg":"ES256","kid":"ABC123DEFG","x":"# + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "}")
    #expect(ProviderToken.check(authorization: "bearer " + nested, now: now) == nil)
    // Garbage and non-UTF-8 bytes, in the value and inside the decoded JSON.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let garbage = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let value = Array("bearer ".utf8) + garbage
      _ = value.withUnsafeBufferPointer { ProviderToken.check(authorization: $0, now: now) }
      _ = ProviderToken.decode(String(decoding: garbage, as: UTF8.self))
    }
    let invalidUTF8: [UInt8] = Array("bearer ".utf8) + [0xFF, 0xFE, 0x2E, 0xC3, 0x28, 0x2E, 0x80]
    #expect(invalidUTF8.withUnsafeBufferPointer { ProviderToken.check(authorization: $0, now: now) } == .badBase64(part: 0))
    let notUTF8Header = base64URL([0x7B, 0x22, 0x61, 0xFF, 0x22, 0x3A, 0x31, 0x7D]) + "." + base64URL(#"{}"#) + ".AAAA"
    #expect(ProviderToken.check(authorization: "bearer " + notUTF8Header, now: now) == .headerNotJSON)
    let overlong = base64URL([0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D]) + "." + base64URL(#"{}"#) + ".AAAA"
    #expect(ProviderToken.check(authorization: "bearer " + overlong, now: now) == .headerNotJSON)
  }

  @Test func decodeReadsHeaderAndClaims() throws {
    let t = token(header: #"{"alg":"ES256","kid":"ABC\u0031\u0032\u0033DEFG"}"#, claims: #"{"iss":"DEF123GHIJ","iat":1700000000}"#)
    let decoded = try #require(ProviderToken.decode(t))
    #expect(decoded.claims == ProviderTokenClaims(algorithm: "ES256", keyID: "ABC123DEFG", issuer: "DEF123GHIJ", issuedAt: 1_700_000_000))
    #expect(decoded.signingInput == t.split(separator: ".").prefix(2).joined(separator: "."))
    #expect(decoded.signature == [UInt8](repeating: 0xA5, count: 64))
    #expect(ProviderToken.decode("bearer " + t)?.claims == decoded.claims)
    // What is there is decoded even when `check` would refuse it.
    let odd = try #require(ProviderToken.decode(token(header: #"{"alg":"HS256"}"#, claims: #"{"iat":1.5}"#)))
    #expect(odd.claims == ProviderTokenClaims(algorithm: "HS256", issuedAt: 1))  // a number's integer part
    #expect(ProviderToken.decode("a.b") == nil)
    #expect(ProviderToken.decode(base64URL("[]") + ".e30.AAAA") == nil)
    #expect(ProviderToken.decode("") == nil)
  }

  struct FixedVerifier: ProviderTokenVerifying {
    func verify(keyID: String, signingInput: UnsafeRawBufferPointer, signature: UnsafeRawBufferPointer) -> ProviderTokenSignature {
      guard keyID == "ABC123DEFG" else { return .unknownKey }
      let expectedInput = Array(token().split(separator: ".").prefix(2).joined(separator: ".").utf8)
      return Array(signingInput) == expectedInput && Array(signature) == [UInt8](repeating: 0xA5, count: 64) ? .valid : .invalid
    }
  }

  @Test func verifySignatureHandsTheVerifierTheSignedBytes() {
    func verify(_ value: String) -> ProviderTokenSignature? {
      Array(value.utf8).withUnsafeBufferPointer { ProviderToken.verifySignature(authorization: $0, with: FixedVerifier()) }
    }
    #expect(verify("bearer " + token()) == .valid)
    #expect(verify("bearer " + token(header: #"{"alg":"ES256","kid":"OTHER12345"}"#)) == .unknownKey)
    #expect(verify("bearer " + token(header: #"{"alg":"ES256"}"#)) == .invalid)
    let parts = token().split(separator: ".")
    #expect(verify("bearer \(parts[0]).\(parts[1]).AAAA") == .invalid)
    #expect(verify("bearer a.b") == nil)
  }

  @Test func claimsDefaultToNil() {
    let claims = ProviderTokenClaims(algorithm: "ES256", keyID: "ABC123DEFG", issuer: "DEF123GHIJ", issuedAt: 1)
    #expect(claims.issuedAt == 1)
    #expect(ProviderTokenClaims() == ProviderTokenClaims(algorithm: nil, keyID: nil, issuer: nil, issuedAt: nil))
  }

  /// The id syntax a token's `kid` and `iss` are judged by, asked by `token make` and `serve` too.
  @Test func keyAndTeamIDs() {
    #expect(ProviderToken.isKeyID("ABC123defg") && !ProviderToken.isKeyID("ABC123DEF") && !ProviderToken.isKeyID("ABC123DEF-"))
    #expect(ProviderToken.isTeamID("DEF123GHIJ") && !ProviderToken.isTeamID("def123ghij") && !ProviderToken.isTeamID("DEF123GHIJK"))
  }
}
