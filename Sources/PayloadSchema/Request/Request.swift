// Requests (SPEC §9): what APNs would answer a whole request, method, path, headers and body,
// before it is sent. The checks of the body are `PayloadValidator`'s; this file checks the rest
// and hands the body on with the headers that change what is checked in it.

/// One header of a request, as sent (names are compared case-insensitively).
public struct RequestHeader: Sendable, Hashable, Codable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A provider's request to APNs, as values: method, `:path`, headers and the body as sent.
public struct APNsRequest: Sendable, Hashable, Codable {
  /// `POST`; anything else is answered 405 MethodNotAllowed.
  public var method: String
  /// `/3/device/<token>` or `/4/broadcasts/apps/<bundle-id>`; nil when unknown (a payload checked
  /// with some headers only): then the path is not checked.
  public var path: String?
  public var headers: [RequestHeader]
  public var body: [UInt8]

  public init(method: String = "POST", path: String?, headers: [RequestHeader] = [], body: [UInt8]) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  /// A push to one device: `POST /3/device/<deviceToken>`.
  public init(deviceToken: String, headers: [RequestHeader] = [], body: [UInt8]) {
    self.init(path: "/3/device/" + deviceToken, headers: headers, body: body)
  }
}

/// How a provider authenticates with APNs.
public enum Authentication: String, Sendable, Hashable, Codable, CaseIterable {
  /// A provider token (JWT) in the `authorization` header of every request.
  case token
  /// A TLS client certificate; no `authorization` header.
  case certificate
}

/// Validates whole requests and predicts APNs' answer (`PayloadReport.verdict`).
///
/// ```swift
/// var validator = RequestValidator()        // keep it; reuse it for every push
/// let report = validator.validate(request, now: secondsSince1970)
/// if !report.verdict.isAccepted { print(report.verdict) }   // "400 BadDeviceToken"
/// ```
///
/// Findings about the method, the path or a header have line 0 and name the header in `keyPath`
/// (`apns-priority`, `:path`) and its index in `header`; findings about the body are
/// `PayloadValidator`'s, positioned in the body. The body's size is the bytes as sent.
/// On a valid request a reused validator allocates nothing.
public struct RequestValidator: Sendable {
  private var payload: PayloadValidator
  /// How the provider authenticates; nil: token when the request has `authorization`, else certificate.
  public var authentication: Authentication?
  /// Verifies provider-token signatures (APNsAuth's key ring); nil: signatures are not checked.
  public var verifier: (any ProviderTokenVerifying)?
  /// Whether the key scopes of `verifier` are judged (`apns-lint check`): a verified token whose
  /// key may not be used for the request's topic or `environment` is `provider-token-scope`.
  /// Off by default: `serve` decides scopes per connection, with the key it is bound to.
  public var judgesKeyScopes = false
  /// The environment the request goes to, for `judgesKeyScopes` (nil: not known; the topic is
  /// still judged).
  public var environment: PushEnvironment?
  /// The target the validator was made with (platform; transport for requests without a path).
  public let target: Target
  private let disabled: Set<PayloadRule>

  /// - Parameters:
  ///   - target: the platform, and the defaults for what a request does not say.
  ///   - options: as for `PayloadValidator`; the size is always counted `raw` (the body as sent).
  public init(target: Target = Target(), options: ValidationOptions = ValidationOptions(),
              authentication: Authentication? = nil, verifier: (any ProviderTokenVerifying)? = nil) {
    var options = options
    options.sizeCounting = .raw
    self.target = target
    self.payload = PayloadValidator(target: target, options: options)
    self.authentication = authentication
    self.verifier = verifier
    self.disabled = options.disabledRules
  }

  /// The time the body is sent, against which its Live Activity dates are judged
  /// (``ValidationOptions/sendingTime``); nil: none. Apart from `now`: `check` judges a request
  /// file's token against today's clock, and its payload's dates only when told the time (`--now`).
  public var sendingTime: Int64? {
    get { payload.sendingTime }
    set { payload.sendingTime = newValue }
  }

  /// Validates a request. `now` (seconds since 1970) is the clock for the provider token's age and
  /// `apns-expiration`; nil skips those checks.
  public mutating func validate(_ request: APNsRequest, now: Int64?) -> PayloadReport {
    request.body.withUnsafeBytes { body in
      validate(method: request.method, path: request.path, headers: request.headers, body: body, now: now)
    }
  }

  /// Validates a request given as an array of headers and the body's bytes: the provider's
  /// send gate. Allocates nothing on a valid request with a reused validator.
  public mutating func validate(method: String = "POST", path: String?, headers: [RequestHeader], body: [UInt8],
                                now: Int64?) -> PayloadReport {
    body.withUnsafeBytes { validate(method: method, path: path, headers: headers, body: $0, now: now) }
  }

  /// Validates a request given in parts. Headers in contiguous storage (an array) are read in
  /// place; any other collection is copied first (keep a reused array to allocate nothing).
  public mutating func validate<Headers: Collection>(method: String, path: String?, headers: Headers,
                                                     body: UnsafeRawBufferPointer, now: Int64?) -> PayloadReport
  where Headers.Element == RequestHeader {
    if let report = headers.withContiguousStorageIfAvailable({ validate(method: method, path: path, headers: $0, body: body, now: now) }) {
      return report
    }
    return Array(headers).withUnsafeBufferPointer { validate(method: method, path: path, headers: $0, body: body, now: now) }
  }

  /// Validates a request whose headers are in a buffer (the non-generic core: nothing is boxed).
  /// The parts are read in APNs' order: method and path, authentication, headers, body.
  public mutating func validate(method: String, path: String?, headers: UnsafeBufferPointer<RequestHeader>,
                                body: UnsafeRawBufferPointer, now: Int64?) -> PayloadReport {
    var found = RequestFindings(disabled: disabled)

    // Channel management (SPEC §13.2): its own methods and paths; the body is no payload.
    if let path, ChannelManagement.isManagementPath(path) {
      return validateManagement(method: method, path: path, headers: headers, body: body, found: &found)
    }

    let transport = checkMethodAndPath(method: method, path: path, found: &found)

    // The headers APNs reads, and duplicates of any header.
    var seen = KnownHeaders()
    var index = 0
    for h in headers {
      if let k = KnownHeader(h.name) { seen.record(k, index) }
      index += 1
    }
    Self.findDuplicates(headers, count: index, into: &found)

    let auth = checkAuthentication(seen, headers, now: now, found: &found)
    let headersForBody = checkHeaders(seen, headers, transport: transport, path: path, auth: auth, now: now, found: &found)

    // The body, with the headers that change what is checked in it.
    payload.setTransport(transport)
    var report = payload.validate(body, headers: headersForBody)
    if report.pushType == .background && transport != .broadcast && headersForBody.priority == nil
        && seen.value(.priority, in: headers) == nil {
      // No apns-priority: APNs sends at 10, so this is the finding of an explicit 10 (SPEC §9).
      found.add(.backgroundAtDefaultPriority, path: "apns-priority", noAnswer: true)
    }
    if report.pushType == .liveactivity && transport != .broadcast && headersForBody.priority == nil
        && seen.value(.priority, in: headers) == nil {
      // No apns-priority: APNs sends at 10, which draws on the activity's budget; a priority the
      // sender chose (Apple's own samples send 10) is not reported (SPEC §3, priority-mismatch).
      found.add(.liveActivityDefaultPriority, path: "apns-priority", noAnswer: true)
    }
    if report.pushType == .location && auth != .token {
      found.add(.locationNeedsToken, path: "authorization")
    }
    if !found.findings.isEmpty {
      report.findings = found.findings + report.findings
    }
    return report
  }

  /// The method and `:path`: a device push or a broadcast, and the transport the path implies.
  @inline(__always)
  private func checkMethodAndPath(method: String, path: String?, found: inout RequestFindings) -> Transport {
    if !method.utf8.elementsEqual("POST".utf8) {
      found.add(.methodNotPost(method), path: ":method")
    }
    var transport = target.transport
    guard let path else { return transport }
    let p = path.utf8
    if p.starts(with: "/3/device/".utf8) {
      if transport == .broadcast { transport = .http2 }
      let token = p.dropFirst(10)
      if token.isEmpty {
        found.add(.deviceTokenMissing, path: ":path")
      } else if let problem = Self.deviceTokenProblem(token) {
        found.add(problem, path: ":path")
      }
    } else if p.starts(with: "/4/broadcasts/apps/".utf8) {
      transport = .broadcast
      let bundle = Substring(p.dropFirst(19)).utf8
      if bundle.isEmpty || !Self.isBundleIdentifier(bundle) {
        found.add(.pathBundleIDNotBundleIdentifier(String(Substring(bundle))), path: ":path")
      } else if let suffixed = Self.pushTypeSuffix(of: bundle) {
        found.add(.broadcastPathHasSuffix(suffixed), path: ":path", answer: APNsAnswer(.topicDisallowed, on: .broadcast))
      }
    } else {
      found.add(.pathNotDeviceOrBroadcast(path), path: ":path")
    }
    return transport
  }

  /// How the request authenticates, and what is wrong with its provider token (its claims, its age
  /// against `now`, and its signature when a verifier is set).
  @inline(__always)
  private func checkAuthentication(_ seen: KnownHeaders, _ headers: UnsafeBufferPointer<RequestHeader>, now: Int64?,
                                   found: inout RequestFindings) -> Authentication {
    let authorization = seen.value(.authorization, in: headers)
    let auth = authentication ?? ((authorization != nil || verifier != nil) ? .token : .certificate)
    guard auth == .token else { return auth }
    guard let authorization else {
      found.add(.providerTokenMissing, path: "authorization")
      return auth
    }
    let at = seen.index(.authorization)
    var value = authorization
    let (problem, issuedAtString) = value.withUTF8 { ProviderToken.inspect(authorization: $0, now: now) }
    if issuedAtString {
      found.add(.issuedAtIsString, path: "authorization", header: at, noAnswer: true)
    }
    if let problem, case .expired = problem, let verifier {
      // The claims of a token that does not verify are not trusted: a bad signature first.
      let verdict = value.withUTF8 { ProviderToken.verifySignature(authorization: $0, with: verifier) }
      if verdict != .valid {
        found.add(verdict == .unknownKey ? .keyIDNotTheKeyGiven : .signatureDoesNotVerify, path: "authorization", header: at)
      } else {
        found.add(.providerToken(problem), path: "authorization", header: at)
      }
    } else if let problem {
      // provider-token-expired or provider-token-syntax, by the problem.
      found.add(.providerToken(problem), path: "authorization", header: at)
    } else if let verifier {
      let verdict = value.withUTF8 { ProviderToken.verifySignature(authorization: $0, with: verifier) }
      switch verdict {
      case .valid?:
        if judgesKeyScopes, let keyID = ProviderToken.decode(authorization)?.claims.keyID,
           let refusal = verifier.scopeRefusal(keyID: keyID, environment: environment, topic: seen.value(.topic, in: headers)) {
          found.add(.providerTokenScope(refusal), path: "authorization", header: at,
                    answer: APNsAnswer(refusal.reason, on: .token))
        }
      case .unknownKey?:
        found.add(.keyIDNotTheKeyGiven, path: "authorization", header: at)
      case .invalid?, nil:
        found.add(.signatureDoesNotVerify, path: "authorization", header: at)
      }
    }
    return auth
  }

  /// The `apns-…` headers: each checked, and those that change what the body is checked against
  /// (push type, priority, topic, collapse id) returned.
  @inline(__always)
  private func checkHeaders(_ seen: KnownHeaders, _ headers: UnsafeBufferPointer<RequestHeader>, transport: Transport,
                            path: String?, auth: Authentication, now: Int64?,
                            found: inout RequestFindings) -> PushHeaders {
    var headersForBody = PushHeaders(pushType: target.pushType, priority: target.priority, topic: target.topic,
                                     collapseID: target.collapseID)
    if let id = seen.value(.apnsID, in: headers), !Self.isCanonicalUUID(id.utf8) {
      found.add(.apnsIDNotUUID(id), path: "apns-id", header: seen.index(.apnsID))
    }
    if let text = seen.value(.expiration, in: headers) {
      let at = seen.index(.expiration)
      if let value = Self.decimal(text.utf8) {
        if value > 100_000_000_000 {
          found.add(.expirationInMilliseconds(value), path: "apns-expiration", header: at)
        } else if value != 0, let now, value < now {
          found.add(.expirationPast(value, now: now), path: "apns-expiration", header: at)
        }
      } else {
        found.add(.expirationNotInteger(text), path: "apns-expiration", header: at)
      }
    }
    if let text = seen.value(.priority, in: headers) {
      if let value = Self.decimal(text.utf8), value == 1 || value == 5 || value == 10 {
        headersForBody.priority = Int(value)
      } else {
        headersForBody.priority = nil
        found.add(.priorityHeaderNotAllowed(text), path: "apns-priority", header: seen.index(.priority))
      }
    }
    checkPushType(seen, headers, transport: transport, into: &headersForBody, found: &found)
    checkTopic(seen, headers, transport: transport, path: path, auth: auth, into: &headersForBody, found: &found)
    if let id = seen.value(.collapseID, in: headers) {
      if id.utf8.count > 64 {
        found.add(.collapseIDHeaderTooLong(bytes: id.utf8.count), path: "apns-collapse-id", header: seen.index(.collapseID))
        headersForBody.collapseID = nil
      } else {
        headersForBody.collapseID = id
      }
    }
    return headersForBody
  }

  /// `apns-push-type`: known, spelt as Apple spells it, allowed on the transport.
  @inline(__always)
  private func checkPushType(_ seen: KnownHeaders, _ headers: UnsafeBufferPointer<RequestHeader>, transport: Transport,
                             into headersForBody: inout PushHeaders, found: inout RequestFindings) {
    guard let text = seen.value(.pushType, in: headers) else {
      if transport == .broadcast {
        found.add(.broadcastNeedsPushType, path: "apns-push-type")
      } else {
        found.add(target.platform == .watchos ? .pushTypeMissingOnWatchOS : .pushTypeMissing, path: "apns-push-type")
      }
      return
    }
    let at = seen.index(.pushType)
    guard let type = Self.pushType(text.utf8) else {
      found.add(.pushTypeNotKnown(text), path: "apns-push-type", header: at)
      return
    }
    if transport == .broadcast && type != .liveactivity {
      found.add(.broadcastPushTypeNotLiveActivity(text), path: "apns-push-type", header: at)
      return
    }
    headersForBody.pushType = type
    // A broadcast's push type is spelt three ways on Apple's pages (its header table
    // `Liveactivity`, its samples `liveactivity`, InvalidPushType's text `LiveActivity`).
    let exact = transport == .broadcast ? ChannelManagement.pushTypeSpellings.contains(text) : text.utf8.elementsEqual(type.rawValue.utf8)
    if !exact {
      found.add(.pushTypeSpelling(text, documented: transport == .broadcast ? "LiveActivity" : type.rawValue),
                path: "apns-push-type", header: at, noAnswer: true)
    }
  }

  /// `apns-topic` (and, for a broadcast, `apns-channel-id`): a bundle id, present when APNs needs it.
  @inline(__always)
  private func checkTopic(_ seen: KnownHeaders, _ headers: UnsafeBufferPointer<RequestHeader>, transport: Transport,
                          path: String?, auth: Authentication, into headersForBody: inout PushHeaders,
                          found: inout RequestFindings) {
    if transport == .broadcast {
      if seen.value(.channelID, in: headers) == nil {
        found.add(.broadcastNeedsChannelID, path: "apns-channel-id", answer: APNsAnswer(.missingChannelId, on: .broadcast))
      }
      // Apple's broadcast header table marks both Required; serve answers as for a bad value.
      if seen.value(.priority, in: headers) == nil {
        found.add(.broadcastNeedsPriority, path: "apns-priority", answer: APNsAnswer(.badPriority, on: .broadcast))
      }
      if seen.value(.expiration, in: headers) == nil {
        found.add(.broadcastNeedsExpiration, path: "apns-expiration", answer: APNsAnswer(.badExpirationDate, on: .broadcast))
      }
      if let topic = seen.value(.topic, in: headers), let suffix = Self.pushTypeSuffix(of: Substring(topic).utf8) {
        found.add(.broadcastTopicHasSuffix(suffix), path: "apns-topic", header: seen.index(.topic),
                  answer: APNsAnswer(.topicDisallowed, on: .broadcast))
      }
      // The bundle id in the path is no topic with a push type's suffix: nothing to compare.
      headersForBody.topic = nil
    } else if let topic = seen.value(.topic, in: headers) {
      if Self.isBundleIdentifier(Substring(topic).utf8) {
        headersForBody.topic = topic
      } else {
        found.add(.topicNotBundleIdentifier(topic), path: "apns-topic", header: seen.index(.topic))
      }
    } else if path != nil || auth == .token {
      if auth == .token {
        found.add(.topicMissingWithToken, path: "apns-topic")
      } else {
        found.add(.topicMissingWithCertificate, path: "apns-topic", noAnswer: true)
      }
    }
  }

  /// A channel management request: what APNs answers it (`ChannelManagement.parse`), placed at
  /// the header, the request line or the body it is about.
  mutating func validateManagement(method: String, path: String, headers: UnsafeBufferPointer<RequestHeader>,
                                   body: UnsafeRawBufferPointer, found: inout RequestFindings) -> PayloadReport {
    let list = Array(headers)
    if case .failure(let refusal) = ChannelManagement.parse(method: method, path: path, headers: list, body: Array(body)) {
      let index = list.firstIndex { $0.name.lowercased() == refusal.part }
      found.add(.channelRequest(refusal), path: refusal.part == "body" ? nil : refusal.part, header: index,
                answer: refusal.answer)
      if refusal.part == "body", !found.findings.isEmpty {
        found.findings[found.findings.count - 1].position = SourcePosition(line: 1, column: 1, offset: 0)
      }
    }
    return PayloadReport(findings: found.findings, size: body.count, limit: 0, pushType: .liveactivity)
  }

  // MARK: Syntax

  /// What is wrong with a device token, if anything: hexadecimal digits, an even number of them
  /// (Apple says not to assume a token size). One plain loop: this runs on every request.
  static func deviceTokenProblem(_ token: Substring.UTF8View) -> PayloadMessage? {
    for b in token where !isHex(b) { return .deviceTokenNotHexadecimal(String(Substring(token))) }
    return token.count % 2 == 0 ? nil : .deviceTokenOddLength(String(Substring(token)))
  }

  @inline(__always) static func isHex(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)
  }

  /// 8-4-4-4-12 hexadecimal digits (either case): what APNs takes as an `apns-id`, and what
  /// `serve` and the Live Activity checker check too.
  package static func isCanonicalUUID(_ id: String.UTF8View) -> Bool {
    guard id.count == 36 else { return false }
    var i = 0
    for b in id {
      if i == 8 || i == 13 || i == 18 || i == 23 {
        if b != 0x2D { return false }
      } else if !isHex(b) {
        return false
      }
      i += 1
    }
    return true
  }

  /// A non-negative decimal integer that fits Int64, or nil.
  static func decimal(_ text: String.UTF8View) -> Int64? {
    guard !text.isEmpty, text.count <= 18 else { return nil }
    var value: Int64 = 0
    for b in text {
      guard b >= 0x30 && b <= 0x39 else { return nil }
      value = value * 10 + Int64(b - 0x30)
    }
    return value
  }

  /// The push type a header value names, compared case-insensitively.
  static func pushType(_ text: String.UTF8View) -> PushType? {
    for t in PushType.every where t.rawValue.utf8.count == text.count {
      if zip(t.rawValue.utf8, text).allSatisfy({ $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }) { return t }
    }
    return nil
  }

  /// Letters, digits, `-` and `.`, with no empty component.
  static func isBundleIdentifier(_ text: Substring.UTF8View) -> Bool {
    guard !text.isEmpty else { return false }
    var previous: UInt8 = 0x2E
    for b in text {
      let ok = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x2D || b == 0x2E
      if !ok || (b == 0x2E && previous == 0x2E) { return false }
      previous = b
    }
    return previous != 0x2E
  }

  /// The push-type suffix a topic carries (`.voip`, `.push-type.liveactivity`, …), if any.
  static func pushTypeSuffix(of topic: Substring.UTF8View) -> String? {
    for t in PushType.every {
      guard let suffix = t.topicSuffix, topic.count > suffix.utf8.count,
            topic.reversed().starts(with: suffix.utf8.reversed()) else { continue }
      return suffix
    }
    return nil
  }

  /// `header-duplicate` for the second and later occurrences of a name: pairwise for the few
  /// headers a request has, through a set past 32 (hostile lists stay linear).
  static func findDuplicates(_ headers: UnsafeBufferPointer<RequestHeader>, count: Int, into found: inout RequestFindings) {
    if count <= 32 {
      for i in 0..<count {
        for j in 0..<i where sameName(headers[j].name, headers[i].name) {
          found.add(.headerGivenTwice(headers[i].name), path: lowercased(headers[i].name), header: i)
          break
        }
      }
      return
    }
    var names = Set<String>()
    names.reserveCapacity(count)
    var shown = 0, more = 0
    for (i, h) in headers.enumerated() {
      let name = lowercased(h.name)
      if !names.insert(name).inserted {
        if shown < 10 {
          found.add(.headerGivenTwice(h.name), path: name, header: i)
          shown += 1
        } else {
          more += 1
        }
      }
    }
    if more > 0 { found.add(.moreRepeatedHeaders(more), path: nil) }
  }

  static func sameName(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { fold($0) == fold($1) }
  }

  @inline(__always) static func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

  static func lowercased(_ s: String) -> String {
    String(decoding: s.utf8.map(fold), as: UTF8.self)
  }
}

/// The headers APNs reads.
enum KnownHeader: Int, CaseIterable {
  case authorization, apnsID, expiration, priority, pushType, topic, collapseID, channelID

  var name: String {
    switch self {
    case .authorization: "authorization"
    case .apnsID: "apns-id"
    case .expiration: "apns-expiration"
    case .priority: "apns-priority"
    case .pushType: "apns-push-type"
    case .topic: "apns-topic"
    case .collapseID: "apns-collapse-id"
    case .channelID: "apns-channel-id"
    }
  }

  /// The header `name` is, compared case-insensitively; by length first, allocating nothing.
  init?(_ name: String) {
    func candidate(_ k: KnownHeader) -> KnownHeader? { RequestValidator.sameName(k.name, name) ? k : nil }
    let found: KnownHeader?
    switch name.utf8.count {
    case 7: found = candidate(.apnsID)
    case 10: found = candidate(.topic)
    case 13: found = candidate(.authorization) ?? candidate(.priority)
    case 14: found = candidate(.pushType)
    case 15: found = candidate(.expiration) ?? candidate(.channelID)
    case 16: found = candidate(.collapseID)
    default: found = nil
    }
    guard let found else { return nil }
    self = found
  }
}

/// Where the first occurrence of each known header is (fixed size: no allocation).
struct KnownHeaders {
  /// One slot a `KnownHeader`, read and written through raw pointers: `slots` is how many the
  /// tuple holds, measured from its layout, and every access checks the header's slot against it,
  /// so a header added to `KnownHeader` without a slot is never written past the tuple
  /// (`KnownHeadersTests` pins the count).
  private typealias Storage = (Int, Int, Int, Int, Int, Int, Int, Int)
  private var at: Storage = (-1, -1, -1, -1, -1, -1, -1, -1)
  static let slots = MemoryLayout<Storage>.size / MemoryLayout<Int>.stride

  /// The header's slot, or nil for a header without one (never written past the tuple; no trap in
  /// library code: `KnownHeadersTests` fails when a header has no slot).
  @inline(__always)
  private static func slot(_ k: KnownHeader) -> Int? {
    k.rawValue < slots ? k.rawValue : nil
  }

  mutating func record(_ k: KnownHeader, _ index: Int) {
    guard let slot = Self.slot(k) else { return }
    withUnsafeMutableBytes(of: &at) { raw in
      let slots = raw.bindMemory(to: Int.self)
      if slots[slot] < 0 { slots[slot] = index }
    }
  }

  func index(_ k: KnownHeader) -> Int? {
    guard let slot = Self.slot(k) else { return nil }
    let i = withUnsafeBytes(of: at) { $0.load(fromByteOffset: slot * MemoryLayout<Int>.stride, as: Int.self) }
    return i >= 0 ? i : nil
  }

  func value(_ k: KnownHeader, in headers: UnsafeBufferPointer<RequestHeader>) -> String? {
    guard let i = index(k) else { return nil }
    return headers[i].value
  }
}

/// The findings about a request's method, path and headers, made only when there are some.
struct RequestFindings {
  let disabled: Set<PayloadRule>
  var findings: [Finding] = []

  /// Records `message` (made by its rule's constructor in `Rules/RequestRules.swift`).
  mutating func add(_ message: PayloadMessage, path: String?, header: Int? = nil,
                    answer: APNsAnswer? = nil, noAnswer: Bool = false) {
    let rule = message.rule
    if !disabled.isEmpty && disabled.contains(rule) { return }
    var f = Finding(message, offset: -1, line: 0, column: 0, keyPath: path)
    f.header = header
    if noAnswer { f.apnsAnswer = nil } else if let answer { f.apnsAnswer = answer }
    findings.append(f)
  }
}

/// Short, visible quotes of request text in messages (also of a baseline file's fields, in APNsLint).
package enum Visible {
  /// At most 40 characters, control characters as `\u{…}`.
  package static func short(_ s: String) -> String {
    var out = ""
    var n = 0
    for scalar in s.unicodeScalars {
      if n == 40 { out += "…"; break }
      if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
      n += 1
    }
    return out
  }
}
