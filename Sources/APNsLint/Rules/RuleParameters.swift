import PayloadSchema

/// A rule's settings besides its severity (`rules.<id>.<name>` in a configuration), typed: what
/// the configuration reads, `rules.yaml` and `apns-lint init` write, and the linter uses. A rule
/// that takes parameters declares them, with their built-in values, in its catalogue entry
/// (``Rule/parameters``); nothing switches on a rule's id to find them.
public enum RuleParameters: Sendable, Hashable {
  /// `sensitive-data`: `key-patterns`, regular expressions matched anywhere in custom key names
  /// (the syntax `rules.yaml` describes), and `check-values`, whether custom string values are matched too.
  case sensitiveData(patterns: [String], checkValues: Bool)
  /// `custom-key-allowlist`: `allowed`, the top-level custom keys a payload may carry.
  case allowlist(keys: [String])

  /// The names a configuration gives these parameters, in the order they are written.
  public var names: [String] {
    switch self {
    case .sensitiveData: ["key-patterns", "check-values"]
    case .allowlist: ["allowed"]
    }
  }

  /// The built-in parameters of a payload rule that takes any.
  static func builtIn(_ rule: PayloadRule) -> RuleParameters? {
    switch rule {
    case .sensitiveData: .sensitiveData(patterns: SensitiveKeyMatcher.defaultPatterns, checkValues: false)
    case .customKeyAllowlist: .allowlist(keys: [])
    default: nil
    }
  }

  /// The YAML lines under `  <rule-id>:` after `severity:`, indented four spaces, each trailing
  /// comment starting at column 46 (`rules.yaml`'s column).
  var yamlLines: [String] {
    switch self {
    case .sensitiveData(let patterns, let checkValues):
      return [
        "    # Patterns matched anywhere in custom key names, in time linear in the key: literals, '.', \\d \\w \\s",
        "    # (and \\D \\W \\S), classes [a-z] [^…], groups (…) (?:…), '|', '^', '$', quantifiers ? * + {m} {m,}",
        "    # {m,n} (up to 100), a leading (?i). Backreferences, lookaround and nested unbounded",
        "    # quantifiers such as (a+)+ are refused.",
        patterns.isEmpty ? "    key-patterns: []" : "    key-patterns:",
      ] + patterns.map { "      - " + YAMLText.singleQuoted($0) } + [
        YAMLText.commented("    check-values: \(checkValues)", "true: match string values too"),
      ]
    case .allowlist(let keys):
      let list = "[" + keys.map(YAMLText.singleQuoted).joined(separator: ", ") + "]"
      return [YAMLText.commented("    allowed: \(list)", "the top-level custom keys a payload may carry")]
    }
  }
}

extension Configuration {
  /// The parameters `rule` runs with in this configuration; nil for a rule that takes none.
  public func parameters(of rule: RuleID) -> RuleParameters? {
    switch Rule.named(rule.rawValue)?.parameters {
    case .sensitiveData?: .sensitiveData(patterns: sensitiveKeyPatterns, checkValues: sensitiveCheckValues)
    case .allowlist?: .allowlist(keys: allowedCustomKeys)
    case nil: nil
    }
  }

  /// Sets a rule's parameters.
  public mutating func setParameters(_ parameters: RuleParameters) {
    switch parameters {
    case .sensitiveData(let patterns, let checkValues):
      sensitiveKeyPatterns = patterns
      sensitiveCheckValues = checkValues
    case .allowlist(let keys):
      allowedCustomKeys = keys
    }
  }
}

/// The few YAML spellings the generated configuration files use.
enum YAMLText {
  /// A YAML single-quoted scalar: no escapes but `''`, so regular expressions stay as typed.
  static func singleQuoted(_ text: String) -> String {
    var result = "'"
    for character in text {
      if character == "'" { result += "''" } else { result.append(character) }
    }
    return result + "'"
  }

  /// `line` with `comment` after it, the `#` at column 46 (or three spaces after a longer line).
  static func commented(_ line: String, _ comment: String) -> String {
    line + String(repeating: " ", count: max(3, 45 - line.count)) + "# " + comment
  }
}

extension RuleCategory {
  /// The heading of the category's group in `rules.yaml` and `apns-lint init` (the reference,
  /// `docs/rules.md`, has shorter headings of its own: `RulesReporter.markdown`).
  var title: String {
    switch self {
    case .json: "JSON (any payload)"
    case .payload: "Payload structure"
    case .push: "Push type and headers"
    case .request: "Requests (*.http files and request options: what APNs would answer)"
    case .localization: "Localization (payload against tables; needs --strings)"
    case .strings: "Strings tables"
    case .activity: "Live Activities (content-state against the app's ActivityAttributes; needs --activity)"
    case .web: "Web push (declarative messages to Safari and Home Screen web apps; --platform web or \"web_push\" in the message)"
    }
  }
}
