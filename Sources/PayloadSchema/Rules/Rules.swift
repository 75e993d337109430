extension PayloadRule {
  /// The severity a finding of this rule has when nothing overrides it; nil for a rule that is
  /// off unless asked for (`custom-key-allowlist`).
  public var defaultSeverity: Severity? { definition.defaultSeverity }
  /// The group SPEC §3 and §9 put the rule in.
  public var category: RuleCategory { definition.category }
  /// What APNs answers a request that breaks this rule (SPEC §9); nil for lint rules, which never
  /// change the predicted answer. A finding may still carry none (`APNsAnswer` on the finding):
  /// `priority-mismatch` for a background push at priority 10 is an error APNs does not document.
  public var apnsAnswer: APNsAnswer? { definition.apnsAnswer }
  /// Where in a request APNs looks for what this rule checks; the verdict is the first rejecting
  /// finding in this order (SPEC §9).
  public var requestPart: RequestPart { definition.requestPart }
  /// One line, lowercase start.
  public var summary: String { definition.summary }
  /// What happens on the device or at APNs when a finding is real: why the rule has its severity.
  public var consequence: String { definition.consequence }
  /// The examples the catalogue shows and the tests run.
  public var examples: RuleExamples { definition.examples }
}
