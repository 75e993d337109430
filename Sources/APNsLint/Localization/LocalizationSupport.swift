// Small pieces the localization commands share: findings → diagnostics with the configuration's
// severities, diagnostics → JSON.

import PayloadSchema
import StringsFile

/// Severities and JSON for the localization commands (`render`, `strings lint`, `strings dump`).
public enum LocalizationOutput {
  /// The findings as diagnostics: severity from `configuration.level(of:)`, rules that are `off`
  /// dropped, an escalated finding an error. Order is kept.
  public static func diagnostics(_ findings: [RuleFinding], configuration: Configuration) -> [Diagnostic] {
    Linter.diagnostics(findings, configuration: configuration)
  }

  /// A payload finding as a severity-free finding.
  public static func ruleFinding(_ finding: PayloadFinding) -> RuleFinding { Linter.ruleFinding(finding) }

  /// A strings-table finding as a severity-free finding (the key is the key path).
  public static func ruleFinding(_ finding: StringsFinding) -> RuleFinding {
    RuleFinding(rule: RuleID(finding.rule), message: finding.message, position: finding.position, keyPath: finding.key,
                softened: finding.softened)
  }

  /// `{"rule", "severity", "message", "line", "column", "keyPath"}`, as `check --format json` writes it.
  public static func json(_ diagnostic: Diagnostic) -> JSONValue { JSONReporter.value(diagnostic) }

  /// `LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]`, as every text reporter writes a finding (after
  /// the path), the message made visible (`VisibleText`).
  public static func line(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(VisibleText.escape(diagnostic.message)) [\(diagnostic.rule)]"
  }

  /// How many items a message lists before it counts the rest.
  static let listedItems = 5

  /// A value quoted in a message: at most `limit` characters, then `…` (a 100,000-specifier
  /// format quoted whole would make one finding megabytes long).
  static func excerpt(_ text: String, limit: Int = 80) -> String {
    guard text.utf8.count > limit else { return text }
    return String(text.prefix(limit)) + "…"
  }

  /// `'a', 'b' and 'c'`.
  static func quotedList(_ items: [String]) -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " and " + last
  }
}
