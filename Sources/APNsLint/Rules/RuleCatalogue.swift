import PayloadSchema
import StringsFile

/// One rule of the catalogue, read from the rule's definition (written once, in the file of its
/// family). `apns-lint rules`, the configuration, the reporters and the tests read from this table.
public struct Rule: Sendable, Hashable {
  /// Stable kebab-case id (`value-type`), typed: made only from the detecting module's rule enum.
  public let id: RuleID
  /// The severity a rule has when no configuration names it (`off` for opt-in rules).
  public let defaultLevel: RuleLevel
  /// The group SPEC §3 and §9 put the rule in.
  public let category: RuleCategory
  /// One line, lowercase start.
  public let summary: String
  /// One sentence: what happens on the device or at APNs when a finding is real, which is why the
  /// rule has its default severity (SPEC §3, "Severity is the consequence").
  public let consequence: String
  /// Input that triggers the rule. For payload rules a payload; for request rules a request file;
  /// for strings rules the text of a `.strings` file, or tables each after a line `--- fr.lproj`
  /// (`--- en.lproj/Localizable.stringsdict` names the file); for localization rules a payload,
  /// then tables.
  ///
  /// A byte that text cannot show (a byte order mark, invalid UTF-8) is written `\xNN` (a backslash,
  /// `x`, two hex digits); every other character stands for its UTF-8 bytes.
  public let triggeringExample: String
  /// The triggering input with `1️⃣` where the rule's first finding stands (in the payload, or
  /// in the table of the section the marker is in).
  public let markedTriggeringExample: String
  /// Input close to the triggering one that does not trigger it (same notation).
  public let passingExample: String
  /// What APNs answers a request that breaks the rule (SPEC §9); nil for lint-only rules.
  public private(set) var apnsAnswer: APNsAnswer? = nil
  /// Where the triggering example's finding stands (the marker of the example's definition); nil
  /// for localization and strings rules, whose marker stands in one section of the example (the
  /// payload or a table), not at a place of the whole text.
  public private(set) var expectedPosition: SourcePosition? = nil
  /// The settings the rule takes besides its severity, at their built-in values; nil for most.
  public private(set) var parameters: RuleParameters? = nil
  /// The `apns-lint check` flags the triggering example needs (`--push-type background`); empty for most.
  public let triggeringFlags: String
  /// The `apns-lint check` flags the passing example needs; empty for most.
  public let passingFlags: String
  /// A configuration file (`--config`) both examples need, as YAML, for rules that are off by
  /// default or need a parameter; empty for most.
  public let exampleConfiguration: String
  /// Whether the rule fixes its findings and how, or why not (its definition's `fix`).
  public let fix: RuleFix
  /// What the user sees, how to fix it, the platforms and Apple's source (its definition's card);
  /// nil only for a rule written without one, which `RuleCatalogueTests` fails on.
  public let card: RuleCard?
  /// For a rule split from another (issue 53, "one consequence per rule"): the id of the rule it
  /// was split from, its group, which still names it in configurations, baselines and filters.
  public let group: RuleID?
  /// For a rule that fixes: the example its fix is shown on (the triggering example unless the
  /// definition gives another) and that example once fixed; nil for a rule that never fixes.
  public let fixExample: FixExample?

  /// A rule, read from its definition (in the file of its family: PayloadSchema's `Rules/`,
  /// StringsFile's `StringsRules.swift`, APNsLint's `LocalizationRules.swift` and
  /// `TableRules.swift`): default severity, category, APNs answer, consequence, summary and examples; and the
  /// settings it takes besides its severity, if any.
  init(_ id: RuleID, _ definition: RuleDefinition, parameters: RuleParameters? = nil) {
    let e = definition.examples
    self.id = id
    self.defaultLevel = RuleLevel(default: definition.defaultSeverity)
    self.category = definition.category
    self.summary = definition.summary
    self.consequence = definition.consequence
    self.markedTriggeringExample = e.marked
    self.triggeringExample = e.triggering
    self.passingExample = e.passing
    self.triggeringFlags = e.triggeringFlags
    self.passingFlags = e.passingFlags
    self.exampleConfiguration = e.configuration
    self.fix = definition.fix
    self.group = definition.group
    self.card = definition.card
    self.fixExample = e.fixed.map { FixExample(input: e.fixInput ?? e.triggering, fixed: $0) }
    self.apnsAnswer = definition.apnsAnswer
    self.parameters = parameters
    if definition.category != .localization && definition.category != .strings {
      self.expectedPosition = e.expectedPosition.map { SourcePosition(line: $0.line, column: $0.column) }
    }
  }
}

/// A fixing rule's example: its input and the input once fixed (`\xNN` for a byte text cannot show).
public struct FixExample: Sendable, Hashable {
  /// The input, without a marker.
  public let input: String
  /// The input after `--fix`.
  public let fixed: String
}

extension Rule {
  /// Looks a rule up by id.
  public static func named(_ id: String) -> Rule? { catalogueIndex[id].map { catalogue[$0] } }

  /// The level a rule runs at when no configuration names it: the catalogue's default level, off
  /// for an id the catalogue does not know. What `Configuration.level(of:)` falls back to.
  public static func defaultLevel(of id: RuleID) -> RuleLevel {
    catalogueIndex[id.rawValue].map { catalogue[$0].defaultLevel } ?? .off
  }

  /// The severity a rule's findings have before a configuration gives its own: the rule's default
  /// level, a warning for a rule that is off unless configured.
  public static func defaultSeverity(of id: RuleID) -> Severity {
    if case .on(let severity) = defaultLevel(of: id) { return severity }
    return .warning
  }

  /// The whole catalogue, in SPEC §3 order, each rule read from its definition: one family after
  /// another, each in its enum's order: PayloadSchema's rules as `PayloadRule` lists them, then the
  /// localization rules, then SPEC §3's "Strings tables": StringsFile's rules about one table, then
  /// the rules that compare tables. Nothing is placed by hand: a rule added at the end of its enum
  /// comes last in its family, and its spec row goes after the family's last row
  /// (`RuleCatalogueTests.theCatalogueFollowsTheSpecsOrder` says where when it does not).
  public static let catalogue: [Rule] = PayloadRule.allCases.map { Rule(RuleID($0), $0.definition, parameters: .builtIn($0)) }
    + LocalizationRule.allCases.map { Rule(RuleID($0), $0.definition) }
    + StringsRule.allCases.map { Rule(RuleID($0), $0.definition) }
    + TableRule.allCases.map { Rule(RuleID($0), $0.definition) }

  /// Every rule's id and default level, in catalogue order: what ``catalogue`` says (`init` reads
  /// the same definitions), without building it. `Configuration.catalogueDefaults` reads this: the
  /// catalogue's examples cost every run some 10 M instructions at start-up that a lint never reads.
  static var defaultLevels: [(RuleID, RuleLevel)] {
    PayloadRule.allCases.map { (RuleID($0), RuleLevel(default: $0.definition.defaultSeverity)) }
      + LocalizationRule.allCases.map { (RuleID($0), RuleLevel(default: $0.definition.defaultSeverity)) }
      + StringsRule.allCases.map { (RuleID($0), RuleLevel(default: $0.definition.defaultSeverity)) }
      + TableRule.allCases.map { (RuleID($0), RuleLevel(default: $0.definition.defaultSeverity)) }
  }

  /// The rules split from this one (its parts, whose ``group`` it is), in catalogue order; empty
  /// for a rule that has none.
  public var parts: [Rule] { (Self.partsIndex[id.rawValue] ?? []).map { Self.catalogue[$0] } }

  /// The rule and every part of its group (`value-type` and the rules split from it); the rule
  /// alone when it has none. What a configuration, a baseline entry or a filter naming `id` names.
  public static func family(of id: RuleID) -> [RuleID] {
    [id] + (partsIndex[id.rawValue] ?? []).map { catalogue[$0].id }
  }

  /// Whether a finding of `rule` is named by `id`: the rule itself, or its group.
  public static func named(_ id: String, covers rule: RuleID) -> Bool {
    rule.rawValue == id || catalogueIndex[rule.rawValue].map { catalogue[$0].group?.rawValue == id } == true
  }

  /// Ids no rule may take again: rules retired since 1.0 (ids are stable; a retired id keeps its
  /// meaning in old configurations and baselines). None yet: every id split into parts (issue 53)
  /// still names its group. `OneConsequenceTests.noRuleTakesAReservedID` keeps them unused.
  public static let reservedIDs: Set<String> = []

  private static let partsIndex: [String: [Int]] = {
    var index: [String: [Int]] = [:]
    for (i, rule) in catalogue.enumerated() {
      if let group = rule.group { index[group.rawValue, default: []].append(i) }
    }
    return index
  }()

  private static let catalogueIndex: [String: Int] = {
    var index: [String: Int] = [:]
    for (i, rule) in catalogue.enumerated() { index[rule.id.rawValue] = i }
    return index
  }()
}

extension RuleLevel {
  /// The level of a definition's default severity: off for a rule that is off unless configured.
  init(default severity: Severity?) { self = severity.map(RuleLevel.on) ?? .off }
}

extension RuleID {
  /// Every typed rule, in no particular order (the catalogue orders them).
  public static var all: [RuleID] {
    PayloadRule.allCases.map(RuleID.init) + StringsRule.allCases.map(RuleID.init)
      + LocalizationRule.allCases.map(RuleID.init) + TableRule.allCases.map(RuleID.init)
  }
}
