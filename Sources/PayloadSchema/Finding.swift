/// The rules `PayloadValidator` can report; raw values are the catalogue's rule ids (SPEC §3).
public enum PayloadRule: String, Sendable, Hashable, CaseIterable {
  // JSON
  case jsonSyntax = "json-syntax"
  case jsonInvalidUTF8 = "json-invalid-utf8"
  case jsonDuplicateKey = "json-duplicate-key"
  case jsonLoneSurrogate = "json-lone-surrogate"
  case jsonBOM = "json-bom"
  case jsonTooDeep = "json-too-deep"
  case jsonEscapedUnicode = "json-escaped-unicode"
  // Payload structure
  case payloadEmpty = "payload-empty"
  case payloadNotObject = "payload-not-object"
  case payloadTooLarge = "payload-too-large"
  case payloadNearLimit = "payload-near-limit"
  case apsMissing = "aps-missing"
  case apsNotObject = "aps-not-object"
  case unknownKey = "unknown-key"
  case valueType = "value-type"
  case valueRange = "value-range"
  case valueEnum = "value-enum"
  case flagValue = "flag-value"
  case backgroundInert = "background-inert"
  case soundShape = "sound-shape"
  case alertEmpty = "alert-empty"
  case alertTextConflict = "alert-text-conflict"
  case locArgsWithoutKey = "loc-args-without-key"
  case deprecatedKey = "deprecated-key"
  case platformKey = "platform-key"
  case sensitiveData = "sensitive-data"
  case customKeyAllowlist = "custom-key-allowlist"
  // Push type and headers
  case silentPushShape = "silent-push-shape"
  case pushTypeMismatch = "push-type-mismatch"
  case priorityMismatch = "priority-mismatch"
  case topicMismatch = "topic-mismatch"
  case collapseIDTooLong = "collapse-id-too-long"
  case liveActivityFields = "live-activity-fields"
  case timestampUnit = "timestamp-unit"
  case safariFields = "safari-fields"
}

/// One thing the validator saw, with its exact place. The validator never decides severity; the
/// linter maps `rule` to a severity through the configuration.
public struct PayloadFinding: Sendable, Hashable {
  public var rule: PayloadRule
  /// Lowercase start, values quoted with '…'.
  public var message: String
  /// Byte offset in the input (after nothing is skipped: a BOM counts).
  public var offset: Int
  /// 1-based line.
  public var line: Int
  /// 1-based column, counting Unicode scalars (each byte of an ill-formed sequence counts as one).
  public var column: Int
  /// The key path (`aps.alert.loc-args[1]`); nil for findings about the whole payload.
  public var keyPath: String?
  /// True when the finding is more serious than the rule's default, e.g. `silent-push-shape` for an
  /// explicit `background` push, which SPEC makes an error.
  public var escalated: Bool
  /// True when the finding is less serious than the rule's default: at most a warning, e.g.
  /// `flag-value` for `mutable-content: true`, which iOS honours (SPEC §3).
  public var softened: Bool = false

  public init(rule: PayloadRule, message: String, offset: Int, line: Int, column: Int, keyPath: String?, escalated: Bool = false) {
    self.rule = rule
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.escalated = escalated
  }
}

/// What `PayloadValidator` returns for one payload.
public struct PayloadReport: Sendable, Hashable {
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

  public init(findings: [PayloadFinding], size: Int, limit: Int, pushType: PushType, alert: AlertText? = nil) {
    self.findings = findings
    self.size = size
    self.limit = limit
    self.pushType = pushType
    self.box = alert.map(AlertBox.init)
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
