/// A place in an input: what every ``Finding`` carries.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
  /// 1-based line; 0 when the finding is about no line (a request's header), or while a table
  /// reader has placed it only by its byte offset (StringsFile counts the line before handing it out).
  public var line: Int
  /// 1-based column, counting Unicode scalars.
  public var column: Int
  /// Byte offset from the start of the input; -1 when it is not known (a text `.strings` table,
  /// read as decoded text; a table `PropertyListSerialization` read; a finding about a header). In
  /// a binary property list, which has no lines, the offset of the object the finding is about.
  public var offset: Int

  /// Creates a position.
  public init(line: Int, column: Int, offset: Int = -1) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// Line, then column.
  public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
    (a.line, a.column) < (b.line, b.column)
  }

  /// `3:14`.
  public var description: String { "\(line):\(column)" }
}

/// How much a finding matters.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  case error, warning, info

  private var rank: Int {
    switch self {
    case .error: 2
    case .warning: 1
    case .info: 0
    }
  }
  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// An answer of APNs: an HTTP status and, for a refusal, the `reason` and `timestamp` of its
/// JSON body.
public struct APNsAnswer: Sendable, Hashable, Codable, CustomStringConvertible {
  /// 200 for an accepted push.
  public var status: Int
  /// The documented reason (`BadDeviceToken`, `PayloadTooLarge`, …); nil when accepted.
  public var reason: String?
  /// For 410 (`Unregistered`, `ExpiredToken`): when the token stopped being valid, in
  /// milliseconds since 1970; nil for every other answer. `serve` sends it; APNsClient's
  /// `APNsDelivery` keeps a real answer's beside its `answer` (status and reason only), so that
  /// the answer compares with a prediction.
  public var timestamp: Int64?

  /// Makes an answer; `timestamp` only for 410.
  public init(status: Int, reason: String?, timestamp: Int64? = nil) {
    self.status = status
    self.reason = reason
    self.timestamp = timestamp
  }

  /// 200, no reason.
  public static let accepted = APNsAnswer(status: 200, reason: nil)
  /// What Apple's web push service answers a push it takes (SPEC §16): 201 Created.
  public static let webPushAccepted = APNsAnswer(status: 201, reason: nil)

  /// Whether the push is accepted: 200 from APNs, 201 from the web push service (SPEC §16).
  public var isAccepted: Bool { status == 200 || status == 201 }

  /// `200` or `400 BadPriority`.
  public var description: String { reason.map { "\(status) \($0)" } ?? "\(status)" }
}

/// A rule's id: the stable kebab-case word of the catalogue (`value-type`), made only from the
/// typed rules of the module that detects them (PayloadSchema's `PayloadRule`, StringsFile's
/// `StringsRule`, APNsLint's `LocalizationRule` and `TableRule`): a misspelt id does not compile.
public struct RuleID: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
  /// The kebab-case id (`value-type`).
  public let rawValue: String
  /// The payload rule this id names; nil for the rules of the other modules.
  public let payloadRule: PayloadRule?

  /// The id of a payload or request rule.
  public init(_ rule: PayloadRule) {
    rawValue = rule.rawValue
    payloadRule = rule
  }

  /// The id of another module's typed rule (those modules' `RuleID.init(_:)` call this).
  package init(id: String) {
    rawValue = id
    payloadRule = nil
  }

  public var description: String { rawValue }
  public static func == (a: RuleID, b: RuleID) -> Bool { a.rawValue == b.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
  public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
  /// `finding.rule == .valueType`.
  public static func == (a: RuleID, b: PayloadRule) -> Bool { a.payloadRule == b }
  /// `finding.rule != .valueType`.
  public static func != (a: RuleID, b: PayloadRule) -> Bool { a.payloadRule != b }

  /// Decodes any id (`Rule.named(_:)` in APNsLint says whether the catalogue knows it).
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
    payloadRule = PayloadRule(rawValue: rawValue)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }
}

/// One thing a check saw, in every module: the rule, its severity, a message, the exact place,
/// the key path and what APNs would answer.
///
/// The payload validator, the request checks, the Live Activity contract, the strings readers,
/// the localization checks and `strings lint` all make this one type; a configuration
/// (APNsLint's `Linter`) sets ``ruleSeverity`` on the same value. `description` is the text
/// reporters' line without the path: `1:17: error: 'alert' must be a string or an object, not a
/// number [value-type]`.
public struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The rule, typed.
  public var rule: RuleID
  /// The rule's severity: its default until a configuration gives its own (``severity`` is this,
  /// raised or lowered for an escalated or softened finding).
  public var ruleSeverity: Severity
  /// Lowercase start, values quoted with '…'.
  public var message: String
  /// Where in the input: line 0 and offset -1 for a finding about a request's method, path or
  /// headers (`keyPath` names the header, or `:method`, `:path`); 1:1 for findings about a whole
  /// table.
  public var position: SourcePosition
  /// Byte offset in the input (a BOM counts); -1 when not known or about a request header.
  public var offset: Int {
    get { position.offset }
    set { position.offset = newValue }
  }
  /// 1-based line; 0 for a finding about a request's method, path or headers.
  public var line: Int {
    get { position.line }
    set { position.line = newValue }
  }
  /// 1-based column, counting Unicode scalars (each byte of an ill-formed sequence counts as one).
  public var column: Int {
    get { position.column }
    set { position.column = newValue }
  }
  /// The key path in a payload (`aps.alert.loc-args[1]`), the header's name (`apns-priority`),
  /// `:method` or `:path`, or the key in a strings table; nil for findings about the whole input.
  public var keyPath: String?
  /// True when the finding is more serious than its rule: an error whatever the rule's severity,
  /// e.g. `silent-push-shape` for an explicit `background` push, which SPEC makes an error.
  public var escalated: Bool
  /// True when the finding is less serious than its rule: at most a warning, e.g. `flag-value`
  /// for `mutable-content: true`, which iOS honours (SPEC §3), and never a refusal of a table.
  public var softened: Bool
  /// True when nothing the finding is about reaches a device: a table key that no source file
  /// names (`strings lint --sources`). Information, whatever the rule's severity.
  public var unreached: Bool = false
  /// True when what the finding names changes nothing any device shows, though the rule's other
  /// findings do: information, whatever the rule's severity (`mutable-content: true`, which iOS
  /// reads as 1; `url-args`, which only Safari reads, in an app's push; a sound dictionary with
  /// `critical: 0`, which plays as the sound's name would).
  public var noEffect: Bool = false
  /// What APNs answers a request with this finding; nil when it would not refuse it for this
  /// (every lint rule, and some findings of rejecting rules: a background push at priority 10).
  public var apnsAnswer: APNsAnswer?
  /// For a finding about a request header: its index in the request's headers.
  public var header: Int?

  /// A finding of any rule, with the severity it has (`ruleSeverity`).
  public init(rule: RuleID, severity: Severity, message: String, position: SourcePosition, keyPath: String?,
              escalated: Bool = false, softened: Bool = false, apnsAnswer: APNsAnswer? = nil) {
    self.rule = rule
    self.ruleSeverity = severity
    self.message = message
    self.position = position
    self.keyPath = keyPath
    self.escalated = escalated
    self.softened = softened
    self.apnsAnswer = apnsAnswer
    self.header = nil
  }

  /// A finding at a line and column (offset unknown).
  public init(rule: RuleID, severity: Severity, message: String, line: Int, column: Int, keyPath: String?,
              escalated: Bool = false, softened: Bool = false, apnsAnswer: APNsAnswer? = nil) {
    self.init(rule: rule, severity: severity, message: message, position: SourcePosition(line: line, column: column),
              keyPath: keyPath, escalated: escalated, softened: softened, apnsAnswer: apnsAnswer)
  }

  /// A payload or request finding with its rule's default severity (a warning for a rule that is
  /// off unless configured) and its rule's APNs answer.
  public init(rule: PayloadRule, message: String, offset: Int, line: Int, column: Int, keyPath: String?, escalated: Bool = false) {
    let definition = rule.definition
    self.init(rule: RuleID(rule), severity: definition.defaultSeverity ?? .warning, message: message,
              position: SourcePosition(line: line, column: column, offset: offset), keyPath: keyPath,
              escalated: escalated, apnsAnswer: definition.apnsAnswer)
  }

  /// The payload rule, when the finding is about one (`rule.payloadRule`).
  public var payloadRule: PayloadRule? { rule.payloadRule }

  /// The severity reported: an unreached or no-effect finding is information, an escalated one an
  /// error, a softened one at most a warning, any other has its rule's.
  public var severity: Severity {
    if unreached || noEffect { return .info }
    if escalated { return .error }
    return softened && ruleSeverity == .error ? .warning : ruleSeverity
  }

  /// `1:17: error: 'alert' must be a string or an object, not a number [value-type]`, the message made
  /// visible (`VisibleText`): how every text reporter writes a finding after its path.
  public var description: String {
    "\(line):\(column): \(severity.rawValue): \(VisibleText.escape(message)) [\(rule.rawValue)]"
  }

  private enum CodingKeys: String, CodingKey {
    case rule, severity, ruleSeverity, message, line, column, offset, keyPath, escalated, softened, unreached, noEffect, apnsStatus, apnsReason, header
  }

  /// Decodes what ``encode(to:)`` writes. A rule id the catalogue does not know decodes too
  /// (APNsLint's `Rule.named(_:)` says whether it is one); without a severity, the rule's default.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    rule = try c.decode(RuleID.self, forKey: .rule)
    let reported = try c.decodeIfPresent(Severity.self, forKey: .severity)
    ruleSeverity = try c.decodeIfPresent(Severity.self, forKey: .ruleSeverity)
      ?? reported ?? rule.payloadRule?.defaultSeverity ?? .warning
    message = try c.decode(String.self, forKey: .message)
    position = SourcePosition(line: try c.decode(Int.self, forKey: .line), column: try c.decode(Int.self, forKey: .column),
                              offset: try c.decodeIfPresent(Int.self, forKey: .offset) ?? -1)
    keyPath = try c.decodeIfPresent(String.self, forKey: .keyPath)
    escalated = try c.decodeIfPresent(Bool.self, forKey: .escalated) ?? false
    softened = try c.decodeIfPresent(Bool.self, forKey: .softened) ?? false
    unreached = try c.decodeIfPresent(Bool.self, forKey: .unreached) ?? false
    noEffect = try c.decodeIfPresent(Bool.self, forKey: .noEffect) ?? false
    header = try c.decodeIfPresent(Int.self, forKey: .header)
    if let status = try c.decodeIfPresent(Int.self, forKey: .apnsStatus) {
      apnsAnswer = APNsAnswer(status: status, reason: try c.decodeIfPresent(String.self, forKey: .apnsReason))
    } else {
      apnsAnswer = nil
    }
  }

  /// Encodes the severity reported (`severity`), and `ruleSeverity` too when an escalated or
  /// softened finding's differs, so that decoding gives back the same finding.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(rule, forKey: .rule)
    try c.encode(severity, forKey: .severity)
    if ruleSeverity != severity { try c.encode(ruleSeverity, forKey: .ruleSeverity) }
    try c.encode(message, forKey: .message)
    try c.encode(line, forKey: .line)
    try c.encode(column, forKey: .column)
    try c.encode(offset, forKey: .offset)
    try c.encodeIfPresent(keyPath, forKey: .keyPath)
    if escalated { try c.encode(true, forKey: .escalated) }
    if softened { try c.encode(true, forKey: .softened) }
    if unreached { try c.encode(true, forKey: .unreached) }
    if noEffect { try c.encode(true, forKey: .noEffect) }
    try c.encodeIfPresent(apnsAnswer?.status, forKey: .apnsStatus)
    try c.encodeIfPresent(apnsAnswer?.reason, forKey: .apnsReason)
    try c.encodeIfPresent(header, forKey: .header)
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

  /// Errors, warnings and infos among the findings, by their severities (``Finding/severity``).
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

/// The text fields of `aps.alert`, with positions: what a device localizes and shows.
public struct AlertText: Sendable, Hashable {
  /// A string value and where it stands.
  public struct Field: Sendable, Hashable {
    public var value: String
    public var line: Int
    public var column: Int
    public var keyPath: String
    /// Byte offset of the value's opening quote.
    public var offset: Int
    public init(value: String, line: Int, column: Int, keyPath: String, offset: Int) {
      self.value = value
      self.line = line
      self.column = column
      self.keyPath = keyPath
      self.offset = offset
    }
  }

  /// True when `aps.alert` is a plain string (then it is the body).
  public var isPlainString = false
  public var title: Field?
  public var subtitle: Field?
  public var body: Field?
  public var titleLocKey: Field?
  public var titleLocArgs: [Field]?
  public var subtitleLocKey: Field?
  public var subtitleLocArgs: [Field]?
  public var locKey: Field?
  public var locArgs: [Field]?
  public var actionLocKey: Field?
  /// Where `aps.alert` itself stands.
  public var line = 1
  public var column = 1
  /// Byte offset of `aps.alert`'s value.
  public var offset = 0

  public init() {}
}

extension APNsAnswer {
  /// The send decision (SPEC §12, "The gate"), for a request whose predicted answer is `self`:
  /// held back when APNs would refuse it or a finding is an error. `Linter.sendDecision` (`send`,
  /// `send --batch`, `channel`) and APNsClient's gate (`APNsGateDecision`) both ask this.
  public func holdsBack<S: Sequence>(with findings: S) -> Bool where S.Element == Finding {
    !isAccepted || findings.contains { $0.severity == .error }
  }
}
