/// A web push request (a `*.http` file) checked whole, and the answer of Apple's web push service
/// predicted (SPEC §16): the method, `TTL`, `Urgency`, `Topic`, `Content-Encoding`, the VAPID
/// `Authorization` read without its signature (its form, `alg`, `aud`, `exp`, `sub` and the key
/// `k`), then the body, the message before encryption, as Safari reads it. Standard library only:
/// the signature needs the application server's key (`apns-lint token check --server-key`).
public enum WebPushRequestCheck {
  /// Whether `request` is for a web push service, not APNs: not an APNs path, and a web push
  /// header (`TTL`, `Urgency`, `Topic`), a VAPID `Authorization` (`vapid …`, `WebPush …`) or a
  /// message with a top-level `web_push`.
  public static func isWebPush(_ request: APNsRequest) -> Bool {
    if let path = request.path, ["/3/device/", "/4/broadcasts/", "/1/apps/"].contains(where: { path.hasPrefix($0) }) { return false }
    for h in request.headers {
      let name = h.name.lowercased()
      if name == "ttl" || name == "urgency" || name == "topic" { return true }
      if name == "authorization" {
        let scheme = h.value.prefix { $0 != " " }.lowercased()
        if scheme == "vapid" || scheme == "webpush" { return true }
      }
    }
    return DeclarativePushValidator.isWebPush(request.body)
  }

  /// The findings about `request` and the predicted answer (`PayloadReport.verdict`: 201, or the
  /// first refusal in Apple's order). `now` (seconds since 1970) checks the token's `exp`.
  public static func validate(_ request: APNsRequest, now: Int64?) -> PayloadReport {
    var found: [Finding] = []
    func add(_ message: PayloadMessage, header: Int?, path: String, _ reason: APNsReason) {
      var f = Finding(message, offset: -1, line: 0, column: 0, keyPath: path)
      f.header = header
      f.apnsAnswer = APNsAnswer(reason, on: .webPush)
      found.append(f)
    }
    func header(_ name: String) -> (Int, String)? {
      request.headers.firstIndex { $0.name.lowercased() == name }.map { ($0, request.headers[$0].value.trimmed) }
    }
    if request.method != "POST" {
      add(.webPushMethod(request.method), header: nil, path: ":method", .methodNotAllowed)
    }
    if let (i, ttl) = header("ttl") {
      if Int(ttl).map({ $0 <= 0 }) ?? true { add(.webPushTTL(ttl), header: i, path: "TTL", .badTtl) }
    } else {
      add(.webPushTTLMissing, header: nil, path: "TTL", .badTtl)
    }
    if let (i, urgency) = header("urgency"), !urgencies.contains(urgency) {
      add(.webPushUrgency(urgency), header: i, path: "Urgency", .badUrgency)
    }
    if let (i, topic) = header("topic"), !isTopic(topic) {
      add(.webPushTopic(topic), header: i, path: "Topic", .badWebPushTopic)
    }
    if let (i, encoding) = header("content-encoding"), encoding.lowercased() != "aes128gcm" {
      add(.webPushEncoding(encoding), header: i, path: "Content-Encoding", .badWebPushRequest)
    }
    if let (i, authorization) = header("authorization") {
      let cryptoKey = header("crypto-key")?.1
      if let (message, reason) = VAPIDHeader.problem(authorization, cryptoKey: cryptoKey, origin: origin(of: request.path), now: now) {
        add(message, header: i, path: "Authorization", reason)
      }
    } else {
      add(.webPushAuthorizationMissing, header: nil, path: "Authorization", .badJwtToken)
    }
    var validator = DeclarativePushValidator()
    let body = validator.validate(request.body)
    var report = PayloadReport(findings: found + body.findings, size: body.size, limit: body.limit, pushType: .alert)
    report.isWebPush = true
    return report
  }

  /// `https://web.push.apple.com` for a request line's absolute target; nil for a bare path.
  static func origin(of path: String?) -> String? {
    guard let path, path.hasPrefix("https://") || path.hasPrefix("http://") else { return nil }
    let scheme = path.hasPrefix("https://") ? "https://" : "http://"
    let authority = path.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return scheme + authority
  }

  /// The `Urgency` values Apple takes (RFC 8030 §5.3).
  public static let urgencies: Set<String> = ["very-low", "low", "normal", "high"]

  /// `Topic`: 1 to 32 characters of the URL- and filename-safe base64 alphabet (Apple; RFC 8030 §5.4).
  public static func isTopic(_ text: String) -> Bool {
    (1...32).contains(text.utf8.count) && text.utf8.allSatisfy {
      (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
    }
  }
}

/// A VAPID `Authorization` read without its signature.
enum VAPIDHeader {
  /// The first problem Apple's service would answer, with its reason; nil when the form, the
  /// claims and the key are right (the signature is not checked here).
  static func problem(_ authorization: String, cryptoKey: String?, origin: String?, now: Int64?) -> (PayloadMessage, APNsReason)? {
    let scheme = authorization.prefix { $0 != " " }.lowercased()
    let rest = authorization.dropFirst(scheme.count).trimmed
    var jwt: String?, key: String?
    switch scheme {
    case "vapid":
      for part in rest.split(separator: ",") {
        let p = part.trimmed
        if p.hasPrefix("t=") { jwt = String(p.dropFirst(2)) }
        if p.hasPrefix("k=") { key = String(p.dropFirst(2)) }
      }
    case "webpush":
      jwt = rest
      key = cryptoKey.flatMap { value in
        value.split(separator: ";").map(\.trimmed).first { $0.hasPrefix("p256ecdsa=") }.map { String($0.dropFirst("p256ecdsa=".count)) }
      }
    default:
      return (.webPushAuthorization("the scheme is '\(Visible.short(String(scheme)))', not 'vapid' (RFC 8292) or 'WebPush'"), .badAuthorizationHeader)
    }
    guard let jwt, !jwt.isEmpty else { return (.webPushAuthorization("no JWT ('vapid t=<JWT>, k=<key>')"), .badJwtToken) }
    guard let key, let point = WebPushBase64URL.decode(key), point.count == 65, point[0] == 4 else {
      return (.webPushAuthorization("the public key ('k=' or Crypto-Key p256ecdsa=) is missing or not a base64url uncompressed P-256 point"), .badVapidPublicKey)
    }
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = WebPushBase64URL.decode(String(parts[0])), let claims = WebPushBase64URL.decode(String(parts[1])) else {
      return (.webPushAuthorization("the JWT is not three base64url parts"), .badJwtToken)
    }
    let headerFields = Claims(header)
    guard headerFields.strings["alg"] == "ES256" else {
      return (.webPushAuthorization("the JWT's alg is \(headerFields.strings["alg"].map { "'\($0)'" } ?? "missing"), not ES256"), .badJwtToken)
    }
    let fields = Claims(claims)
    guard let aud = fields.strings["aud"] else { return (.webPushAuthorization("the JWT has no 'aud'"), .badJwtToken) }
    if let origin, aud != origin {
      return (.webPushAuthorization("'aud' is '\(Visible.short(aud))', not the push service's origin '\(origin)'"), .badJwtToken)
    }
    guard let exp = fields.numbers["exp"] else { return (.webPushAuthorization("the JWT has no 'exp'"), .badJwtToken) }
    if let now {
      if exp <= now { return (.webPushAuthorization("the JWT expired \(now - exp) seconds ago ('exp' \(exp))"), .badJwtToken) }
      if exp > now + 86_400 { return (.webPushAuthorization("'exp' is \(exp - now) seconds ahead, more than a day"), .badJwtToken) }
    }
    guard let sub = fields.strings["sub"], sub.hasPrefix("mailto:") || sub.hasPrefix("https://") else {
      return (.webPushAuthorization("'sub' is \(fields.strings["sub"].map { "'\(Visible.short($0))'" } ?? "missing"), not a mailto: address or https: URL"), .badJwtToken)
    }
    return nil
  }

  /// The top-level string and number members of a small JSON object (a JWT's header or claims).
  struct Claims: JSONEventHandler {
    var strings: [String: String] = [:]
    var numbers: [String: Int64] = [:]
    private var depth = 0
    private var key: String?

    init(_ bytes: [UInt8]) {
      guard bytes.count <= 8192 else { return }
      var reader = JSONReader(maxDepth: 8)
      bytes.withUnsafeBufferPointer { reader.read($0, isFinal: true, handler: &self) }
    }

    mutating func objectStart(at offset: Int) { depth += 1 }
    mutating func objectEnd(at offset: Int) { depth -= 1 }
    mutating func arrayStart(at offset: Int) { depth += 1 }
    mutating func arrayEnd(at offset: Int) { depth -= 1 }
    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, inflation: Int, compactOffset: Int) {
      key = depth == 1 ? String(decoding: bytes, as: UTF8.self) : nil
    }
    mutating func valueEnd(compactOffset: Int) {}
    mutating func stringStart(at offset: Int) -> Bool { depth == 1 && key != nil }
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>?, at offset: Int, inflation: Int) {
      if depth == 1, let key, let bytes { strings[key] = String(decoding: bytes, as: UTF8.self) }
    }
    mutating func number(_ number: JSONNumber, at offset: Int) {
      if depth == 1, let key, number.isIntegral, number.value.magnitude < 9e15 { numbers[key] = Int64(number.value) }
    }
    mutating func bool(_ value: Bool, at offset: Int) {}
    mutating func null(at offset: Int) {}
    mutating func problem(_ problem: JSONProblem, at offset: Int) {}
  }
}

/// base64url (RFC 4648 §5), padded or not, of a string (the provider token reader's `Base64URL` reads buffers in place).
enum WebPushBase64URL {
  static func decode(_ text: String) -> [UInt8]? {
    var out: [UInt8] = []
    var accumulator: UInt32 = 0, bits = 0
    for c in text.utf8 {
      let v: UInt8
      switch c {
      case 0x41...0x5A: v = c - 0x41
      case 0x61...0x7A: v = c - 0x61 + 26
      case 0x30...0x39: v = c - 0x30 + 52
      case 0x2D: v = 62
      case 0x5F: v = 63
      case 0x3D: continue
      default: return nil
      }
      accumulator = accumulator << 6 | UInt32(v)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
      }
    }
    return out
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmed: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return String(s)
  }
}
