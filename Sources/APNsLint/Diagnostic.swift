import PayloadSchema

/// A rule's severity as configured: a severity, or `off`.
public enum RuleLevel: Sendable, Hashable {
  case off
  case on(Severity)

  /// Parses `error`, `warning`, `info` or `off`.
  public init?(_ text: String) {
    if text == "off" { self = .off } else if let s = Severity(rawValue: text) { self = .on(s) } else { return nil }
  }

  /// The spelling used in `rules.yaml` and in the `rules` command.
  public var name: String {
    switch self {
    case .off: "off"
    case .on(let s): s.rawValue
    }
  }
}

/// One finding as the user sees it: a rule, the severity the configuration gives it, a message,
/// and a 1-based position (columns count Unicode scalars).
public struct Diagnostic: Sendable, Hashable {
  /// The rule, typed (its id is a stable kebab-case word of the catalogue: `value-type`).
  public var rule: RuleID
  public var severity: Severity
  /// Lowercase start, values quoted with '…'.
  public var message: String
  /// Where: line and column (Unicode scalars) are 1-based; the byte offset is -1 when unknown.
  public var position: SourcePosition
  public var line: Int {
    get { position.line }
    set { position.line = newValue }
  }
  public var column: Int {
    get { position.column }
    set { position.column = newValue }
  }
  /// The key path in the payload (`aps.alert.loc-args[1]`), or the key in a strings table; nil for
  /// findings about the whole input.
  public var keyPath: String?
  /// The reason APNs gives when it refuses a request for this finding (`BadPriority`); nil for
  /// lint rules (SPEC §9).
  public var apnsReason: String? = nil

  /// Creates a diagnostic at `line` and `column` (1-based; columns count Unicode scalars).
  public init(rule: RuleID, severity: Severity, message: String, line: Int, column: Int, keyPath: String?, apnsReason: String? = nil) {
    self.apnsReason = apnsReason
    self.rule = rule
    self.severity = severity
    self.message = message
    self.position = SourcePosition(line: line, column: column)
    self.keyPath = keyPath
  }
}

/// The findings for one input: a payload file, one record of an NDJSON stream, or one strings table.
public struct LintResult: Sendable, Hashable {
  /// The path as the user gave it (or `-` for standard input).
  public var path: String
  /// The 1-based line of the record in `--ndjson` mode, else nil.
  public var record: Int?
  /// The payload's size as counted for the limit (SPEC §2), nil for strings tables.
  public var bytes: Int?
  /// The target's size limit, nil for strings tables.
  public var limit: Int?
  /// The push type checked against (given or inferred), nil for strings tables.
  public var pushType: String?
  /// What APNs would answer (SPEC §9), for payloads and requests; nil for strings tables.
  public var apns: APNsAnswer?
  /// True for a request (a `.http` file, or a payload with request options): text output then
  /// always says what APNs would answer, not only when it would refuse.
  public var isRequest = false
  public var diagnostics: [Diagnostic]

  public init(path: String, record: Int? = nil, bytes: Int? = nil, limit: Int? = nil, pushType: String? = nil,
              apns: APNsAnswer? = nil, diagnostics: [Diagnostic]) {
    self.apns = apns
    self.path = path
    self.record = record
    self.bytes = bytes
    self.limit = limit
    self.pushType = pushType
    self.diagnostics = diagnostics
  }
}

/// Everything one run found, in input order.
public struct LintReport: Sendable, Hashable {
  public var results: [LintResult]
  /// The rules that ran (enabled by the configuration), in catalogue order; SARIF lists them.
  public var rulesRun: [String]

  public init(results: [LintResult], rulesRun: [String]) {
    self.results = results
    self.rulesRun = rulesRun
  }

  public var errors: Int { count(.error) }
  public var warnings: Int { count(.warning) }
  public var infos: Int { count(.info) }

  private func count(_ s: Severity) -> Int {
    results.reduce(0) { $0 + $1.diagnostics.reduce(0) { $0 + ($1.severity == s ? 1 : 0) } }
  }
}
