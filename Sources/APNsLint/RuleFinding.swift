import PayloadSchema

/// A finding before the configuration gives it a severity: what every checker (payload,
/// localization, strings tables) produces and the `Linter` turns into `Diagnostic`s.
public struct RuleFinding: Sendable, Hashable {
  /// A rule id of `Rule.catalogue`.
  public var rule: String
  /// Lowercase start, values quoted with '…'.
  public var message: String
  /// 1-based line and column (Unicode scalars) in the input the finding is about.
  public var line: Int
  public var column: Int
  /// The payload key path, or the strings key; nil for findings about the whole input.
  public var keyPath: String?
  /// More serious than the rule's default (SPEC: `silent-push-shape` on a background push is an error).
  public var escalated: Bool
  /// Less serious than the rule's default: at most a warning (`flag-value` for `true`).
  public var softened: Bool = false
  /// What APNs answers a request with this finding (SPEC §9); nil for lint rules.
  public var apnsAnswer: APNsAnswer? = nil

  public init(rule: String, message: String, line: Int, column: Int, keyPath: String?, escalated: Bool = false, softened: Bool = false) {
    self.softened = softened
    self.rule = rule
    self.message = message
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.escalated = escalated
  }
}
