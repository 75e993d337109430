import PayloadSchema

// The starter `.apns-lint.yml` that `apns-lint init` writes (SPEC §8): every setting and every rule of
// `Rule.catalogue`, commented out at its built-in value, so that a user uncomments what to change.

/// The text of a commented `.apns-lint.yml`, generated from `Rule.catalogue` and a configuration's
/// values (the built-in ones by default).
///
/// Only `version: 1` is live; every other setting is a line `# key: value`. Removing the leading
/// `# ` of a setting and of its section line (`rules:`, `target:`, …) makes it live, keeping the
/// indentation YAML needs; descriptions stay comments after that (`#   # …` becomes `  # …`).
///
/// ```swift
/// try ConfigurationTemplate.text().write(toFile: ".apns-lint.yml", atomically: true, encoding: .utf8)
/// ```
public enum ConfigurationTemplate {
  /// The file's text, ending in a newline. `base` gives the values shown (the built-in ones).
  public static func text(base: Configuration = .builtIn) -> String {
    var lines: [String] = [
      "# apns-lint configuration for this project, written by `apns-lint init`.",
      "#",
      "# Every setting below is commented out at its built-in value: this file changes nothing yet.",
      "# To change a setting, uncomment its line and its section's line (`rules:`, `target:`, …):",
      "# remove only the leading \"# \", keeping the indentation. A rule takes a severity (error,",
      "# warning, info or off) or a map of `severity` and its parameters.",
      "# `apns-lint rules` lists every rule; `apns-lint rules RULE-ID` shows one with examples.",
      "# apns-lint reads this file from the current directory, or the one given with --config FILE.",
      "version: 1",
      "",
      "# target:",
      "#   platform: \(base.platform.rawValue)\(pad("platform: \(base.platform.rawValue)"))# \(ConfigurationSchema.platforms.map(\.rawValue).joined(separator: " | "))",
      "#   push-type: \(base.pushType?.rawValue ?? "alert")\(pad("push-type: \(base.pushType?.rawValue ?? "alert")"))# left out: inferred from each payload",
      "#   transport: \(base.transport.rawValue)\(pad("transport: \(base.transport.rawValue)"))# \(ConfigurationSchema.transports.map(\.rawValue).joined(separator: " | "))",
      "# localization:",
      "#   development-language: \(plain(base.developmentLanguage))\(pad("development-language: \(plain(base.developmentLanguage))"))# the language every other one is compared with",
      "#   table: \(plain(base.table))\(pad("table: \(plain(base.table))"))# the table name without its extension",
      "# size:",
      "#   count: \(base.sizeCount.rawValue)\(pad("count: \(base.sizeCount.rawValue)"))# compact: as sent, whitespace removed; raw: the bytes as they are",
      "#   warn-at: \(base.warnAt)\(pad("warn-at: \(base.warnAt)"))# payload-near-limit from this fraction of the limit",
      "# limits:",
      "#   max-depth: \(base.maxDepth)\(pad("max-depth: \(base.maxDepth)"))# deepest JSON nesting read (1...1000)",
      "#   max-input-bytes: \(base.maxInputBytes)\(pad("max-input-bytes: \(base.maxInputBytes)"))# most bytes read from a payload file or standard input",
      "# build:",
      "#   fail-on: \(base.buildFailOn.rawValue)\(pad("fail-on: \(base.buildFailOn.rawValue)"))# error | warning: what fails a build that lints with the build-tool plugin",
      "",
      "# rules:",
    ]
    // The rules exactly as `rules.yaml` lists them, commented out: `#` before each line.
    lines += ruleLines(base: base).map { $0.isEmpty ? "#" : "# " + $0 }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The text of `rules.yaml`, the built-in configuration (SPEC §7), generated from
  /// `Rule.catalogue` and the catalogue's defaults: every setting, then
  /// every rule in catalogue order under its category's heading, with its summary and its
  /// consequence (why its default severity) as comments,
  /// its default severity and its parameters. `apns-lint rules --format yaml` prints it,
  /// `Configuration.builtIn` is what it parses to (a test checks it), and the repository's `rules.yaml` is this text
  /// (a test compares them).
  public static func rulesYAML() -> String {
    let base = Configuration.catalogueDefaults
    var lines: [String] = [
      "# apns-lint's built-in configuration (SPEC §7): every rule with its default severity and",
      "# parameters, generated from the rule definitions (`apns-lint rules --format yaml` prints it;",
      "# scripts/generate-rules writes this file). A project's .apns-lint.yml, or --config FILE,",
      "# overrides only what it names: a rule given a bare severity keeps its parameters, a map",
      "# overrides only the parameters it names.",
      "version: 1",
      YAMLText.commented("target: {platform: \(base.platform.rawValue), transport: \(base.transport.rawValue)}",
                         "push-type omitted: inferred from each payload"),
      YAMLText.commented("localization: {development-language: \(plain(base.developmentLanguage)), table: \(plain(base.table)), "
                         + "exclude: [\(base.excludedLocalizations.map(plain).joined(separator: ", "))]}",
                         "exclude: localizations no device picks (qqq always)"),
      YAMLText.commented("size: {count: \(base.sizeCount.rawValue), warn-at: \(base.warnAt)}",
                         "compact: as sent, whitespace removed; raw: the bytes as they are"),
      "limits:",
      YAMLText.commented("  max-depth: \(base.maxDepth)", "deepest JSON nesting read (1...1000)"),
      YAMLText.commented("  max-input-bytes: \(base.maxInputBytes)", "most bytes read from a payload file or stdin (not --ndjson)"),
      YAMLText.commented("build: {fail-on: \(base.buildFailOn.rawValue)}", "what fails a build through the build-tool plugin: error | warning"),
      YAMLText.commented("rules:", "a severity: error | warning | info | off"),
    ]
    lines += ruleLines(base: base)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The entries under `rules:`: a blank line and a heading before each category, then per rule
  /// its summary, its consequence and its card's remedy as comments and its severity, or a map of
  /// `severity` and its parameters.
  static func ruleLines(base: Configuration) -> [String] {
    var lines: [String] = []
    var category: RuleCategory? = nil
    for rule in Rule.catalogue {
      if rule.category != category {
        category = rule.category
        lines.append("")
        lines.append("  # — \(rule.category.title) —")
      }
      lines.append("  # \(rule.summary)")
      lines.append("  # why \(rule.defaultLevel.name): \(rule.consequence)")
      // The card's remedy (issue 53): what to do about a finding, beside the severity one may change.
      if let card = rule.card { lines.append("  # to fix: \(card.remedy)") }
      let level = base.level(of: rule.id).name
      if let parameters = base.parameters(of: rule.id) {
        lines.append("  \(rule.id):")
        lines.append("    severity: \(level)")
        lines += parameters.yamlLines
      } else {
        lines.append("  \(rule.id): \(level)")
      }
    }
    return lines
  }

  /// Spaces that line the trailing comments up in one column (the settings above `rules:`).
  private static func pad(_ setting: String) -> String {
    String(repeating: " ", count: max(1, 28 - setting.count))
  }

  /// A name as a plain YAML scalar when it is one (letters, digits, `-`, `_`, `.`, not a boolean
  /// look-alike), else single-quoted.
  static func plain(_ text: String) -> String {
    let simple = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
    }
    return simple && !ConfigurationSchema.booleanLookalikes.contains(text.lowercased()) && text.first != "-" ? text : quoted(text)
  }

  /// A YAML single-quoted scalar: no escapes but `''`, so regular expressions stay as typed.
  static func quoted(_ text: String) -> String { YAMLText.singleQuoted(text) }
}
