// Envelopes (SPEC §8, "Envelopes"): payload files that are not a bare APNs body but hold one, or
// hold the request a push provider turns into one. Recognised by shape, only in a file whose top
// level has no `aps` (a valid APNs payload never pays for the look); the APNs part is copied out of
// the file as the provider sends it, checked as any payload is, and every finding put back at its
// place in the file.

/// A payload file that is not an APNs body but carries one: an FCM HTTP v1 message, an Amazon SNS
/// message with `MessageStructure: json`, a OneSignal create-notification request, or members
/// written without their enclosing object (`"aps": {…}`, as in a README). SPEC §8, "Envelopes",
/// states the shapes and what is checked.
///
/// ```swift
/// if let envelope = PayloadEnvelope.recognize(bytes) {
///   var requests = RequestValidator()
///   let report = envelope.report(pushType: .alert, limit: 4096) { part in
///     requests.validate(APNsRequest(path: nil, headers: part.headers, body: part.body), now: nil)
///   }
///   // report.findings stand at their line and column in `bytes`, key paths as written there
/// }
/// ```
///
/// Recognition is conservative: an object with a top-level `aps` is never an envelope, and each
/// shape needs the members that make it one (`message` holding a target, `apns` or
/// `notification`; an `APNS…` key whose value is a string, every value a string; `app_id` with
/// OneSignal's content or targeting keys). The APNs part of each is a ``Part``: the bytes the
/// provider sends to APNs, with the request headers the file gives, and the map from those bytes
/// back to the file.
public struct PayloadEnvelope: Sendable {
  /// What the file is.
  public enum Kind: String, Sendable, Hashable {
    /// An FCM HTTP v1 request body (`{"message": {…}}`, with `validate_only` or not), or the
    /// message object alone as the Admin SDKs serialise it (`{"token": …, "apns": {…}}`).
    case fcm
    /// An Amazon SNS message body with `MessageStructure: json`: `APNS`, `APNS_SANDBOX`,
    /// `APNS_VOIP` and `APNS_VOIP_SANDBOX` hold APNs payloads as JSON strings.
    case sns
    /// A OneSignal create-notification request body: OneSignal builds the APNs payload from it.
    case oneSignal = "onesignal"
    /// Members without their enclosing object (`"aps": {…}`).
    case fragment
  }

  /// What the file is.
  public let kind: Kind
  /// The APNs payloads in the file, as the provider sends them; none for a OneSignal request, an
  /// FCM message with no APNs part, or a fragment without `aps`.
  public let parts: [Part]
  /// Findings about the file itself (a fragment's `json-syntax`, `provider-payload-unchecked`),
  /// with their offsets in the file; `report(pushType:limit:validate:extra:)` places them.
  public let findings: [Finding]
  /// The file's bytes.
  let file: [UInt8]

  /// One APNs payload of an envelope: its bytes as the provider sends them to APNs and the
  /// request headers the file gives for it.
  public struct Part: Sendable {
    /// The payload as the provider sends it: FCM's `apns.payload` with `notification`'s title
    /// and body merged into `aps.alert` and `data`'s members added, whitespace left out; an SNS
    /// `APNS…` string decoded; a fragment's members inside `{ }`.
    public let body: [UInt8]
    /// The request headers the file gives (FCM's `apns.headers`; `apns-push-type: voip` for SNS's
    /// `APNS_VOIP…`), in the file's order.
    public let headers: [RequestHeader]
    /// Where the payload is in the file, as a key path (`message.apns.payload`, `APNS`; empty for a
    /// fragment): the key path of findings about the whole payload.
    public let name: String
    /// The body's bytes, run by run, and where each run comes from.
    let pieces: [Piece]
    /// Where each of `headers` is in the file (its value), and its key path there.
    let headerAnchors: [Anchor]
    /// Where a finding about a header the file does not give (one the command line adds) is placed.
    let rootOffset: Int
    /// Findings about a header the request lacks that are kept (FCM: `apns-priority`, since FCM
    /// sends 10 when the message gives none), and where they are placed.
    let headerless: [String: Anchor]
  }

  /// A place in the file and its key path.
  struct Anchor: Sendable {
    var offset: Int
    var keyPath: String
  }

  /// A key path rewritten from the payload's (`aps.alert.title`) to the file's
  /// (`message.notification.title`): an empty `from` prefixes every key path with `to`.
  struct Rewrite: Sendable {
    var from: String
    var to: String
  }

  /// A run of the body: `length` bytes from `bodyStart`, copied from `fileStart` (verbatim) or
  /// written by the tool and placed at `fileStart`.
  struct Piece: Sendable {
    var bodyStart: Int
    var fileStart: Int
    var length: Int
    var verbatim: Bool
    /// The key path rules of findings in this run, tried in order; `fallback` for a finding
    /// without a key path or one no rule matches.
    var rewrites: [Rewrite]
    var fallback: String
  }

  // MARK: Recognition

  /// The envelope `file` is, or nil when it is not one (an APNs payload, anything else). Reads the
  /// top-level keys without allocating and stops at `aps`; only a top-level object without `aps`
  /// that has a key one of the shapes needs (`message`, `token`, `topic`, `condition`, `tokens`,
  /// `APNS…`, `app_id`), or text that starts with a string followed by `:`, is read further
  /// (parsed into spans). `compactFragment`: a
  /// fragment's whitespace is left out of its body (the configuration's `size.count: compact`).
  public static func recognize(_ file: [UInt8], maxDepth: Int = 64, compactFragment: Bool = true) -> PayloadEnvelope? {
    var i = 0
    if file.count >= 3, file[0] == 0xEF, file[1] == 0xBB, file[2] == 0xBF { i = 3 }
    while i < file.count, isSpace(file[i]) { i += 1 }
    guard i < file.count else { return nil }
    if file[i] == UInt8(ascii: "\"") { return fragment(file, at: i, compact: compactFragment) }
    guard file[i] == UInt8(ascii: "{"), case .mayBeEnvelope = scanTopLevel(file, from: i) else { return nil }
    guard let spans = JSONSpans(file, maxDepth: maxDepth), spans.root.kind == .object,
          !spans.root.members.contains(where: { $0.key == "aps" }) else { return nil }
    return fcm(spans) ?? sns(spans) ?? oneSignal(spans)
  }

  /// What the top-level keys of an object say, read without allocating.
  enum TopLevel { case hasAps, mayBeEnvelope, notAnEnvelope }

  /// The top-level keys that one of the shapes needs (`message`, a target, `APNS…`, `app_id`),
  /// written without escapes (a key with escapes is read by `JSONSpans` in any case).
  static let shapeKeys: [[UInt8]] = ["message", "token", "topic", "condition", "tokens", "APNS", "APNS_SANDBOX",
                                     "APNS_VOIP", "APNS_VOIP_SANDBOX", "app_id", "payload"].map { Array($0.utf8) }

  /// The object starting at `start`: whether it has a member named `aps` (the scan stops there),
  /// else whether a key one of the shapes needs is among its members (or a key has an escape).
  static func scanTopLevel(_ bytes: [UInt8], from start: Int) -> TopLevel {
    var found = TopLevel.notAnEnvelope
    var depth = 0
    var expectKey = false
    var i = start
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      switch b {
      case UInt8(ascii: "\""):
        let s = i
        i = skipString(bytes, at: i)
        if depth == 1 && expectKey {
          let key = bytes[min(s + 1, n)..<max(s + 1, i - 1)]
          if key.elementsEqual("aps".utf8) { return .hasAps }
          if key.contains(UInt8(ascii: "\\")) || shapeKeys.contains(where: { $0.elementsEqual(key) }) { found = .mayBeEnvelope }
          expectKey = false
        }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        expectKey = depth == 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth <= 0 { return found }
      case UInt8(ascii: ","):
        if depth == 1 { expectKey = true }
      default:
        break
      }
      i += 1
    }
    return found
  }

  /// Whether the object starting at `start` has a member named `aps` (written without escapes).
  static func hasTopLevelAps(_ bytes: [UInt8], from start: Int) -> Bool {
    if case .hasAps = scanTopLevel(bytes, from: start) { return true }
    return false
  }

  /// The index after the string whose opening quote is at `start` (the end of `bytes` when it is
  /// not closed).
  static func skipString(_ bytes: [UInt8], at start: Int) -> Int {
    var i = start + 1
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "\\"): i += 2
      case UInt8(ascii: "\""): return i + 1
      default: i += 1
      }
    }
    return bytes.count
  }

  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

  /// The last member named `key` (a JSON reader keeps the last of a repeated key).
  static func member(_ object: JSONSpans.Value, _ key: String) -> JSONSpans.Member? {
    object.members.last { $0.key == key }
  }

  /// The keys of FCM's `Message` (proto3 JSON takes both spellings of `fcm_options`).
  static let fcmMessageKeys: Set<String> = [
    "name", "data", "notification", "android", "webpush", "apns", "fcm_options", "fcmOptions",
    "token", "topic", "condition",
  ]

  /// An FCM HTTP v1 message: `{"message": M}` whose other keys are `validate_only`, where M has
  /// only `Message`'s keys and a target, `apns` or `notification`; or M alone, with a target
  /// (`tokens` too: a multicast message) and an `apns`, `notification`, `data`, `android` or
  /// `webpush` object.
  static func fcm(_ spans: JSONSpans) -> PayloadEnvelope? {
    let root = spans.root
    func isObject(_ m: JSONSpans.Value, _ key: String) -> Bool { member(m, key)?.value.kind == .object }
    func hasTarget(_ m: JSONSpans.Value) -> Bool {
      ["token", "topic", "condition"].contains { member(m, $0)?.value.kind == .string }
    }
    if let wrapper = member(root, "message"), wrapper.value.kind == .object,
       root.members.allSatisfy({ ["message", "validate_only", "validateOnly"].contains($0.key) }) {
      let m = wrapper.value
      guard m.members.allSatisfy({ fcmMessageKeys.contains($0.key) }),
            hasTarget(m) || isObject(m, "apns") || isObject(m, "notification") else { return nil }
      return fcmMessage(m, prefix: "message", spans: spans)
    }
    // FCM's ApnsConfig alone (`{"headers": {…}, "payload": {"aps": …}}`), as the Admin SDKs'
    // ApnsConfig serialises and as kreait/firebase-php's ApnsConfig::fromArray takes it: its
    // `payload` is the APNs body and its `headers` the request's.
    if let payload = member(root, "payload"), payload.value.kind == .object, member(payload.value, "aps") != nil,
       root.members.allSatisfy({ ["headers", "payload", "fcm_options", "fcmOptions", "live_activity_token"].contains($0.key) }),
       member(root, "headers").map({ $0.value.kind == .object }) ?? true {
      return fcmMessage(root, prefix: "", spans: spans, apnsConfigAlone: true)
    }
    guard root.members.allSatisfy({ fcmMessageKeys.contains($0.key) || $0.key == "tokens" }),
          hasTarget(root) || member(root, "tokens")?.value.kind == .array,
          ["apns", "notification", "data", "android", "webpush"].contains(where: { isObject(root, $0) })
    else { return nil }
    return fcmMessage(root, prefix: "", spans: spans)
  }

  /// The APNs part of FCM message `m` (at key path `prefix`) as FCM sends it (SPEC §8, "Envelopes").
  /// `apnsConfigAlone`: `m` is an `ApnsConfig` (`headers`, `payload`), not a message holding one.
  static func fcmMessage(_ m: JSONSpans.Value, prefix: String, spans: JSONSpans, apnsConfigAlone: Bool = false) -> PayloadEnvelope {
    let message = FCMMessage(m, prefix: prefix, apnsConfigAlone: apnsConfigAlone)
    guard message.payload != nil || message.merge else {
      // No apns.payload and no notification text: nothing FCM documents reaches APNs from here.
      return PayloadEnvelope(kind: .fcm, parts: [], findings: [
        Finding(.providerPayloadUnchecked(provider: "an FCM message with no APNs part (no apns.payload, no notification title or body)"),
                offset: m.start, line: 0, column: 0, keyPath: prefix.isEmpty ? nil : prefix),
      ], file: spans.text)
    }
    var b = Builder(file: spans.text, compact: true)
    message.writeBody(&b)
    var headers: [RequestHeader] = []
    var anchors: [Anchor] = []
    if let headersValue = message.headers, headersValue.kind == .object {
      for h in headersValue.members {
        let value = h.value.kind == .string ? (h.value.string ?? "") : spans.source(of: h.value)
        headers.append(RequestHeader(h.key, value))
        anchors.append(Anchor(offset: h.value.start, keyPath: message.path("apns.headers." + h.key)))
      }
    }
    // FCM: "a default value for apns-priority of 10 if not explicitly set" (projects.messages, ApnsConfig).
    let priorityAnchor = Anchor(offset: message.headers?.start ?? message.apns?.start ?? m.start,
                                keyPath: message.path("apns.headers.apns-priority"))
    let part = Part(body: b.body, headers: headers, name: message.path("apns.payload"), pieces: b.pieces,
                    headerAnchors: anchors, rootOffset: m.start, headerless: ["apns-priority": priorityAnchor])
    return PayloadEnvelope(kind: .fcm, parts: [part], findings: [], file: spans.text)
  }

  /// The members of an FCM message that make its APNs part.
  struct FCMMessage {
    let prefix: String
    let apns, payload, notification, data, aps, headers: JSONSpans.Value?
    let title, body: JSONSpans.Member?
    /// `notification`'s text becomes `aps.alert`: the payload's `aps` has no `alert` of its own.
    let merge: Bool

    /// The message is an `ApnsConfig` alone: `apns.x` is `x` in the file.
    let apnsConfigAlone: Bool

    init(_ m: JSONSpans.Value, prefix: String, apnsConfigAlone: Bool = false) {
      func object(_ v: JSONSpans.Value?, _ key: String) -> JSONSpans.Value? {
        v.flatMap { $0.kind == .object ? PayloadEnvelope.member($0, key)?.value : nil }
      }
      self.prefix = prefix
      self.apnsConfigAlone = apnsConfigAlone
      apns = apnsConfigAlone ? m : object(m, "apns")
      payload = object(apns, "payload")
      headers = object(apns, "headers")
      notification = apnsConfigAlone ? nil : object(m, "notification")
      data = apnsConfigAlone ? nil : object(m, "data")
      aps = object(payload, "aps")
      title = notification.flatMap { $0.kind == .object ? PayloadEnvelope.member($0, "title") : nil }
      body = notification.flatMap { $0.kind == .object ? PayloadEnvelope.member($0, "body") : nil }
      let hasAlert = aps.map { $0.kind != .object || PayloadEnvelope.member($0, "alert") != nil } ?? false
      merge = !hasAlert && (title != nil || body != nil)
    }

    /// `p` below the message (`message.p`, or `p` for the message alone).
    func path(_ p: String) -> String {
      let p = apnsConfigAlone && p.hasPrefix("apns.") ? String(p.dropFirst(5)) : p
      return prefix.isEmpty ? p : prefix + "." + p
    }

    /// The payload FCM sends, into `b`: `apns.payload` with the notification's text as
    /// `aps.alert` (after `aps`'s own members; in a new `aps` when there is none) and `data`'s
    /// members after the payload's own.
    func writeBody(_ b: inout Builder) {
      let payloadPath = [Rewrite(from: "", to: path("apns.payload"))]
      let notificationPath = [Rewrite(from: "aps.alert.title", to: path("notification.title")),
                              Rewrite(from: "aps.alert.body", to: path("notification.body"))]
      let anchor = notification?.start ?? 0
      func synthetic(_ text: String) { b.synthetic(text, at: anchor, notificationPath, fallback: path("notification")) }
      guard let payload else {
        synthetic("{\"aps\":{")
        writeAlert(&b)
        synthetic("}")
        writeData(&b, after: true)
        synthetic("}")
        return
      }
      guard payload.kind == .object else {
        // Not an object: FCM refuses it, and as a payload it is payload-not-object.
        return b.verbatim(payload.start, payload.end, payloadPath, fallback: path("apns.payload"))
      }
      if merge, let aps, aps.kind == .object {
        b.verbatim(payload.start, aps.end - 1, payloadPath, fallback: path("apns.payload"))
        if !aps.members.isEmpty { synthetic(",") }
        writeAlert(&b)
        b.verbatim(aps.end - 1, payload.end - 1, payloadPath, fallback: path("apns.payload"))
      } else {
        b.verbatim(payload.start, payload.end - 1, payloadPath, fallback: path("apns.payload"))
        if merge {
          synthetic(payload.members.isEmpty ? "\"aps\":{" : ",\"aps\":{")
          writeAlert(&b)
          synthetic("}")
        }
      }
      writeData(&b, after: !payload.members.isEmpty || merge)
      b.verbatim(payload.end - 1, payload.end, payloadPath, fallback: path("apns.payload"))
    }

    /// `"alert":{"title":…,"body":…}`, the values copied from `notification`.
    func writeAlert(_ b: inout Builder) {
      let rules = [Rewrite(from: "aps.alert.title", to: path("notification.title")),
                   Rewrite(from: "aps.alert.body", to: path("notification.body"))]
      let anchor = notification?.start ?? 0
      b.synthetic("\"alert\":{", at: anchor, rules, fallback: path("notification"))
      if let title {
        b.synthetic("\"title\":", at: title.keyStart, rules, fallback: path("notification.title"))
        b.verbatim(title.value.start, title.value.end, rules, fallback: path("notification.title"))
      }
      if let body {
        b.synthetic(title == nil ? "\"body\":" : ",\"body\":", at: body.keyStart, rules, fallback: path("notification.body"))
        b.verbatim(body.value.start, body.value.end, rules, fallback: path("notification.body"))
      }
      b.synthetic("}", at: anchor, rules, fallback: path("notification"))
    }

    /// `data`'s members, each `"key":"value"` as written (FCM delivers them in userInfo beside aps).
    func writeData(_ b: inout Builder, after hasMembers: Bool) {
      guard let data, data.kind == .object else { return }
      let rules = [Rewrite(from: "", to: path("data"))]
      var first = !hasMembers
      for d in data.members {
        if !first { b.synthetic(",", at: d.keyStart, rules, fallback: path("data")) }
        b.verbatim(d.keyStart, d.value.end, rules, fallback: path("data"))
        first = false
      }
    }
  }

  /// The keys of an SNS message whose string is an APNs payload, and the push type each is sent as.
  static let snsKeys: [(key: String, voip: Bool)] = [
    ("APNS", false), ("APNS_SANDBOX", false), ("APNS_VOIP", true), ("APNS_VOIP_SANDBOX", true),
  ]

  /// An SNS message: every member's value a string, and at least one of `APNS`, `APNS_SANDBOX`,
  /// `APNS_VOIP`, `APNS_VOIP_SANDBOX`; each of those is one part, its string decoded.
  static func sns(_ spans: JSONSpans) -> PayloadEnvelope? {
    let root = spans.root
    guard root.members.allSatisfy({ $0.value.kind == .string }),
          snsKeys.contains(where: { k in root.members.contains { $0.key == k.key } }) else { return nil }
    var parts: [Part] = []
    for (key, voip) in snsKeys {
      guard let m = member(root, key) else { continue }
      var b = Builder(file: spans.text, compact: false)
      b.decodedString(m.value.start, m.value.end, [Rewrite(from: "", to: key)], fallback: key)
      let headers = voip ? [RequestHeader("apns-push-type", "voip")] : []
      let anchors = voip ? [Anchor(offset: m.keyStart, keyPath: key)] : []
      parts.append(Part(body: b.body, headers: headers, name: key, pieces: b.pieces, headerAnchors: anchors,
                        rootOffset: m.keyStart, headerless: [:]))
    }
    return PayloadEnvelope(kind: .sns, parts: parts, findings: [], file: spans.text)
  }

  /// The keys of a OneSignal create-notification request that, with `app_id`, make one.
  static let oneSignalKeys: Set<String> = [
    "contents", "headings", "subtitle", "template_id", "include_player_ids", "include_subscription_ids",
    "include_external_user_ids", "include_aliases", "included_segments", "filters", "target_channel",
    "content_available",
  ]

  /// A OneSignal request: `app_id` a string, and content or targeting keys (or `ios_…` ones).
  static func oneSignal(_ spans: JSONSpans) -> PayloadEnvelope? {
    let root = spans.root
    guard member(root, "app_id")?.value.kind == .string,
          root.members.contains(where: { oneSignalKeys.contains($0.key) || $0.key.hasPrefix("ios_") }) else { return nil }
    return PayloadEnvelope(kind: .oneSignal, parts: [], findings: [
      Finding(.providerPayloadUnchecked(provider: "a OneSignal create-notification request"),
              offset: root.start, line: 0, column: 0, keyPath: nil),
    ], file: spans.text)
  }

  /// Members without their enclosing object: a string at `start` followed by `:`. The members
  /// (a final comma left out) are checked inside `{ }` when they include `aps`; else only the
  /// finding is made, since which object they belong in is not known.
  static func fragment(_ file: [UInt8], at start: Int, compact: Bool) -> PayloadEnvelope? {
    let keyEnd = skipString(file, at: start)
    var i = keyEnd
    while i < file.count, isSpace(file[i]) { i += 1 }
    guard keyEnd <= file.count, i < file.count, file[i] == UInt8(ascii: ":") else { return nil }
    var end = file.count
    while end > start, isSpace(file[end - 1]) { end -= 1 }
    if end > start, file[end - 1] == UInt8(ascii: ",") {
      end -= 1
      while end > start, isSpace(file[end - 1]) { end -= 1 }
    }
    var b = Builder(file: file, compact: compact)
    let identity = [Rewrite(from: "", to: "")]
    b.synthetic("{", at: start, identity, fallback: "")
    b.verbatim(start, end, identity, fallback: "")
    b.synthetic("}", at: end, identity, fallback: "")
    let key = String(decoding: file[(start + 1)..<max(start + 1, keyEnd - 1)], as: UTF8.self)
    let hasAps = hasTopLevelAps(b.body, from: 0)
    let finding = Finding(.membersWithoutObject(firstKey: key, checked: hasAps), offset: start, line: 0, column: 0, keyPath: nil)
    let parts = hasAps ? [Part(body: b.body, headers: [], name: "", pieces: b.pieces, headerAnchors: [], rootOffset: start,
                               headerless: [:])] : []
    return PayloadEnvelope(kind: .fragment, parts: parts, findings: [finding], file: file)
  }

  // MARK: The report

  /// The file's report: each part's report from `validate` (given the part's body and headers:
  /// a request without a path, so that the headers' rules apply), its findings put at their
  /// places in the file with the file's key paths, and the envelope's own findings. `extra` sees
  /// each part's placed report (its alert placed too) and returns further findings to join (the
  /// localization rules). Findings about a header the request lacks are dropped (the provider
  /// sets it), except FCM's `apns-priority`. Size, limit and push type are the first part's;
  /// without a part, the file's size, `limit` and `pushType`.
  public func report(pushType: PushType, limit: Int, validate: (Part) -> PayloadReport,
                     extra: (PayloadReport) -> [Finding] = { _ in [] }) -> PayloadReport {
    var found = findings
    var first: PayloadReport?
    for part in parts {
      var r = validate(part)
      r.findings = part.place(r.findings)
      if var a = r.alert {
        part.place(&a)
        r.alert = a
      }
      resolve(&r.findings)
      if var a = r.alert {
        resolve(&a)
        r.alert = a
      }
      let more = extra(r)
      found += r.findings + more
      if first == nil { first = r }
    }
    resolve(&found)
    found = PayloadReport.joined(found.filter { $0.offset >= 0 }, []) + found.filter { $0.offset < 0 }
    var report = PayloadReport(findings: found, size: first?.size ?? file.count, limit: first?.limit ?? limit,
                               pushType: first?.pushType ?? pushType)
    report.alert = first?.alert
    return report
  }

  /// Line and column of every finding placed in the file (offset ≥ 0) whose line is not yet set.
  func resolve(_ findings: inout [Finding]) {
    let wanted = findings.indices.filter { findings[$0].offset >= 0 && findings[$0].line == 0 }
    guard !wanted.isEmpty else { return }
    let positions = positions(of: wanted.map { findings[$0].offset })
    for (k, i) in wanted.enumerated() {
      findings[i].line = positions[k].line
      findings[i].column = positions[k].column
    }
  }

  /// The alert's fields placed in the file (line and column from their offsets).
  func resolve(_ alert: inout AlertText) {
    var offsets = [alert.offset]
    alert.mapFields { offsets.append($0.offset) }
    let p = positions(of: offsets)
    alert.line = p[0].line
    alert.column = p[0].column
    var k = 1
    alert.mapFields { f in
      f.line = p[k].line
      f.column = p[k].column
      k += 1
    }
  }

  /// Line and column of each offset in the file, in one pass (columns count Unicode scalars).
  func positions(of offsets: [Int]) -> [SourcePosition] {
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    var out = [SourcePosition](repeating: SourcePosition(line: 1, column: 1), count: offsets.count)
    var index = LineIndex()
    var i = 0
    for k in order {
      let target = min(max(0, offsets[k]), file.count)
      while i < target {
        index.step(file[i])
        i += 1
      }
      out[k] = SourcePosition(line: index.line, column: index.column, offset: offsets[k])
    }
    return out
  }
}

extension PayloadEnvelope.Part {
  /// The piece holding body offset `offset` (the last one at or before it).
  func piece(at offset: Int) -> PayloadEnvelope.Piece? {
    var lo = 0, hi = pieces.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if pieces[mid].bodyStart <= offset { lo = mid + 1 } else { hi = mid }
    }
    return lo > 0 ? pieces[lo - 1] : pieces.first
  }

  /// Where body offset `offset` is in the file.
  func fileOffset(_ offset: Int, in piece: PayloadEnvelope.Piece) -> Int {
    guard piece.verbatim else { return piece.fileStart }
    return piece.fileStart + min(max(0, offset - piece.bodyStart), piece.length)
  }

  /// `keyPath` (the payload's) as the file writes it, by the piece's rules.
  func rewrite(_ keyPath: String?, _ piece: PayloadEnvelope.Piece) -> String? {
    func join(_ prefix: String, _ rest: Substring) -> String {
      prefix.isEmpty ? String(rest) : rest.isEmpty ? prefix : prefix + "." + rest
    }
    guard let k = keyPath else { return piece.fallback.isEmpty ? nil : piece.fallback }
    for r in piece.rewrites {
      if r.from.isEmpty { return join(r.to, k[...]) }
      if k == r.from { return r.to }
      if k.hasPrefix(r.from + ".") || k.hasPrefix(r.from + "[") { return r.to + k.dropFirst(r.from.count) }
    }
    return piece.fallback
  }

  /// The report's findings placed in the file (line 0 until resolved): a body finding by its
  /// offset, a header's at the header's value, one about a header the request lacks kept only
  /// where `headerless` says; any other (a localization finding, placed by its alert) as it is.
  func place(_ findings: [Finding]) -> [Finding] {
    var out: [Finding] = []
    out.reserveCapacity(findings.count)
    for var f in findings {
      if let h = f.header {
        if h < headerAnchors.count {
          f.position = SourcePosition(line: 0, column: 0, offset: headerAnchors[h].offset)
          f.keyPath = headerAnchors[h].keyPath
        } else {
          f.position = SourcePosition(line: 0, column: 0, offset: rootOffset)
        }
        f.header = nil
      } else if f.offset >= 0 {
        guard let p = piece(at: f.offset) else { continue }
        f.keyPath = rewrite(f.keyPath, p)
        f.position = SourcePosition(line: 0, column: 0, offset: fileOffset(f.offset, in: p))
      } else if f.line == 0 {
        guard let k = f.keyPath, let anchor = headerless[k] else { continue }
        f.position = SourcePosition(line: 0, column: 0, offset: anchor.offset)
        f.keyPath = anchor.keyPath
      }
      out.append(f)
    }
    return out
  }

  /// The alert's fields put at their offsets in the file, with the file's key paths.
  func place(_ alert: inout AlertText) {
    if let p = piece(at: alert.offset) { alert.offset = fileOffset(alert.offset, in: p) }
    alert.mapFields { f in
      guard let p = piece(at: f.offset) else { return }
      f.keyPath = rewrite(f.keyPath, p) ?? f.keyPath
      f.offset = fileOffset(f.offset, in: p)
    }
  }
}

/// Writes a part's body, piece by piece.
struct PayloadEnvelopeBuilder {
  let file: [UInt8]
  /// Whitespace outside strings is left out of verbatim runs.
  let compact: Bool
  var body: [UInt8] = []
  var pieces: [PayloadEnvelope.Piece] = []

  init(file: [UInt8], compact: Bool) {
    self.file = file
    self.compact = compact
  }

  /// Bytes the tool writes, placed at `anchor` in the file.
  mutating func synthetic(_ text: String, at anchor: Int, _ rewrites: [PayloadEnvelope.Rewrite], fallback: String) {
    pieces.append(PayloadEnvelope.Piece(bodyStart: body.count, fileStart: anchor, length: text.utf8.count, verbatim: false,
                                        rewrites: rewrites, fallback: fallback))
    body.append(contentsOf: text.utf8)
  }

  /// The file's bytes `start..<end`, without whitespace outside strings when `compact`.
  mutating func verbatim(_ start: Int, _ end: Int, _ rewrites: [PayloadEnvelope.Rewrite], fallback: String) {
    guard start < end else { return }
    guard compact else { return run(start, end, rewrites, fallback) }
    var i = start
    var runStart = start
    while i < end {
      let b = file[i]
      if b == UInt8(ascii: "\"") {
        i = min(PayloadEnvelope.skipString(file, at: i), end)
        continue
      }
      if PayloadEnvelope.isSpace(b) {
        run(runStart, i, rewrites, fallback)
        while i < end, PayloadEnvelope.isSpace(file[i]) { i += 1 }
        runStart = i
        continue
      }
      i += 1
    }
    run(runStart, end, rewrites, fallback)
  }

  private mutating func run(_ start: Int, _ end: Int, _ rewrites: [PayloadEnvelope.Rewrite], _ fallback: String) {
    guard start < end else { return }
    pieces.append(PayloadEnvelope.Piece(bodyStart: body.count, fileStart: start, length: end - start, verbatim: true,
                                        rewrites: rewrites, fallback: fallback))
    body.append(contentsOf: file[start..<end])
  }

  /// The text of the JSON string `start..<end` (its quotes included) decoded: runs without
  /// escapes copied verbatim, each escape written as the bytes it stands for and placed at its
  /// backslash (SPEC §8: a finding inside an escape stands at the escape).
  mutating func decodedString(_ start: Int, _ end: Int, _ rewrites: [PayloadEnvelope.Rewrite], fallback: String) {
    var i = start + 1
    let last = end - 1
    var runStart = i
    while i < last {
      guard file[i] == UInt8(ascii: "\\"), i + 1 < last else { i += 1; continue }
      run(runStart, i, rewrites, fallback)
      let escape = i
      var scalar: Unicode.Scalar?
      var length = 2
      switch file[i + 1] {
      case UInt8(ascii: "\""): scalar = "\""
      case UInt8(ascii: "\\"): scalar = "\\"
      case UInt8(ascii: "/"): scalar = "/"
      case UInt8(ascii: "b"): scalar = "\u{08}"
      case UInt8(ascii: "f"): scalar = "\u{0C}"
      case UInt8(ascii: "n"): scalar = "\n"
      case UInt8(ascii: "r"): scalar = "\r"
      case UInt8(ascii: "t"): scalar = "\t"
      case UInt8(ascii: "u"):
        length = 6
        if let high = hex4(i + 2) {
          if (0xD800..<0xDC00).contains(high), i + 12 <= last, file[i + 6] == UInt8(ascii: "\\"),
             file[i + 7] == UInt8(ascii: "u"), let low = hex4(i + 8), (0xDC00..<0xE000).contains(low) {
            scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            length = 12
          } else {
            scalar = Unicode.Scalar(high)
          }
        }
      default: break
      }
      let text = String(scalar ?? "\u{FFFD}")
      pieces.append(PayloadEnvelope.Piece(bodyStart: body.count, fileStart: escape, length: text.utf8.count, verbatim: false,
                                          rewrites: rewrites, fallback: fallback))
      body.append(contentsOf: text.utf8)
      i = min(escape + length, last)
      runStart = i
    }
    run(runStart, last, rewrites, fallback)
  }

  private func hex4(_ at: Int) -> UInt32? {
    guard at + 4 <= file.count else { return nil }
    var v: UInt32 = 0
    for k in at..<(at + 4) {
      let c = file[k]
      switch c {
      case 0x30...0x39: v = v << 4 | UInt32(c - 0x30)
      case 0x41...0x46: v = v << 4 | UInt32(c - 0x37)
      case 0x61...0x66: v = v << 4 | UInt32(c - 0x57)
      default: return nil
      }
    }
    return v
  }
}

extension PayloadEnvelope {
  typealias Builder = PayloadEnvelopeBuilder
}
