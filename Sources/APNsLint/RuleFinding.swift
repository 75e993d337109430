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

/// A rule id of the catalogue, made only from the typed rules of the module that detects them
/// (`PayloadRule`, `StringsRule`, `LocalizationRule`, `TableRule`): a misspelt id does not compile.
public struct RuleID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The kebab-case id (`value-type`).
  public let rawValue: String
  public init(_ rule: PayloadRule) { rawValue = rule.rawValue }
  public init(_ rule: StringsRule) { rawValue = rule.rawValue }
  public init(_ rule: LocalizationRule) { rawValue = rule.rawValue }
  public init(_ rule: TableRule) { rawValue = rule.rawValue }
  public var description: String { rawValue }
  public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }

  /// Every typed rule, in no particular order (the catalogue orders them).
  public static var all: [RuleID] {
    PayloadRule.allCases.map(RuleID.init) + StringsRule.allCases.map(RuleID.init)
      + LocalizationRule.allCases.map(RuleID.init) + TableRule.allCases.map(RuleID.init)
  }
}

/// A finding before the configuration gives it a severity: what every checker (payload,
/// localization, strings tables) produces and the `Linter` turns into `Diagnostic`s.
public struct RuleFinding: Sendable, Hashable {
  /// The rule, typed.
  public var rule: RuleID
  /// Lowercase start, values quoted with '…'.
  public var message: String
  /// Where in the input the finding is about: 1-based line and column (Unicode scalars), the
  /// byte offset when known.
  public var position: SourcePosition
  public var line: Int {
    get { position.line }
    set { position.line = newValue }
  }
  public var column: Int {
    get { position.column }
    set { position.column = newValue }
  }
  /// The payload key path, or the strings key; nil for findings about the whole input.
  public var keyPath: String?
  /// More serious than the rule's default (SPEC: `silent-push-shape` on a background push is an error).
  public var escalated: Bool
  /// Less serious than the rule's default: at most a warning (`flag-value` for `true`).
  public var softened: Bool = false
  /// What APNs answers a request with this finding (SPEC §9); nil for lint rules.
  public var apnsAnswer: APNsAnswer? = nil

  public init(rule: RuleID, message: String, line: Int, column: Int, keyPath: String?, escalated: Bool = false, softened: Bool = false) {
    self.softened = softened
    self.rule = rule
    self.message = message
    self.position = SourcePosition(line: line, column: column)
    self.keyPath = keyPath
    self.escalated = escalated
  }

  /// A finding at a position (byte offset included).
  public init(rule: RuleID, message: String, position: SourcePosition, keyPath: String?, escalated: Bool = false, softened: Bool = false) {
    self.init(rule: rule, message: message, line: position.line, column: position.column, keyPath: keyPath,
              escalated: escalated, softened: softened)
    self.position = position
  }
}
