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
  /// except for an ``unreached`` finding). A consequence of another severity is another rule
  /// (issue 53, "one consequence per rule"): no finding is raised or lowered by itself.
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
  /// True when nothing the finding is about reaches a device: a table key that no source file
  /// names (`strings lint --sources`), a table no target ships. Information, whatever the rule's
  /// severity: the one exception to "a finding has its rule's severity" (SPEC §3), since it is
  /// about the finding's context, not the rule's consequence.
  public var unreached: Bool = false
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
              apnsAnswer: APNsAnswer? = nil) {
    self.rule = rule
    self.ruleSeverity = severity
    self.message = message
    self.position = position
    self.keyPath = keyPath
    self.apnsAnswer = apnsAnswer
    self.header = nil
  }

  /// A finding at a line and column (offset unknown).
  public init(rule: RuleID, severity: Severity, message: String, line: Int, column: Int, keyPath: String?,
              apnsAnswer: APNsAnswer? = nil) {
    self.init(rule: rule, severity: severity, message: message, position: SourcePosition(line: line, column: column),
              keyPath: keyPath, apnsAnswer: apnsAnswer)
  }

  /// The payload rule, when the finding is about one (`rule.payloadRule`).
  public var payloadRule: PayloadRule? { rule.payloadRule }

  /// The severity reported: its rule's (``ruleSeverity``), information for an unreached finding.
  public var severity: Severity { unreached ? .info : ruleSeverity }

  /// `1:17: error: 'alert' must be a string or an object, not a number [value-type]`, the message made
  /// visible (`VisibleText`): how every text reporter writes a finding after its path.
  public var description: String {
    "\(line):\(column): \(severity.rawValue): \(VisibleText.escape(message)) [\(rule.rawValue)]"
  }

  private enum CodingKeys: String, CodingKey {
    case rule, severity, ruleSeverity, message, line, column, offset, keyPath, unreached, apnsStatus, apnsReason, header, keys
    // Written before issue 53 split the rules of several consequences; read to keep the severity
    // such a finding was reported with.
    case escalated, softened, noEffect
  }

  /// Decodes what ``encode(to:)`` writes. A rule id the catalogue does not know decodes too
  /// (APNsLint's `Rule.named(_:)` says whether it is one); without a severity, a warning: the
  /// vocabulary holds no rule's definition (a `Linter` gives each finding its configured severity).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    rule = try c.decode(RuleID.self, forKey: .rule)
    let reported = try c.decodeIfPresent(Severity.self, forKey: .severity)
    // A finding written raised or lowered by itself (before issue 53) keeps the severity it was
    // reported with, now its rule's.
    let adjusted = try [CodingKeys.escalated, .softened, .noEffect].contains { try c.decodeIfPresent(Bool.self, forKey: $0) == true }
    let written = try c.decodeIfPresent(Severity.self, forKey: .ruleSeverity)
    ruleSeverity = (adjusted ? reported : nil) ?? written ?? reported ?? .warning
    message = try c.decode(String.self, forKey: .message)
    position = SourcePosition(line: try c.decode(Int.self, forKey: .line), column: try c.decode(Int.self, forKey: .column),
                              offset: try c.decodeIfPresent(Int.self, forKey: .offset) ?? -1)
    keyPath = try c.decodeIfPresent(String.self, forKey: .keyPath)
    unreached = try c.decodeIfPresent(Bool.self, forKey: .unreached) ?? false
    header = try c.decodeIfPresent(Int.self, forKey: .header)
    keys = try c.decodeIfPresent([String].self, forKey: .keys)
    if let status = try c.decodeIfPresent(Int.self, forKey: .apnsStatus) {
      apnsAnswer = APNsAnswer(status: status, reason: try c.decodeIfPresent(String.self, forKey: .apnsReason))
    } else {
      apnsAnswer = nil
    }
  }

  /// Encodes the severity reported (`severity`), and `ruleSeverity` too when an unreached
  /// finding's differs, so that decoding gives back the same finding.
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
    if unreached { try c.encode(true, forKey: .unreached) }
    try c.encodeIfPresent(apnsAnswer?.status, forKey: .apnsStatus)
    try c.encodeIfPresent(apnsAnswer?.reason, forKey: .apnsReason)
    try c.encodeIfPresent(header, forKey: .header)
    try c.encodeIfPresent(keys, forKey: .keys)
  }
}
