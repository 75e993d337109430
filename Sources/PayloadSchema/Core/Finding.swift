/// A place in an input: what every finding of every module carries (PayloadSchema's
/// `PayloadFinding`, StringsFile's `StringsFinding`, APNsLint's `RuleFinding` and `Diagnostic`).
public struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
  /// 1-based line; 0 when the finding is about no line (a request's header, a whole file read as
  /// a property list).
  public var line: Int
  /// 1-based column, counting Unicode scalars.
  public var column: Int
  /// Byte offset from the start of the input; -1 when it is not known (a table read as a
  /// property list, a finding about a header).
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

/// One thing the validator saw, with its exact place, its severity and what APNs would answer.
///
/// `description` is the text reporter's line without the path: `3:14: error: 'badge' must be an
/// integer, not a string [value-type]`.
public struct PayloadFinding: Sendable, Hashable, Codable, CustomStringConvertible {
  public var rule: PayloadRule
  /// Lowercase start, values quoted with '…'.
  public var message: String
  /// Where in the payload: line 0 and offset -1 for a finding about a request's method, path or
  /// headers (`keyPath` names the header, or `:method`, `:path`).
  public var position: SourcePosition
  /// Byte offset in the payload (after nothing is skipped: a BOM counts); -1 for a finding about
  /// a request's method, path or headers.
  public var offset: Int {
    get { position.offset }
    set { position.offset = newValue }
  }
  /// 1-based line in the payload; 0 for a finding about a request's method, path or headers.
  public var line: Int {
    get { position.line }
    set { position.line = newValue }
  }
  /// 1-based column, counting Unicode scalars (each byte of an ill-formed sequence counts as one).
  public var column: Int {
    get { position.column }
    set { position.column = newValue }
  }
  /// The key path (`aps.alert.loc-args[1]`), the header's name (`apns-priority`), `:method` or
  /// `:path`; nil for findings about the whole payload.
  public var keyPath: String?
  /// True when the finding is more serious than the rule's default, e.g. `silent-push-shape` for an
  /// explicit `background` push, which SPEC makes an error.
  public var escalated: Bool
  /// True when the finding is less serious than the rule's default: at most a warning, e.g.
  /// `flag-value` for `mutable-content: true`, which iOS honours (SPEC §3).
  public var softened: Bool = false
  /// What APNs answers a request with this finding; nil when it would not refuse it for this
  /// (every lint rule, and some findings of rejecting rules: a background push at priority 10).
  public var apnsAnswer: APNsAnswer?
  /// For a finding about a request header: its index in the request's headers.
  public var header: Int?

  public init(rule: PayloadRule, message: String, offset: Int, line: Int, column: Int, keyPath: String?, escalated: Bool = false) {
    self.rule = rule
    self.message = message
    self.position = SourcePosition(line: line, column: column, offset: offset)
    self.keyPath = keyPath
    self.escalated = escalated
    self.apnsAnswer = rule.apnsAnswer
  }

  /// The severity the rule gives this finding when nothing overrides it: escalated findings are
  /// errors, softened ones at most warnings.
  public var severity: Severity {
    if escalated { return .error }
    let base = rule.defaultSeverity ?? .warning
    return softened && base == .error ? .warning : base
  }

  public var description: String {
    "\(line):\(column): \(severity.rawValue): \(message) [\(rule.rawValue)]"
  }

  private enum CodingKeys: String, CodingKey {
    case rule, severity, message, line, column, offset, keyPath, escalated, softened, apnsStatus, apnsReason, header
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    rule = try c.decode(PayloadRule.self, forKey: .rule)
    message = try c.decode(String.self, forKey: .message)
    position = SourcePosition(line: try c.decode(Int.self, forKey: .line), column: try c.decode(Int.self, forKey: .column),
                              offset: try c.decodeIfPresent(Int.self, forKey: .offset) ?? -1)
    keyPath = try c.decodeIfPresent(String.self, forKey: .keyPath)
    escalated = try c.decodeIfPresent(Bool.self, forKey: .escalated) ?? false
    softened = try c.decodeIfPresent(Bool.self, forKey: .softened) ?? false
    header = try c.decodeIfPresent(Int.self, forKey: .header)
    if let status = try c.decodeIfPresent(Int.self, forKey: .apnsStatus) {
      apnsAnswer = APNsAnswer(status: status, reason: try c.decodeIfPresent(String.self, forKey: .apnsReason))
    } else {
      apnsAnswer = nil
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(rule, forKey: .rule)
    try c.encode(severity, forKey: .severity)
    try c.encode(message, forKey: .message)
    try c.encode(line, forKey: .line)
    try c.encode(column, forKey: .column)
    try c.encode(offset, forKey: .offset)
    try c.encodeIfPresent(keyPath, forKey: .keyPath)
    if escalated { try c.encode(true, forKey: .escalated) }
    if softened { try c.encode(true, forKey: .softened) }
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
  public var findings: [PayloadFinding]
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

  public init(findings: [PayloadFinding], size: Int, limit: Int, pushType: PushType, alert: AlertText? = nil) {
    self.findings = findings
    self.size = size
    self.limit = limit
    self.pushType = pushType
    self.box = alert.map(AlertBox.init)
  }

  /// A report without an alert (no 448-byte optional made and dropped on the hot path).
  init(findings: [PayloadFinding], size: Int, limit: Int, pushType: PushType) {
    self.findings = findings
    self.size = size
    self.limit = limit
    self.pushType = pushType
    self.box = nil
  }

  /// The answer APNs would give: the answer of ``refusal(counting:)``, `APNsAnswer.accepted` when
  /// there is none.
  public var verdict: APNsAnswer { refusal()?.apnsAnswer ?? .accepted }

  /// The finding that decides APNs' answer (SPEC §9), the one place this is worked out (the
  /// linter and `serve` ask it too): among the findings that carry an answer and that `counting`
  /// keeps (a configuration leaves out the rules it turns off), the first by `RequestPart`
  /// (method, path, authentication, headers, body), then by position; nil when APNs accepts.
  public func refusal(counting counted: (PayloadFinding) -> Bool = { _ in true }) -> PayloadFinding? {
    var best: PayloadFinding? = nil
    for f in findings where f.apnsAnswer != nil && counted(f) {
      if let b = best, b.rule.requestPart <= f.rule.requestPart { continue }
      best = f
    }
    return best
  }

  /// Errors, warnings and infos among the findings, by their default severities.
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
    self.init(findings: try c.decode([PayloadFinding].self, forKey: .findings), size: try c.decode(Int.self, forKey: .size),
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
