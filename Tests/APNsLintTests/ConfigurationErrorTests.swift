import Testing
@testable import APNsLint

/// Every kind of configuration error, with its exact position and message.
@Suite struct ConfigurationErrorTests {
  /// Parses `yaml` over the built-in configuration and returns the error it must raise.
  static func failure(_ yaml: String) -> ConfigurationError? {
    do {
      _ = try Configuration.parse(yaml: yaml, path: "cfg.yml", base: .builtIn)
      return nil
    } catch {
      return error
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var yaml: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "unknown top-level key", yaml: "version: 1\ncolour: red\n", line: 2, column: 1,
         message: "unknown key 'colour'; expected 'version', 'target', 'localization', 'size', 'limits', 'build' or 'rules'"),
    Case(name: "unknown key in build", yaml: "version: 1\nbuild: {fail_on: warning}\n", line: 2, column: 9,
         message: "unknown key 'fail_on' in 'build'; expected 'fail-on'"),
    Case(name: "build.fail-on that fails nothing", yaml: "version: 1\nbuild: {fail-on: info}\n", line: 2, column: 18,
         message: "'info' is not a valid value for 'build.fail-on'; expected 'error' or 'warning'"),
    Case(name: "unknown nested key", yaml: "version: 1\ntarget:\n  platfrom: ios\n", line: 3, column: 3,
         message: "unknown key 'platfrom' in 'target'; expected 'platform', 'push-type' or 'transport'"),
    Case(name: "unknown rule id, close to one", yaml: "version: 1\nrules:\n  unknown-keys: error\n", line: 3, column: 3,
         message: "unknown rule 'unknown-keys'; did you mean 'unknown-key'?"),
    Case(name: "unknown rule id", yaml: "version: 1\nrules:\n  frobnicate: error\n", line: 3, column: 3,
         message: "unknown rule 'frobnicate'; 'apns-lint rules' lists every rule"),
    Case(name: "unknown parameter of a rule without parameters",
         yaml: "version: 1\nrules:\n  unknown-key: {severity: error, allowed: []}\n", line: 3, column: 34,
         message: "unknown parameter 'allowed' of rule 'unknown-key'; it takes only 'severity'"),
    Case(name: "unknown parameter of a rule with parameters",
         yaml: "version: 1\nrules:\n  sensitive-data: {severity: error, patterns: []}\n", line: 3, column: 37,
         message: "unknown parameter 'patterns' of rule 'sensitive-data'; expected 'severity', 'key-patterns' or 'check-values'"),
    Case(name: "wrong type: list for a mapping", yaml: "version: 1\ntarget: [ios]\n", line: 2, column: 9,
         message: "expected a mapping for 'target', found a list"),
    Case(name: "wrong type: scalar for a list", yaml: "version: 1\nrules:\n  custom-key-allowlist: {allowed: msgid}\n",
         line: 3, column: 35, message: "expected a list of strings for 'rules.custom-key-allowlist.allowed', found 'msgid'"),
    Case(name: "wrong type: mapping in a list of strings",
         yaml: "version: 1\nrules:\n  custom-key-allowlist:\n    allowed:\n      - msgid\n      - {a: b}\n", line: 6, column: 9,
         message: "expected a string for 'rules.custom-key-allowlist.allowed[1]', found a mapping"),
    Case(name: "wrong type: quoted version", yaml: "version: \"1\"\n", line: 1, column: 10,
         message: "expected an integer for 'version', found the string '1'"),
    Case(name: "wrong type: missing value", yaml: "version: 1\nlocalization:\n  table:\n", line: 3, column: 9,
         message: "expected a string for 'localization.table', found nothing"),
    Case(name: "wrong type: list for a rule", yaml: "version: 1\nrules:\n  unknown-key: [error]\n", line: 3, column: 16,
         message: "expected a severity or a mapping for 'rules.unknown-key', found a list"),
    Case(name: "bad severity", yaml: "version: 1\nrules:\n  unknown-key: high\n", line: 3, column: 16,
         message: "'high' is not a severity for 'rules.unknown-key'; expected 'error', 'warning', 'info' or 'off'"),
    Case(name: "yes as a severity", yaml: "version: 1\nrules:\n  unknown-key: yes\n", line: 3, column: 16,
         message: "'yes' is not a severity for 'rules.unknown-key'; expected 'error', 'warning', 'info' or 'off'"),
    Case(name: "yes as a boolean", yaml: "version: 1\nrules:\n  sensitive-data:\n    check-values: yes\n", line: 4, column: 19,
         message: "'yes' is not a boolean for 'rules.sensitive-data.check-values'; write 'true' or 'false'"),
    Case(name: "off as a boolean", yaml: "version: 1\nrules:\n  sensitive-data: {check-values: off}\n", line: 3, column: 34,
         message: "'off' is not a boolean for 'rules.sensitive-data.check-values'; write 'true' or 'false'"),
    Case(name: "quoted true as a boolean", yaml: "version: 1\nrules:\n  sensitive-data: {check-values: \"true\"}\n",
         line: 3, column: 34, message: "expected 'true' or 'false' for 'rules.sensitive-data.check-values', found the string 'true'"),
    Case(name: "bad platform", yaml: "version: 1\ntarget: {platform: android}\n", line: 2, column: 20,
         message: "'android' is not a valid value for 'target.platform'; expected 'ios', 'macos', 'tvos', 'watchos', 'visionos' or 'safari'"),
    Case(name: "anchor", yaml: "version: 1\ntarget: &t {platform: ios}\n", line: 2, column: 9,
         message: "anchors are not allowed ('&t')"),
    Case(name: "alias", yaml: "version: 1\nlimits: {max-depth: 64}\nsize: *x\n", line: 3, column: 7,
         message: "aliases are not allowed ('*x')"),
    Case(name: "tag", yaml: "version: !!int 1\n", line: 1, column: 10,
         message: "tags are not allowed ('tag:yaml.org,2002:int')"),
    Case(name: "duplicate key", yaml: "version: 1\ntarget:\n  platform: ios\n  platform: macos\n", line: 4, column: 3,
         message: "duplicate key 'platform' (first at line 3, column 3)"),
    Case(name: "duplicate rule", yaml: "version: 1\nrules:\n  unknown-key: off\n  unknown-key: error\n", line: 4, column: 3,
         message: "duplicate key 'unknown-key' (first at line 3, column 3)"),
    Case(name: "non-string key", yaml: "version: 1\n? [a]\n: b\n", line: 2, column: 3,
         message: "keys must be plain strings, found a list"),
    Case(name: "too deep", yaml: "version: 1\nx: " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n",
         line: 2, column: 35, message: "nesting deeper than 32 levels"),
    Case(name: "libyaml syntax error", yaml: "version: 1\n  bad: indent\n", line: 2, column: 6,
         message: "mapping values are not allowed in this context"),
    Case(name: "libyaml syntax error with context", yaml: "version: 1\ntarget: {platform: ios\n", line: 3, column: 1,
         message: "did not find expected ',' or '}' (while parsing a flow mapping at line 2, column 9)"),
    Case(name: "more than one document", yaml: "version: 1\n---\nversion: 1\n", line: 2, column: 1,
         message: "more than one YAML document; a configuration is one document"),
    Case(name: "warn-at above 1", yaml: "version: 1\nsize: {warn-at: 1.5}\n", line: 2, column: 17,
         message: "'size.warn-at' must be a number greater than 0 and at most 1, found '1.5'"),
    Case(name: "warn-at 0", yaml: "version: 1\nsize: {warn-at: 0}\n", line: 2, column: 17,
         message: "'size.warn-at' must be a number greater than 0 and at most 1, found '0'"),
    Case(name: "warn-at not a number", yaml: "version: 1\nsize: {warn-at: high}\n", line: 2, column: 17,
         message: "expected a number for 'size.warn-at', found 'high'"),
    Case(name: "max-depth out of range", yaml: "version: 1\nlimits: {max-depth: 0}\n", line: 2, column: 21,
         message: "'limits.max-depth' must be an integer from 1 to 1000, found '0'"),
    Case(name: "version 2", yaml: "version: 2\n", line: 1, column: 10,
         message: "unsupported configuration version '2'; this apns-lint reads version 1"),
    Case(name: "empty file", yaml: "", line: 1, column: 1,
         message: "the configuration is empty; it needs at least 'version: 1'"),
    Case(name: "only a comment", yaml: "# nothing here\n", line: 1, column: 1,
         message: "the configuration is empty; it needs at least 'version: 1'"),
    Case(name: "top level not a mapping", yaml: "- version: 1\n", line: 1, column: 1,
         message: "expected a mapping at the top level, found a list"),
  ]

  @Test(arguments: cases)
  func reportsPosition(_ c: Case) {
    let expected = ConfigurationError(path: "cfg.yml", line: c.line, column: c.column, message: c.message)
    #expect(Self.failure(c.yaml) == expected)
  }

  @Test func descriptionIsFileLineColumn() {
    let error = ConfigurationError(path: "a/.apns-lint.yml", line: 3, column: 16, message: "'high' is not a severity")
    #expect(error.description == "a/.apns-lint.yml:3:16: error: 'high' is not a severity")
  }

  @Test func badRegexIsReportedAtItsItem() throws {
    let yaml = "version: 1\nrules:\n  sensitive-data:\n    key-patterns: [\"(?i)secret\", \"pass(\"]\n"
    let error = try #require(Self.failure(yaml))
    #expect(error.line == 4)
    #expect(error.column == 34)
    #expect(error.message == "unsupported pattern 'pass(' in 'rules.sensitive-data.key-patterns[1]' at character 6: a '(' without its ')' "
      + "(patterns: literals, '.', classes, groups, '|', '^', '$', '?', '*', '+', '{m,n}', a leading '(?i)')")
  }

  /// Patterns that take exponential time in backtracking engines, or need features a linear
  /// matcher cannot give, are refused at their item with the reason.
  @Test(arguments: [
    ("(a+)+$", 1, "nested unbounded quantifiers"),
    ("x(a|b*)*", 2, "nested unbounded quantifiers"),
    ("(\\w+\\s?)*$", 1, "nested unbounded quantifiers"),
    ("(pass)\\1", 7, "backreferences are not supported"),
    ("pass(?=word)", 5, "lookaround are not supported"),
    ("(?<name>x)", 1, "named groups are not supported"),
    ("\\bpin", 1, "'\\b' is not supported"),
    ("a++", 3, "possessive quantifiers are not supported"),
    ("a{5,2}", 2, "a count above 100, or a range whose end is below its start"),
  ])
  func catastrophicOrUnsupportedPatterns(_ pattern: String, _ character: Int, _ reason: String) throws {
    let yaml = "version: 1\nrules:\n  sensitive-data:\n    key-patterns: ['\(pattern)']\n"
    let error = try #require(Self.failure(yaml))
    #expect(error.line == 4)
    #expect(error.column == 20)
    #expect(error.message.hasPrefix("unsupported pattern '\(pattern)' in 'rules.sensitive-data.key-patterns[0]' at character \(character): \(reason)"),
            "\(error.message)")
  }

  @Test func aliasBombStopsAtTheFirstAnchor() throws {
    var yaml = "version: 1\na: &a [x, x]\n"
    for i in 1...20 { yaml += "a\(i): &a\(i) [*a\(i == 1 ? "" : String(i - 1)), *a\(i == 1 ? "" : String(i - 1))]\n" }
    let error = try #require(Self.failure(yaml))
    #expect(error == ConfigurationError(path: "cfg.yml", line: 2, column: 4, message: "anchors are not allowed ('&a')"))
  }

  @Test func deepNestingDoesNotRecurse() throws {
    // Far beyond any recursion limit: reading stops at level 33.
    let yaml = "version: 1\nx: " + String(repeating: "[", count: 200_000) + "\n"
    let error = try #require(Self.failure(yaml))
    #expect(error.message == "nesting deeper than 32 levels")
  }
}
