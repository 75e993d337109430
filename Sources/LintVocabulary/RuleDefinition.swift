/// Everything about one rule, written once: what `apns-lint rules`, `rules.yaml`,
/// `docs/rules.md`, the SARIF rule list, the verdict and the tests read. Every typed rule has
/// one (`PayloadRule.definition` here; StringsFile's and APNsLint's rules in their modules), in
/// the file of its family, beside the constructors of the messages it reports
/// (`PayloadMessage` for payload and request rules).
public struct RuleDefinition: Sendable {
  /// The severity when nothing overrides it; nil for a rule that is off unless asked for.
  public let defaultSeverity: Severity?
  /// The group SPEC §3 and §9 put the rule in.
  public let category: RuleCategory
  /// What APNs answers a request that breaks the rule; nil for lint rules.
  public let apnsAnswer: APNsAnswer?
  /// Where in a request APNs looks for it (method, path, authentication, headers, body).
  public let requestPart: RequestPart
  /// One line, lowercase start: what is wrong and why it matters.
  public let summary: String
  /// One sentence: what happens on the device or at APNs when a finding of the rule is real, the
  /// reason for its default severity under SPEC §3's contract (error: APNs refuses the request or
  /// the device visibly fails; warning: the device shows something other than the author most
  /// likely meant, nothing broken; info: no effect on any device). Every finding of the rule has
  /// that severity unless a configuration gives another: a consequence of another severity is a
  /// rule of its own, in the group of the rule it was split from (``group``).
  public let consequence: String
  /// For a rule split from another (issue 53, "one consequence per rule"): the id it was split
  /// from, its group. A configuration, a baseline or a filter naming the group names the rule too;
  /// nil for a rule that is its own.
  public let group: RuleID?
  /// Whether the rule fixes its findings and how, or why it never does (issue 51): every rule
  /// decides. A fixing rule's triggering example has its fixed text (``RuleExamples/fixed``).
  public let fix: RuleFix
  // Made when asked: some examples build long strings, and a definition is read on the hot path
  // (a finding's severity and answer) where nothing may allocate.
  private let makeExamples: @Sendable () -> RuleExamples
  // Made when asked, as the examples are: a card holds arrays.
  private let makeCard: @Sendable () -> RuleCard?

  /// What the user sees when a finding is real, how to fix it, the platforms and OS versions it
  /// applies to and Apple's page for it (issue 53); every rule has one (`RuleCatalogueTests`).
  public var card: RuleCard? { makeCard() }

  /// A payload (`1️⃣` where the finding stands) that triggers the rule and one that does not.
  public var examples: RuleExamples { makeExamples() }

  package init(_ severity: Severity?, _ category: RuleCategory, answer: APNsAnswer? = nil, part: RequestPart = .body,
       group: RuleID? = nil, fix: RuleFix = .undecided, consequence: String, summary: String,
       card: @autoclosure @escaping @Sendable () -> RuleCard? = nil, examples: @escaping @Sendable () -> RuleExamples) {
    self.fix = fix
    self.group = group
    self.makeCard = card
    self.defaultSeverity = severity
    self.category = category
    self.apnsAnswer = answer
    self.requestPart = part
    self.summary = summary
    self.consequence = consequence
    self.makeExamples = examples
  }
}
