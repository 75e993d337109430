import PayloadSchema
import StringsFile

/// `apns-lint rules`: the catalogue as a table or as JSON (SPEC §8).
public enum RulesReporter {
  /// `[{"id", "severity", "category", "group", "parts", "apnsReason", "summary", "consequence",
  /// "symptom", "remedy", "platforms", "sources", "fix", "examples"}]`, every rule of the catalogue
  /// (`group`: the id a rule was split from, null for most; `parts`: the ids split from it).
  public static func json(_ configuration: Configuration) -> String {
    JSONValue.array(Rule.catalogue.map { value($0, configuration) }).text
  }

  /// One rule as `json(_:)` writes it in the list, pretty-printed on its own (`apns-lint mcp`'s
  /// `explain_rule`, SPEC §17).
  public static func json(_ rule: Rule, _ configuration: Configuration) -> String {
    value(rule, configuration).text
  }

  static func value(_ rule: Rule, _ configuration: Configuration) -> JSONValue {
    .object([
      ("id", .string(rule.id.rawValue)),
      ("severity", .string(configuration.level(of: rule.id).name)),
      ("category", .string(rule.category.rawValue)),
      // One consequence per rule (issue 53): the id a part was split from, and a group's parts.
      ("group", .optional(rule.group?.rawValue)),
      ("parts", .array(rule.parts.map { .string($0.id.rawValue) })),
      ("apnsReason", .optional(rule.apnsAnswer?.reason)),
      ("summary", .string(rule.summary)),
      ("consequence", .string(rule.consequence)),
      // The rule's card (issue 53): what the user sees, how to fix it, where it applies, Apple's page.
      ("symptom", .optional(rule.card?.symptom)),
      ("remedy", .optional(rule.card?.remedy)),
      ("platforms", .array((rule.card?.platforms ?? []).map { p in
        .object([("name", .string(p.name.rawValue)), ("minimum", .optional(p.minimum))])
      })),
      ("sources", .array((rule.card?.sources ?? []).map { .object([("title", .string($0.title)), ("url", .string($0.url))]) })),
      ("fix", .object([("fixes", .bool(rule.fix.fixes)), ("explanation", .string(rule.fix.explanation)),
                       ("example", rule.fixExample.map { .object([("input", .string($0.input)), ("fixed", .string($0.fixed))]) } ?? .null)])),
      ("examples", .array(examples(rule).map { e in
        .object([("kind", .string(e.kind)), ("input", .string(e.input)), ("flags", .string(e.flags)),
                 ("configuration", .string(rule.exampleConfiguration))])
      })),
    ])
  }

  /// One rule a line, grouped by category, each followed by a line under its summary saying what
  /// happens when a finding is real (the consequence, why the rule has its default severity).
  public static func text(_ configuration: Configuration) -> String {
    let width = Rule.catalogue.map(\.id.rawValue.count).max() ?? 0
    let under = String(repeating: " ", count: 2 + width + 2 + 7 + 2 + 3 + 2)
    var out = ""
    for category in RuleCategory.allCases {
      out += "\(category.rawValue):\n"
      for rule in Rule.catalogue where rule.category == category {
        let level = configuration.level(of: rule.id).name
        // `fix`: the rule fixes what it is certain of (`--fix`, SPEC §3.4).
        out += "  " + rule.id.rawValue.padding(to: width) + "  " + level.padding(to: 7) + "  " + (rule.fix.fixes ? "fix" : "   ")
          + "  " + rule.summary + "\n"
        out += under + "→ " + rule.consequence + "\n"
      }
    }
    out += "\nfix: the rule fixes what it is certain of (check --fix, strings lint --fix; apns-lint rules RULE says how)\n"
    return out
  }

  /// A rule's examples: the triggering one, then the passing one, with the flags each needs.
  static func examples(_ rule: Rule) -> [(kind: String, input: String, flags: String)] {
    [("triggering", rule.triggeringExample, rule.triggeringFlags), ("passing", rule.passingExample, rule.passingFlags)]
  }

  /// The rule reference (`docs/rules.md`): per category a table of id, default severity, the APNs
  /// answer it predicts and the summary, then every rule with its consequence (why its default
  /// severity) and its examples. Generated from the
  /// catalogue; a test keeps the committed file equal to it.
  public static func markdown(_ configuration: Configuration) -> String {
    var out = "# Rule reference\n\n"
    out += "Generated from the rule catalogue by `apns-lint rules --format markdown`; do not edit by hand.\n"
    out += "Severities are the built-in defaults (`rules.yaml`); a configuration may change any of them.\n"
    out += "Examples are the catalogue's own, run by the test suite: the first triggers the rule, the second does not.\n"
    out += "Payload rules read JSON payloads, request rules request files (`*.http`), localization rules a payload and\n"
    out += "tables (`--- en.lproj` starts a table), strings rules `.strings` text. `\\xNN` stands for a byte text cannot show.\n"
    let titles: [RuleCategory: String] = [
      .json: "JSON", .payload: "Payload structure", .push: "Push type and headers", .request: "Requests (what APNs would answer)",
      .localization: "Localization (payload against tables)", .strings: "Strings tables",
      .activity: "Live Activities (payload against the app's ActivityAttributes; needs `--activity`)",
      .web: "Web push (declarative messages to Safari; `--platform web` or `\"web_push\"` in the message)",
    ]
    func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
    for category in RuleCategory.allCases {
      let rules = Rule.catalogue.filter { $0.category == category }
      guard !rules.isEmpty else { continue }
      out += "\n## \(titles[category] ?? category.rawValue)\n\n| rule | default | APNs answer | fix | finding |\n|---|---|---|---|---|\n"
      for rule in rules {
        let level = configuration.level(of: rule.id).name
        let answer = rule.apnsAnswer.map { "\($0)" } ?? "—"
        out += "| [`\(rule.id)`](#\(rule.id)) | \(level) | \(answer) | \(rule.fix.fixes ? "yes" : "—") | \(cell(rule.summary)) |\n"
      }
      for rule in rules {
        out += "\n### \(rule.id)\n\n\(rule.summary)\n"
        out += "\nWhy \(rule.defaultLevel.name) by default: \(rule.consequence).\n"
        out += groupText(rule).map { "\n" + $0 + "\n" } ?? ""
        if let card = rule.card { out += "\n" + cardMarkdown(card) }
        if !rule.exampleConfiguration.isEmpty {
          out += "\nWith this configuration:\n\n```yaml\n\(rule.exampleConfiguration.trimmingTrailingNewlines())\n```\n"
        }
        for e in examples(rule) {
          out += "\n\(e.kind == "triggering" ? "Triggers it" : "Does not")\(e.flags.isEmpty ? "" : " (`\(e.flags)`)"):\n\n```\n\(e.input)\n```\n"
        }
        out += "\n" + (rule.fix.fixes ? "Fix" : "No fix") + ": \(rule.fix.explanation).\n"
        if let fix = rule.fixExample {
          if fix.input != rule.triggeringExample { out += "\n`--fix` on:\n\n```\n\(fix.input)\n```\n" }
          out += "\nbecomes:\n\n```\n\(fix.fixed)\n```\n"
        }
      }
    }
    return out
  }

  /// A rule's card as Markdown (`docs/rules.md`, SARIF's `help.markdown`): what you see, how to
  /// fix it, where it applies and the sources, one paragraph each.
  public static func cardMarkdown(_ card: RuleCard) -> String {
    func cell(_ s: String) -> String { s.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]") }
    var out = "What you see: \(card.symptom)\n\nHow to fix it: \(card.remedy)\n\nApplies to: \(card.platformsText).\n\n"
    out += "Source" + (card.sources.count == 1 ? "" : "s") + ": "
    out += card.sources.map { $0.url.hasPrefix("https://") ? "[\(cell($0.title))](\($0.url))" : "\($0.title) (\($0.url))" }
      .joined(separator: "; ") + ".\n"
    return out
  }

  /// A rule's card as plain text (`apns-lint rules RULE`, SARIF's `help.text`).
  public static func cardText(_ card: RuleCard) -> String {
    "What you see: \(card.symptom)\nHow to fix it: \(card.remedy)\nApplies to: \(card.platformsText).\n"
      + card.sources.map { "Source: \($0.title), \($0.url)\n" }.joined()
  }

  /// One rule in full: summary, severity, category, the consequence, its card and its two examples.
  public static func describe(_ rule: Rule, _ configuration: Configuration) -> String {
    var out = "\(rule.id) (\(rule.category.rawValue), \(configuration.level(of: rule.id).name); default \(rule.defaultLevel.name))\n"
    out += "  \(rule.summary)\n"
    out += "  Why \(rule.defaultLevel.name) by default: \(rule.consequence)\n"
    out += groupText(rule).map { "  " + $0 + "\n" } ?? ""
    out += "\n"
    if let card = rule.card { out += cardText(card) + "\n" }
    if !rule.exampleConfiguration.isEmpty {
      out += "With this configuration:\n" + indent(rule.exampleConfiguration.trimmingTrailingNewlines()) + "\n"
    }
    out += "Triggers it" + (rule.triggeringFlags.isEmpty ? "" : " (with \(rule.triggeringFlags))") + ":\n"
    out += indent(rule.triggeringExample) + "\n"
    out += "Does not" + (rule.passingFlags.isEmpty ? "" : " (with \(rule.passingFlags))") + ":\n"
    out += indent(rule.passingExample) + "\n"
    out += (rule.fix.fixes ? "Fix" : "No fix") + ": \(rule.fix.explanation)\n"
    if let fix = rule.fixExample {
      if fix.input != rule.triggeringExample { out += "--fix on:\n" + indent(fix.input) + "\n" }
      out += "becomes:\n" + indent(fix.fixed) + "\n"
    }
    return out
  }

  /// The rule's group or parts in one sentence (issue 53, "one consequence per rule"), with the
  /// ids in backquotes; nil for a rule with neither.
  public static func groupText(_ rule: Rule) -> String? {
    if let group = rule.group {
      return "Part of `\(group)`: split from it so that each rule has one consequence; a configuration or baseline naming `\(group)` names this rule too."
    }
    let parts = rule.parts
    guard !parts.isEmpty else { return nil }
    return "Group of its parts " + parts.map { "`\($0.id)` (\($0.defaultLevel.name))" }.joined(separator: ", ")
      + ": a configuration or baseline naming `\(rule.id)` names them too; one naming a part wins for that part."
  }

  private static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
  }
}

extension String {
  func trimmingTrailingNewlines() -> String {
    var s = self
    while s.hasSuffix("\n") { s.removeLast() }
    return s
  }

  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
