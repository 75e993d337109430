import PayloadSchema

import StringsFile

/// The rules APNsLint itself detects when it checks a payload's alert against the tables (SPEC §3,
/// "Localization"); the raw value is the catalogue's id.
public enum LocalizationRule: String, Sendable, Hashable, CaseIterable {
  case locKeyMissing = "loc-key-missing"
  case locKeyUntranslated = "loc-key-untranslated"
  case locArgsCount = "loc-args-count"
  case locArgsUnused = "loc-args-unused"
  case locFormatUnsupported = "loc-format-unsupported"
  case locFormatMixed = "loc-format-mixed"
  case locFormatGap = "loc-format-gap"
  case locKeyPlural = "loc-key-plural"
  case locKeyStale = "loc-key-stale"
  case locKeyUnreviewed = "loc-key-unreviewed"
}

/// The rules APNsLint detects when it compares the tables of a project (`strings lint`, SPEC §3
/// "Strings tables"); those about one file alone are StringsFile's `StringsRule`.
public enum TableRule: String, Sendable, Hashable, CaseIterable {
  case missingTranslation = "strings-missing-translation"
  case extraKey = "strings-extra-key"
  case formatMismatch = "strings-format-mismatch"
  case formatGap = "strings-format-gap"
  case accidentalSpecifier = "strings-accidental-specifier"
  case controlCharacter = "strings-control-character"
  case emptyTranslation = "strings-empty-translation"
  case pluralMissing = "strings-plural-missing"
  case pluralUnused = "strings-plural-unused"
  case pluralOther = "strings-plural-other"
  case pluralOneDigit = "strings-plural-one-digit"
  case needsReview = "strings-needs-review"
  case stale = "strings-stale"
  case xmlEscape = "strings-xml-escape"
}

extension RuleID {
  /// The id of a rule checked against the tables.
  public init(_ rule: LocalizationRule) { self.init(id: rule.rawValue) }
  /// The id of a rule that compares tables.
  public init(_ rule: TableRule) { self.init(id: rule.rawValue) }

  /// Every typed rule, in no particular order (the catalogue orders them).
  public static var all: [RuleID] {
    PayloadRule.allCases.map(RuleID.init) + StringsRule.allCases.map(RuleID.init)
      + LocalizationRule.allCases.map(RuleID.init) + TableRule.allCases.map(RuleID.init)
  }
}

extension Finding {
  /// A finding of a rule checked against the tables, with the catalogue's default severity.
  public init(rule: LocalizationRule, message: String, line: Int, column: Int, keyPath: String?) {
    self.init(rule: RuleID(rule), severity: Rule.defaultSeverity(of: RuleID(rule)), message: message, line: line, column: column,
              keyPath: keyPath)
  }

  /// A finding of a rule that compares tables, with the catalogue's default severity.
  public init(rule: TableRule, message: String, line: Int, column: Int, keyPath: String?) {
    self.init(rule: RuleID(rule), severity: Rule.defaultSeverity(of: RuleID(rule)), message: message, line: line, column: column,
              keyPath: keyPath)
  }
}
