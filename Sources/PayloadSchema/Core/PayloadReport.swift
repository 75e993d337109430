extension Finding {
  /// A payload or request finding with its rule's default severity (a warning for a rule that is
  /// off unless configured) and its rule's APNs answer.
  public init(rule: PayloadRule, message: String, offset: Int, line: Int, column: Int, keyPath: String?) {
    let definition = rule.definition
    self.init(rule: RuleID(rule), severity: definition.defaultSeverity ?? .warning, message: message,
              position: SourcePosition(line: line, column: column, offset: offset), keyPath: keyPath,
              apnsAnswer: definition.apnsAnswer)
  }

}

/// What `PayloadValidator` returns for one payload.
///
/// `verdict` is the answer APNs would give (SPEC §9): the first finding that APNs refuses, in the
/// order method, path, authentication, headers, body; 200 when there is none.
public struct PayloadReport: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Every finding, ordered by position.
  public var findings: [Finding]
  /// The size counted against the limit (SPEC §2); for input that is not JSON, the raw byte count.
  public var size: Int
  /// The target's limit for the push type.
  public var limit: Int
  /// The push type checked against: the target's, or the one inferred from the payload.
  public var pushType: PushType
  /// The alert's text fields, when `ValidationOptions.collectAlert` is set and the payload has an alert.
  public var alert: AlertText? {
    get { box?.value }
    set { box = newValue.map(AlertBox.init) }
  }
  // Held by reference: a report is passed around for every push, the alert is large and rare.
  private var box: AlertBox?

  /// Whether `alert` is set, without copying it out of its box.
  var hasAlert: Bool { box != nil }

  public init(findings: [Finding], size: Int, limit: Int, pushType: PushType, alert: AlertText? = nil) {
    self.findings = findings
    self.size = size
    self.limit = limit
    self.pushType = pushType
    self.box = alert.map(AlertBox.init)
  }

  /// A report without an alert (no 448-byte optional made and dropped on the hot path).
  init(findings: [Finding], size: Int, limit: Int, pushType: PushType) {
    self.findings = findings
    self.size = size
    self.limit = limit
    self.pushType = pushType
    self.box = nil
  }

  /// A web push message's report (SPEC §16: `DeclarativePushValidator`'s findings); its push type
  /// is `alert`, and the service answers 201 when it takes it.
  public var isWebPush = false

  /// The answer APNs would give: the answer of ``refusal(counting:)``, `APNsAnswer.accepted` when
  /// there is none (`webPushAccepted` for a web push message).
  public var verdict: APNsAnswer { refusal()?.apnsAnswer ?? (isWebPush ? .webPushAccepted : .accepted) }

  /// The finding that decides APNs' answer (SPEC §9), the one place this is worked out (the
  /// linter and `serve` ask it too): among the findings that carry an answer and that `counting`
  /// keeps (a configuration leaves out the rules it turns off), the first by `RequestPart`
  /// (method, path, authentication, headers, body), then by position; nil when APNs accepts.
  public func refusal(counting counted: (Finding) -> Bool = { _ in true }) -> Finding? {
    var best: Finding? = nil
    for f in findings where f.apnsAnswer != nil && counted(f) {
      if let b = best, (b.payloadRule?.requestPart ?? .body) <= (f.payloadRule?.requestPart ?? .body) { continue }
      best = f
    }
    return best
  }

  /// Errors, warnings and infos among the findings, by their severities (`Finding/severity`).
  public var counts: (errors: Int, warnings: Int, infos: Int) {
    var e = 0, w = 0, i = 0
    for f in findings {
      switch f.severity {
      case .error: e += 1
      case .warning: w += 1
      case .info: i += 1
      }
    }
    return (e, w, i)
  }

  /// `alert push, 312 of 4096 bytes: 1 error, 0 warnings; APNs would answer 200`.
  public var description: String {
    let c = counts
    return "\(pushType.rawValue) push, \(size) of \(limit) bytes: \(c.errors) error\(c.errors == 1 ? "" : "s"), "
      + "\(c.warnings) warning\(c.warnings == 1 ? "" : "s"); APNs would answer \(verdict)"
  }

  private enum CodingKeys: String, CodingKey { case findings, size, limit, pushType, apns }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(findings: try c.decode([Finding].self, forKey: .findings), size: try c.decode(Int.self, forKey: .size),
              limit: try c.decode(Int.self, forKey: .limit), pushType: try c.decode(PushType.self, forKey: .pushType))
  }

  /// Encodes findings, size, limit, push type and the verdict (`apns`); the alert is left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(findings, forKey: .findings)
    try c.encode(size, forKey: .size)
    try c.encode(limit, forKey: .limit)
    try c.encode(pushType, forKey: .pushType)
    try c.encode(verdict, forKey: .apns)
  }

  public static func == (a: PayloadReport, b: PayloadReport) -> Bool {
    a.findings == b.findings && a.size == b.size && a.limit == b.limit && a.pushType == b.pushType && a.alert == b.alert
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(findings)
    hasher.combine(size)
    hasher.combine(limit)
    hasher.combine(pushType)
  }
}

final class AlertBox: Sendable {
  let value: AlertText
  init(_ value: AlertText) { self.value = value }
}

extension PayloadReport {
  /// Adds findings that other checks made about the same input (the Live Activity contract, the
  /// localization checks, a registered device's platform), the one way every command joins them:
  /// an extra finding placed in the input (a byte offset) goes to its place, all findings in input
  /// order (a report's findings at no offset, -1: a request's method, path or header, stay first;
  /// findings at the same offset in the order they were made, the report's first); one the other
  /// check could not place (offset -1: a localization finding is about the tables' text, a
  /// device's platform about the whole push) comes after the input's own, in the order it was
  /// made. `check`, `serve` and `send` give the same findings in the same order because they all
  /// join here.
  public mutating func join(_ extra: [Finding]) {
    guard !extra.isEmpty else { return }
    let placed = extra.filter { $0.offset >= 0 }
    if !placed.isEmpty { findings = Self.joined(findings, placed) }
    findings += extra.filter { $0.offset < 0 }
  }

  /// `first` and `second` merged by offset, stably (see ``join(_:)``).
  static func joined(_ first: [Finding], _ second: [Finding]) -> [Finding] {
    (first + second).enumerated().sorted { a, b in
      a.element.offset != b.element.offset ? a.element.offset < b.element.offset : a.offset < b.offset
    }.map(\.element)
  }

  /// The finding that makes the device drop a push APNs takes, if any (the first): see
  /// `Finding.dropsThePushOnTheDevice`. `serve` logs it; `render` says whether the content decodes.
  public var droppedOnTheDevice: Finding? { findings.first { $0.dropsThePushOnTheDevice } }
}

extension Finding {
  /// Whether the app cannot decode the push's Live Activity content with its own types (an
  /// error of the activity family, SPEC §13.1): ActivityKit throws, and the update is not shown.
  /// A date decoded decades away (`activity-date-epoch`) decodes, and shows the wrong date.
  public var failsTheAppsDecoding: Bool {
    severity == .error && payloadRule?.category == .activity && payloadRule != .activityDateEpoch
  }

  /// Whether the device drops a push APNs takes because of this finding: the app cannot decode
  /// it (``failsTheAppsDecoding``), or the device's platform or OS does not receive the push type
  /// (`push-type-platform`), or ActivityKit ignores an update timestamped too far from the time it
  /// is sent (`timestamp-old`, `timestamp-ahead`). The one decision `serve`'s log, its inbox and
  /// `render` read.
  public var dropsThePushOnTheDevice: Bool {
    failsTheAppsDecoding
      || (severity == .error && (payloadRule == .pushTypePlatform || payloadRule == .timestampOld || payloadRule == .timestampAhead))
  }
}
