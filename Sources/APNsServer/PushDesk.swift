#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ActivityContract
import APNsAuth
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import PayloadSchema
import StringsFile
import Synchronization

/// One connection's desk: it checks each request with its loop's reused validators and decides
/// the answer (SPEC §10). Lives on the connection's event loop; not shared.
final class PushDesk {
  let server: ServerContext
  let connectionNumber: UInt64
  let tools: LoopTools
  private var verifiedToken: String?
  /// The provider token in use and when it last changed (seconds), for TooManyProviderTokenUpdates.
  private var currentToken: String?
  private var lastTokenChange: Int64?
  /// The key of the connection's first verified token: APNs binds a connection to it (Apple,
  /// "Establishing a token-based connection to APNs").
  private var boundKeyID: String?
  /// The key id of the token last verified on this connection.
  private var verifiedKeyID: String?
  /// Set when the connection must end after the answer being written (UnrelatedKeyIdInToken).
  var closeRequested = false
  /// With `--client-ca`: what the connection's client certificate allows (nil: none could be read).
  var clientCertificate: ClientCertificate?
  var hasClientCertificate = false
  /// The device token of the connection's last push and its registry entry: a connection mostly
  /// sends to the same devices, and the lookup lowercases the token into a new `String`.
  private var lastDeviceToken = ""
  private var lastDevice: DeviceRegistry.Device?

  init(server: ServerContext, connectionNumber: UInt64, tools: LoopTools) {
    self.server = server
    self.connectionNumber = connectionNumber
    self.tools = tools
  }

  /// The answer to one request, its report and the headers to send; records it.
  func answer(headers: HPACKHeaders, body: UnsafeRawBufferPointer, bodyTruncated: Bool, streamID: Int) -> (Response, apnsID: String, uniqueID: String?) {
    var method = ""
    var path = ""
    var authorization: String?
    var apnsID: String?
    var topic: String?
    tools.headerBuffer.removeAll(keepingCapacity: true)
    // `:path` and `authorization` sent for APNs' HPACK table, which Apple asks providers not to do
    // ("literal header fields without indexing"): the log says so (SPEC §10).
    var indexed: [String] = []
    for (name, value, indexing) in headers {
      if indexing == .indexable && (name == ":path" || name == "authorization") { indexed.append(name) }
      if name.utf8.first == UInt8(ascii: ":") {
        if name == ":method" { method = value } else if name == ":path" { path = value }
        continue
      }
      switch name {
      case "authorization": if authorization == nil { authorization = value }
      case "apns-id": if apnsID == nil { apnsID = value }
      case "apns-topic": if topic == nil { topic = value }
      default: break
      }
      tools.headerBuffer.append(RequestHeader(name, value))
    }
    let nowMs = Clock.nowMilliseconds()
    let now = nowMs / 1000
    let c = server.configuration

    // Channel management (SPEC §13.2): its own paths, answers and `apns-request-id`.
    if ChannelManagement.isManagementPath(path) {
      var requestID = ""
      for h in tools.headerBuffer where h.name == "apns-request-id" { requestID = h.value }
      // APNs echoes a request id it can read and makes a new lowercase UUID otherwise.
      let id = RequestValidator.isCanonicalUUID(requestID.utf8) ? requestID.lowercased() : tools.random.uuid()
      let answer = channelAnswer(method: method, path: path, headers: tools.headerBuffer, body: Array(body),
                                 authorization: authorization)
      server.record(PushRecord(
        sequence: server.nextSequence(), time: nowMs, connection: connectionNumber, stream: streamID,
        method: method, path: path, deviceToken: nil, topic: nil, headers: tools.headerBuffer.map { h in
          h.name == "authorization" ? RequestHeader(h.name, Self.withoutSignature(h.value)) : h
        }, body: String(decoding: body, as: UTF8.self), bodyTruncated: bodyTruncated, answer: answer, apnsID: id, uniqueID: nil,
        findings: [], alert: nil, rendered: [], hpackIndexed: indexed), scratch: &tools.scratch)
      return (answer, id, nil)
    }

    let repeated = authorization != nil && authorization == verifiedToken
    let headerBuffer = tools.headerBuffer
    // APNs decides per connection: a verified client certificate and no token is a certificate
    // connection, whatever keys the server also takes.
    let byCertificate = authorization == nil && clientCertificate != nil && c.requiresClientCertificate
    tools.judgeDates(at: now)  // a Live Activity's dates, against the time the push arrives (SPEC §13.3)
    var report = headerBuffer.withUnsafeBufferPointer { h in
      byCertificate ? tools.certificate.validate(method: method, path: path, headers: h, body: body, now: now)
        : repeated ? tools.repeating.validate(method: method, path: path, headers: h, body: body, now: now)
        : tools.verifying.validate(method: method, path: path, headers: h, body: body, now: now)
    }
    if body.count > report.limit && !report.findings.contains(where: { $0.rule == .payloadTooLarge }) {
      // APNs measures the body before it parses it: a body over the limit is 413 even when it is
      // not JSON (a truncated one never is).
      report.findings.append(Finding(.bodyTooLarge(bytes: body.count - (bodyTruncated ? 1 : 0), truncated: bodyTruncated, limit: report.limit),
                                     offset: 0, line: 1, column: 1, keyPath: nil))
    }
    // The app's own decoding (SPEC §13.1): APNs cannot see it and answers 200; the device drops the push.
    if let activity = c.activity { activity.amend(&report, body: Array(body), now: now) }
    // A registered device's platform and OS (SPEC §10): a push type it does not receive is accepted
    // by APNs and dropped on the device. Looked up once (it lowercases the token): `decide` uses it too.
    let device = Self.deviceToken(in: path).flatMap(registered)
    if let device, let platform = device.platform, let finding = PushAvailability.finding(report.pushType, on: platform, os: device.os) {
      report.join([finding])
    }
    var answer = decide(report: report, path: path, device: device, topic: topic, authorization: authorization, repeated: repeated,
                        now: now, nowMs: nowMs).spelled(c.reasonSpelling)
    // A broadcast the request checks accept still needs a channel of this server (SPEC §13.2).
    if answer.status == 200, path.hasPrefix("/4/broadcasts/apps/"),
       let refusal = Self.broadcastRefusal(path: path, headers: tools.headerBuffer, store: server.channels) {
      answer = refusal
    }

    var id = apnsID.flatMap { RequestValidator.isCanonicalUUID($0.utf8) ? $0.lowercased() : nil } ?? tools.random.uuid()
    // Apple's broadcast page names apns-request-id where the push pages name apns-id: a broadcast
    // that sends apns-request-id gets it back under that name (SPEC §13.2: accept both).
    if path.hasPrefix("/4/broadcasts/apps/"), apnsID == nil,
       let requestID = tools.headerBuffer.first(where: { $0.name == "apns-request-id" })?.value {
      answer.idHeader = "apns-request-id"
      if RequestValidator.isCanonicalUUID(requestID.utf8) { id = requestID.lowercased() }
    }
    let unique = c.environment == .development ? tools.random.uuid() : nil
    server.record(makeRecord(method: method, path: path, topic: topic, body: body, bodyTruncated: bodyTruncated,
                             report: report, answer: answer, apnsID: id, uniqueID: unique, streamID: streamID, time: nowMs,
                             indexed: indexed),
                  scratch: &tools.scratch)
    return (answer, id, unique)
  }

  /// SPEC §9's verdict, then what the server knows beyond one request: the team, token updates,
  /// `--strict`, the device registry, the rate limit and injected faults.
  private func decide(report: PayloadReport, path: String, device: DeviceRegistry.Device?, topic: String?, authorization: String?,
                      repeated: Bool, now: Int64, nowMs: Int64) -> Response {
    let c = server.configuration
    let refusing = report.refusal()
    if let refusing, let part = refusing.payloadRule?.requestPart, part <= .authentication, let a = refusing.apnsAnswer {
      return Response(status: a.status, reason: a.reason)
    }
    if c.requiresClientCertificate && authorization == nil {
      // A certificate connection: the certificate decides the topics and the environment.
      guard let certificate = clientCertificate else { return Response(.badCertificate) }
      if let refusal = certificate.refusal(topic: topic, environment: c.environment) { return refusal }
    }
    if let authorization {
      if !repeated {
        let claims = ProviderToken.decode(authorization)?.claims
        if let team = c.teamID, claims?.issuer != team {
          return Response(.invalidProviderToken)
        }
        verifiedToken = authorization
        verifiedKeyID = claims?.keyID
      }
      if let kid = verifiedKeyID, let refusal = keyScopeRefusal(keyID: kid, topic: topic) { return refusal }
      if let current = currentToken, current != authorization {
        if let last = lastTokenChange, now - last < 20 * 60 {
          return Response(.tooManyProviderTokenUpdates)
        }
        lastTokenChange = now
      }
      currentToken = authorization
    }
    if let refusing, let a = refusing.apnsAnswer {
      return Response(status: a.status, reason: a.reason)
    }
    if c.strict, let error = report.findings.first(where: { $0.severity == .error }) {
      return Response(status: 400, reason: error.payloadRule.flatMap(Self.strictReason)?.rawValue ?? error.rule.rawValue, rule: error.rule.rawValue)
    }
    let token = Self.deviceToken(in: path)
    if let device, let refusal = DeviceRegistry.refusal(device: device, topic: topic, environment: c.environment, nowMilliseconds: nowMs) {
      return refusal
    }
    if let token, let limiter = server.rateLimiter, !limiter.admit(token, now: now) {
      return Response(.tooManyRequests)
    }
    if !c.faults.isEmpty {
      var draw = tools.random.unit() * 100
      for fault in c.faults {
        if draw < fault.percent { return Response(status: fault.status, reason: fault.reason) }
        draw -= fault.percent
      }
    }
    return .accepted
  }

  /// What the 2025 key model refuses (Apple, "Establishing a token-based connection to APNs"):
  /// a token of a key unrelated to the one the connection is bound to (403 UnrelatedKeyIdInToken,
  /// and the connection ends), a key limited to the other environment (403
  /// BadEnvironmentKeyIdInToken), a topic-specific key used for another topic (403 Forbidden:
  /// Apple names no reason for it; docs/behaviour.md). Keys without a scope keep the old rules:
  /// any of the team's keys, on any connection, for any topic.
  private func keyScopeRefusal(keyID: String, topic: String?) -> Response? {
    let c = server.configuration
    let scope = c.keys.scope(of: keyID)
    if let bound = boundKeyID, bound != keyID {
      let boundScope = c.keys.scope(of: bound)
      let related = boundScope.related == keyID || scope.related == bound
      if (scope.isScoped || boundScope.isScoped) && !related {
        closeRequested = true
        return Response(.unrelatedKeyIdInToken)
      }
    }
    if let refusal = scope.refusal(environment: c.environment == .development ? .sandbox : .production, topic: topic) {
      return Response(refusal.reason, on: .token)
    }
    if boundKeyID == nil { boundKeyID = keyID }
    return nil
  }

  /// The reason a `--strict` refusal gives: one of Apple's reasons where one fits the rule (client
  /// libraries map reasons to exception classes and fail on names they do not know), else nil and
  /// the caller sends the rule id; the body's `"rule"` always names the rule. Apple's list:
  /// `APNsSource/deviceResponses`.
  static func strictReason(_ rule: PayloadRule) -> APNsReason? {
    switch rule {
    case .priorityMismatch: .badPriority                          // a background push at 10
    case .pushTypeMismatch, .pushTypeMissing, .pushTypeMissingWatchOS, .pushTypeUnknown: .invalidPushType
    case .topicMismatch, .topicSyntax: .badTopic                  // "isn't specified or is invalid"
    case .topicMissing: .missingTopic
    case .collapseIDTooLong: .badCollapseId
    case .locationAuth: .missingProviderToken                     // location pushes take tokens only
    case .payloadEmpty: .payloadEmpty
    case .payloadTooLarge: .payloadTooLarge
    case .expirationSyntax: .badExpirationDate
    default: rule.apnsAnswer?.knownReason
    }
  }

  /// The device token of `/3/device/<token>`.
  static func deviceToken(in path: String) -> Substring? {
    guard path.hasPrefix("/3/device/") else { return nil }
    let token = path.dropFirst(10)
    return token.isEmpty ? nil : token
  }

  private func makeRecord(method: String, path: String, topic: String?, body: UnsafeRawBufferPointer, bodyTruncated: Bool,
                          report: PayloadReport, answer: Response, apnsID: String, uniqueID: String?, streamID: Int,
                          time: Int64, indexed: [String]) -> PushRecord {
    let c = server.configuration
    var headers = tools.headerBuffer
    for i in headers.indices where headers[i].name == "authorization" {
      headers[i].value = Self.withoutSignature(headers[i].value)
    }
    var alert: RenderedAlert?
    var rendered: [RenderedForDevice] = []
    if let text = report.alert {
      let spec = AlertSpec(text)
      alert = RenderedAlert(title: spec.title ?? spec.titleLocKey, subtitle: spec.subtitle ?? spec.subtitleLocKey,
                            body: spec.body ?? spec.locKey, action: spec.actionLocKey)
      if let bundle = c.strings {
        for languages in c.languages.isEmpty ? [[]] : c.languages {
          let localization = bundle.localization(for: languages)
          rendered.append(RenderedForDevice(languages: languages.joined(separator: ","), localization: localization?.identifier,
                                            alert: Localizer.render(spec, in: localization)))
        }
      }
    }
    return PushRecord(
      sequence: server.nextSequence(), time: time, connection: connectionNumber, stream: streamID,
      method: method, path: path, deviceToken: Self.deviceToken(in: path).map(String.init), topic: topic,
      headers: headers, body: String(decoding: body, as: UTF8.self), bodyTruncated: bodyTruncated,
      answer: answer, apnsID: apnsID, uniqueID: uniqueID, findings: report.findings, alert: alert, rendered: rendered,
      dropped: answer.status == 200 ? PushRecord.droppedOnDevice(report) : nil, hpackIndexed: indexed, pushType: report.pushType)
  }

  /// The registry's entry for `token`; the connection's last one again when the token is the same
  /// (the registry does not change while the server runs).
  private func registered(_ token: Substring) -> DeviceRegistry.Device? {
    if token == lastDeviceToken { return lastDevice }
    let device = server.configuration.devices.device(token)
    lastDeviceToken = String(token)
    lastDevice = device
    return device
  }

  /// `bearer header.claims.signature` → `bearer header.claims.…`: the log keeps who sent it, not a
  /// token that could be replayed.
  static func withoutSignature(_ value: String) -> String {
    // Found in the UTF-8 view: a search by Character walked the signature's grapheme boundaries
    // backwards on every push (5 % of a push with a token, `perf`, issue 54). Where the bytes
    // around the last "." byte are ASCII (every token), that byte is the last "." Character (no
    // mark extends it, no prepended character joins it), so the text kept is the same; anything
    // else takes the Character search as before.
    let utf8 = value.utf8
    guard let lastDot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return value }
    let after = utf8[utf8.index(after: lastDot)...]
    let before = lastDot == utf8.startIndex ? nil : utf8[utf8.index(before: lastDot)]
    guard after.allSatisfy({ $0 < 0x80 }), (before ?? 0) < 0x80 else {
      guard let dot = value.lastIndex(of: ".") else { return value }
      return String(value[...dot]) + "…"
    }
    let kept = utf8[...lastDot]
    return String(unsafeUninitializedCapacity: kept.count + 3) { out in
      let copied = kept.withContiguousStorageIfAvailable { bytes in
        UnsafeMutableRawBufferPointer(out).copyMemory(from: UnsafeRawBufferPointer(bytes))
        return bytes.count
      }
      var i = copied ?? 0
      if copied == nil {
        for byte in kept {
          out[i] = byte
          i += 1
        }
      }
      out[i] = 0xE2; out[i + 1] = 0x80; out[i + 2] = 0xA6  // "…"
      return i + 3
    }
  }
}
