import PayloadSchema
import StringsFile

/// What the server sends for one request: APNs' answer (PayloadSchema's `APNsAnswer`: the
/// `:status`, and for an error the `reason` and, for 410, the `timestamp` of the JSON body), and
/// what the HTTP response carries besides (headers, a success's body, the id header's name, the
/// rule under `--strict`).
public struct Response: Sendable, Hashable, CustomStringConvertible {
  /// The answer: status, reason, 410's timestamp.
  public var apns: APNsAnswer
  /// The HTTP status.
  public var status: Int {
    get { apns.status }
    set { apns.status = newValue }
  }
  /// The reason of the JSON body; nil for 200.
  public var reason: String? {
    get { apns.reason }
    set { apns.reason = newValue }
  }
  /// Milliseconds since 1970; only for 410.
  public var timestamp: Int64? {
    get { apns.timestamp }
    set { apns.timestamp = newValue }
  }
  /// Headers the answer carries beyond `apns-id` (a created channel's `apns-channel-id`).
  public var headers: [RequestHeader] = []
  /// The body of a successful answer (a channel's settings, the list of channels); nil: none.
  public var content: [UInt8]? = nil
  /// The name of the id header: `apns-id` for pushes, `apns-request-id` for channel management.
  public var idHeader = "apns-id"
  /// Under `--strict`, the id of the rule that refused the push (`value-type`), sent as the body's
  /// `"rule"` beside an APNs reason; nil otherwise.
  public var rule: String?

  /// A response with APNs' answer; `rule` only for a `--strict` refusal.
  public init(_ apns: APNsAnswer, rule: String? = nil) {
    self.apns = apns
    self.rule = rule
  }

  /// Makes a response; `timestamp` only for 410, `rule` only for a `--strict` refusal.
  public init(status: Int, reason: String?, timestamp: Int64? = nil, rule: String? = nil) {
    self.init(APNsAnswer(status: status, reason: reason, timestamp: timestamp), rule: rule)
  }

  /// 200, no body.
  public static let accepted = Response(.accepted)

  /// The response body: `content` (nil) for a success, else `{"reason":"…"}` (with `"timestamp"`
  /// for 410).
  public var body: [UInt8]? {
    guard status >= 300 else { return content }
    var w = JSONWriter()
    w.beginObject()
      w.member("reason", reason ?? "")
      if let timestamp { w.member("timestamp", timestamp) }
      if let rule { w.member("rule", rule) }
    w.endObject()
    return w.bytes
  }

  public var description: String { apns.description }
}

/// One request and its answer, as the log and the inbox keep it.
public struct PushRecord: Sendable {
  /// Increasing from 1 in the order requests were answered.
  public var sequence: UInt64
  /// Milliseconds since 1970 when the answer was made.
  public var time: Int64
  /// The connection's number (from 1, in the order connections were accepted) and the stream id.
  public var connection: UInt64
  public var stream: Int
  public var method: String
  public var path: String
  /// The device token of `/3/device/<token>`; nil for a broadcast or another path.
  public var deviceToken: String?
  public var topic: String?
  /// The request's headers, with the provider token's signature replaced by `…`.
  public var headers: [RequestHeader]
  /// The body as received (at most the size limit plus one byte), decoded as UTF-8 with
  /// replacement characters.
  public var body: String
  /// True when the body was longer than what was kept.
  public var bodyTruncated: Bool
  public var answer: Response
  public var apnsID: String
  public var uniqueID: String?
  public var findings: [Finding]
  /// The alert's own text (title, subtitle, body as sent, loc keys shown as keys).
  public var alert: RenderedAlert?
  /// With `--strings`: the alert as each `--lang` device shows it.
  public var rendered: [RenderedForDevice]
  /// With `--activity`: why a push APNs accepted is dropped on the device (`dropped on the device:
  /// 'stops' is the string '2'; …`); nil when it is not.
  public var dropped: String? = nil
  /// `:path` and `authorization` when the client sent them with incremental HPACK indexing,
  /// which Apple asks providers not to do ("Sending notification requests to APNs": literals
  /// without indexing, so that device and provider tokens do not fill APNs' table).
  public var hpackIndexed: [String] = []
  /// The push type the push was checked as (its header, its topic's suffix, or inferred); nil for
  /// a channel management request. The inbox says when it shows nothing on the device.
  public var pushType: PushType? = nil

  /// "dropped on the device: …" with the report's finding that drops the push
  /// (`PayloadReport.droppedOnTheDevice`), if any.
  static func droppedOnDevice(_ report: PayloadReport) -> String? {
    guard let f = report.droppedOnTheDevice else { return nil }
    return "dropped on the device: \(f.message) (\(f.keyPath ?? "aps") [\(f.rule.rawValue)])"
  }
}

/// The alert one device shows.
public struct RenderedForDevice: Sendable, Hashable {
  /// The device's preference list, as given (`fr-CA,en`).
  public var languages: String
  /// The localization it picked (`fr`); nil when none.
  public var localization: String?
  public var alert: RenderedAlert
}

extension PushRecord {
  /// The NDJSON record (SPEC §10): one line, no trailing newline.
  func json(into w: inout JSONWriter) {
    w.beginObject()
      w.member("seq", Int64(sequence))
      w.member("time", time)
      w.member("connection", Int64(connection))
      w.member("stream", Int64(stream))
      w.member("method", method)
      w.member("path", path)
      if let deviceToken { w.member("token", deviceToken) }
      if let topic { w.member("topic", topic) }
      w.memberKey("headers")
      w.beginObject()
        for h in headers { w.field(h.name, h.value) }
      w.endObject()
      w.member("body", body)
      if bodyTruncated { w.member("bodyTruncated", true) }
      w.member("status", Int64(answer.status))
      if let reason = answer.reason { w.member("reason", reason) }
      if let ts = answer.timestamp { w.member("timestamp", ts) }
      if let dropped { w.member("dropped", dropped) }
      if !hpackIndexed.isEmpty {
        w.memberKey("hpackIndexed")
        w.beginArray()
          for name in hpackIndexed { w.stringElement(name) }
        w.endArray()
      }
      if let rule = answer.rule { w.member("rule", rule) }
      w.member("apnsId", apnsID)
      if let uniqueID { w.member("apnsUniqueId", uniqueID) }
      w.memberKey("findings")
      w.beginArray()
        for f in findings {
          w.element()
          w.beginObject()
            w.member("rule", f.rule.rawValue)
            w.member("severity", f.severity.rawValue)
            w.member("message", f.message)
            if f.line > 0 {
              w.member("line", Int64(f.line))
              w.member("column", Int64(f.column))
            }
            if let keyPath = f.keyPath { w.member("keyPath", keyPath) }
            if let a = f.apnsAnswer {
              w.member("apnsStatus", Int64(a.status))
              if let r = a.reason { w.member("apnsReason", r) }
            }
          w.endObject()
        }
      w.endArray()
      if let alert {
        w.memberKey("alert")
        Self.write(alert, into: &w)
      }
      if !rendered.isEmpty {
        w.memberKey("rendered")
        w.beginArray()
          for r in rendered {
            w.element()
            w.beginObject()
              w.member("lang", r.languages)
              if let l = r.localization { w.member("localization", l) } else { w.memberKey("localization"); w.raw("null") }
              w.memberKey("alert")
              Self.write(r.alert, into: &w)
            w.endObject()
          }
        w.endArray()
      }
    w.endObject()
  }

  static func write(_ alert: RenderedAlert, into w: inout JSONWriter) {
    w.beginObject()
      if let t = alert.title { w.member("title", t) }
      if let s = alert.subtitle { w.member("subtitle", s) }
      if let b = alert.body { w.member("body", b) }
      if let a = alert.action { w.member("action", a) }
    w.endObject()
  }

  /// The record as one JSON text.
  public var jsonText: String {
    var w = JSONWriter()
    json(into: &w)
    return String(decoding: w.bytes, as: UTF8.self)
  }
}

/// Writes JSON into bytes, without Foundation: the hot path logs every push.
struct JSONWriter {
  var bytes: [UInt8] = []
  private var needsComma = false

  init() {}

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func beginObject() {
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  mutating func beginArray() {
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// A string as an array element.
  mutating func stringElement(_ value: String) {
    element()
    string(value)
    needsComma = true
  }

  /// Starts an array element (a comma when one precedes it).
  mutating func element() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    needsComma = false
  }

  mutating func key(_ name: String) {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    string(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// A member whose name is a constant of ours (no escaping needed): `"name":`.
  mutating func memberKey(_ name: StaticString) {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  mutating func member(_ name: StaticString, _ value: String) {
    memberKey(name)
    string(value)
    needsComma = true
  }

  mutating func member(_ name: StaticString, _ value: Int64) {
    memberKey(name)
    integer(value)
    needsComma = true
  }

  mutating func member(_ name: StaticString, _ value: Bool) {
    memberKey(name)
    if value { raw("true") } else { raw("false") }
    needsComma = true
  }

  /// A member whose name is only known at run time (a request's header names), escaped as needed;
  /// names of ours go through `member`, which writes them without looking for escapes.
  mutating func field(_ name: String, _ value: String) {
    key(name)
    string(value)
    needsComma = true
  }

  mutating func integer(_ value: Int64) {
    if value == 0 { bytes.append(0x30); return }
    var v = value.magnitude
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var n = 0
    withUnsafeMutableBytes(of: &digits) { d in
      while v > 0 {
        d[n] = UInt8(v % 10) + 0x30
        v /= 10
        n += 1
      }
      for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[i]) }
    }
  }

  /// A JSON string, written by PayloadSchema's one JSON string writer (`JSONText`).
  mutating func string(_ value: String) {
    JSONText.write(value, to: &bytes)
  }
}
