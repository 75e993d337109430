/// What a payload or request finding says, made only by its rule's own constructors.
///
/// Each rule family's file (`JSONRules.swift`, `PayloadRules.swift`, `PushRules.swift`,
/// `RequestRules.swift`, `ActivityRules.swift`) defines, beside the rule's definition, the
/// messages that rule reports, as typed constructors (swift-format's `Finding.Message` style):
///
/// ```swift
/// extension PayloadMessage {
///   static func valueType(key: String, expected: String, found: String) -> Self {
///     Self(.valueType, "'\(key)' must be \(expected), not \(found)")
///   }
/// }
/// ```
///
/// The checker then calls `report(.valueType(key: …, expected: …, found: …), at: …)`: a message
/// cannot be reported under another rule, and a rule's wording is read in one place. The text is
/// built only when a finding is made, never for a valid payload.
/// `HouseRulesTests` pins that `PayloadMessage(` is written only in the family files.
package struct PayloadMessage: RuleMessage {
  /// The rule the finding reports.
  package let rule: PayloadRule
  /// The finding's message: lowercase start, no final period.
  package let text: String

  /// Only the family files call this, from a rule's named constructors.
  init(_ rule: PayloadRule, _ text: String) {
    self.rule = rule
    self.text = text
  }

  package var ruleID: RuleID { RuleID(rule) }
  package var definition: RuleDefinition { rule.definition }
}

// Summaries that stand for findings of any rule, capped so that hostile input costs a counter,
// not a message each (`ValidationOptions.maxFindings`, `.maxRepeatsPerObject`).
extension PayloadMessage {
  /// The payload's cap was reached: `count` more findings of `rule` (the first dropped one's)
  /// and of others from there on.
  static func moreFindingsNotShown(_ rule: PayloadRule, count: Int, cap: Int) -> Self {
    Self(rule, "\(count) more findings not shown, from here on (at most \(cap) a payload)")
  }

  /// The summary of a rule that repeats once per key in one object; its count is written in
  /// front when the object ends (`what`: "duplicate keys in this object").
  static func moreRepeatsNotShown(_ rule: PayloadRule, what: String, shown: Int) -> Self {
    Self(rule, " more \(what) not shown, from here on (the first \(shown) are)")
  }

  /// A finding past the payload's cap: only counted, never shown.
  static func counted(_ rule: PayloadRule) -> Self { Self(rule, "") }
}

extension Finding {
  /// A finding of `message`'s rule, with the rule's default severity and APNs answer: how every
  /// module turns a payload or request message into a finding.
  package init(_ message: PayloadMessage, offset: Int, line: Int, column: Int, keyPath: String?) {
    self.init(rule: message.rule, message: message.text, offset: offset, line: line, column: column, keyPath: keyPath)
  }
}
