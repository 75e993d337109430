// Small pieces the localization commands share: a finding as JSON and as a line of text.

import PayloadSchema
import StringsFile

/// JSON and text lines for the localization commands (`render`, `strings lint`, `strings dump`).
public enum LocalizationOutput {
  /// `{"rule", "severity", "message", "line", "column", "keyPath"}`, as `check --format json` writes it.
  public static func json(_ finding: Finding) -> JSONValue { JSONReporter.value(finding) }

  /// `LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]`, as every text reporter writes a finding (after
  /// the path), the message made visible (`VisibleText`).
  public static func line(_ finding: Finding) -> String { finding.description }

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
