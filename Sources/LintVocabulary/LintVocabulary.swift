// LintVocabulary (module) is the words every module of apns-lint speaks, and nothing else: what a check
// saw (``Finding``), where (``SourcePosition``, ``LineIndex``), how serious (``Severity``), under
// which rule (``RuleID`` and the typed ids ``PayloadRule``, ``StringsRule``, ``LocalizationRule``,
// ``TableRule``, generated from the rules' definitions), what a rule is (``RuleDefinition``,
// ``RuleExamples``), what APNs answers (``APNsAnswer``; every reason, its status and Apple's words in
// one catalogue, ``APNsReason`` and ``APNsCatalogue``), a problem of the run rather than of its
// input (``ToolProblem``), and the two text writers every reporter shares (``VisibleText``,
// `JSONText`).
//
// ```swift
// import LintVocabulary
//
// func show(_ findings: [Finding], path: String) {          // from any checker of the package
//   for f in findings.sorted(by: { $0.position < $1.position }) where f.severity >= .warning {
//     print(path + ":" + f.description)   // app.apns:4:14: warning: 'badge' must be … [value-type]
//   }
// }
// ```
//
// It depends on the standard library only, like PayloadSchema (which re-exports it, so provider
// code imports one module) and LocFormat. A module that only needs these words (StringsFile,
// NotificationCard) depends on this module, not on a checker.
//
// The rule ids are generated: `scripts/generate-rules` reads each family's definitions
// (PayloadSchema's `Rules/*Rules.swift`, StringsFile's `StringsRules.swift`, APNsLint's
// `LocalizationRules.swift` and `TableRules.swift`) and writes `RuleIDs+Generated.swift` here and
// each family's `definition` switch beside its definitions.

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
  /// Every key a finding about several keys of one table stands for (one localization's missing
  /// translations of a table, its values in a script its language does not write), in the
  /// table's order; its message names the first few. Nil for a finding about one key
  /// (``keyPath``) or none. JSON output lists them (`keys`), so that the findings are the same in
  /// every format and no key is lost.
  public var keys: [String]? = nil

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
    case rule, severity, ruleSeverity, message, line, column, offset, keyPath, escalated, softened, unreached, noEffect, apnsStatus, apnsReason, header, keys
  }

  /// Decodes what ``encode(to:)`` writes. A rule id the catalogue does not know decodes too
  /// (APNsLint's `Rule.named(_:)` says whether it is one); without a severity, a warning: the
  /// vocabulary holds no rule's definition (a `Linter` gives each finding its configured severity).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    rule = try c.decode(RuleID.self, forKey: .rule)
    let reported = try c.decodeIfPresent(Severity.self, forKey: .severity)
    ruleSeverity = try c.decodeIfPresent(Severity.self, forKey: .ruleSeverity)
      ?? reported ?? .warning
    message = try c.decode(String.self, forKey: .message)
    position = SourcePosition(line: try c.decode(Int.self, forKey: .line), column: try c.decode(Int.self, forKey: .column),
                              offset: try c.decodeIfPresent(Int.self, forKey: .offset) ?? -1)
    keyPath = try c.decodeIfPresent(String.self, forKey: .keyPath)
    escalated = try c.decodeIfPresent(Bool.self, forKey: .escalated) ?? false
    softened = try c.decodeIfPresent(Bool.self, forKey: .softened) ?? false
    unreached = try c.decodeIfPresent(Bool.self, forKey: .unreached) ?? false
    noEffect = try c.decodeIfPresent(Bool.self, forKey: .noEffect) ?? false
    header = try c.decodeIfPresent(Int.self, forKey: .header)
    keys = try c.decodeIfPresent([String].self, forKey: .keys)
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
    try c.encodeIfPresent(keys, forKey: .keys)
  }
}
