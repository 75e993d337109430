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
  /// The findings, with the severities the configuration gives them.
  public var findings: [Finding]
  /// The fixes the rules offer for these findings, placed by line and column (SARIF's `fixes`);
  /// filled only when a report carries them (`--format sarif`).
  public var fixes: [PositionedFix] = []

  /// A result; the payload's fields (size, limit, push type, answer) are nil for a strings table.
  public init(path: String, record: Int? = nil, bytes: Int? = nil, limit: Int? = nil, pushType: String? = nil,
              apns: APNsAnswer? = nil, findings: [Finding]) {
    self.apns = apns
    self.path = path
    self.record = record
    self.bytes = bytes
    self.limit = limit
    self.pushType = pushType
    self.findings = findings
  }
}

/// Everything one run found, in input order.
public struct LintReport: Sendable, Hashable {
  /// One result per input (payload, record or table), in input order.
  public var results: [LintResult]
  /// The rules that ran (enabled by the configuration), in catalogue order; SARIF lists them.
  public var rulesRun: [String]

  /// A report of `results`, from the rules in `rulesRun`.
  public init(results: [LintResult], rulesRun: [String]) {
    self.results = results
    self.rulesRun = rulesRun
  }

  /// The findings that are errors, in every result.
  public var errors: Int { count(.error) }
  /// The findings that are warnings.
  public var warnings: Int { count(.warning) }
  /// The findings that are infos.
  public var infos: Int { count(.info) }

  private func count(_ s: Severity) -> Int {
    results.reduce(0) { $0 + $1.findings.reduce(0) { $0 + ($1.severity == s ? 1 : 0) } }
  }
}
