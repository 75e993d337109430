/// A rule's id: the stable kebab-case word of the catalogue (`value-type`), made only from the
/// typed rules of the module that detects them (PayloadSchema's `PayloadRule`, StringsFile's
/// `StringsRule`, APNsLint's `LocalizationRule` and `TableRule`): a misspelt id does not compile.
public struct RuleID: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
  /// The kebab-case id (`value-type`).
  public let rawValue: String
  /// The payload rule this id names; nil for the rules of the other modules.
  public let payloadRule: PayloadRule?

  /// The id of a payload or request rule.
  public init(_ rule: PayloadRule) {
    rawValue = rule.rawValue
    payloadRule = rule
  }

  /// The id of another module's typed rule (those modules' `RuleID.init(_:)` call this).
  package init(id: String) {
    rawValue = id
    payloadRule = nil
  }

  public var description: String { rawValue }
  public static func == (a: RuleID, b: RuleID) -> Bool { a.rawValue == b.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
  public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
  /// `finding.rule == .valueType`.
  public static func == (a: RuleID, b: PayloadRule) -> Bool { a.payloadRule == b }
  /// `finding.rule != .valueType`.
  public static func != (a: RuleID, b: PayloadRule) -> Bool { a.payloadRule != b }

  /// Decodes any id (`Rule.named(_:)` in APNsLint says whether the catalogue knows it).
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
    payloadRule = PayloadRule(rawValue: rawValue)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }
}
