/// What a finding says, with the typed rule it reports: ``PayloadMessage`` for payload and
/// request rules, StringsFile's `StringsMessage` for a table's rules, APNsLint's
/// `LocalizationMessage` and `TableMessage` for rules checked against and across tables.
///
/// Each is made only by its rule's named constructors, written in the file of the rule's family
/// beside the rule's definition (`Rules/*Rules.swift` here; StringsFile's `StringsRules.swift`;
/// APNsLint's `LocalizationRules.swift`, `TableRules.swift`): the site passes what it found, the
/// constructor writes the text, and a message cannot be reported under another rule. The text is
/// built only when a finding is made.
package protocol RuleMessage: Sendable {
  /// The id of the rule the finding reports.
  var ruleID: RuleID { get }
  /// That rule's definition: the finding takes its default severity.
  var definition: RuleDefinition { get }
  /// The finding's message: lowercase start, no final period.
  var text: String { get }
}

extension Finding {
  /// A finding of `message`'s rule, with the rule's default severity (a warning for a rule that is
  /// off unless configured): 1-based line and column in Unicode scalars (1:1 for a finding about a
  /// whole table or alert), the byte offset unknown (tables are decoded before they are read);
  /// `keyPath` is the key the finding is about (a table's key, a payload's `aps.alert.loc-key`).
  package init(_ message: some RuleMessage, line: Int, column: Int, keyPath: String? = nil) {
    self.init(rule: message.ruleID, severity: message.definition.defaultSeverity ?? .warning, message: message.text,
              line: line, column: column, keyPath: keyPath)
  }
}
