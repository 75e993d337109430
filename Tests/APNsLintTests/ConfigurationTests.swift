import PayloadSchema
import Foundation
import Testing
@testable import APNsLint

/// The typed configuration: what each setting does, overlays, the built-in rules.yaml and resolve.
@Suite struct ConfigurationTests {
  static func parse(_ yaml: String, base: Configuration = .builtIn) throws(ConfigurationError) -> Configuration {
    try Configuration.parse(yaml: yaml, path: "cfg.yml", base: base)
  }

  @Test func everySettingTakesEffect() throws {
    let yaml = """
      version: 1
      target: {platform: safari, push-type: background, transport: binary-pre-ios8}
      localization:
        development-language: fr
        table: "Push Strings"
        exclude: [x-pseudo, en-XA]
      size: {count: raw, warn-at: 0.75}
      limits: {max-depth: 12}
      rules:
        unknown-key: error
        json-bom: off
        deprecated-key: warning
        sensitive-data:
          severity: info
          key-patterns: ["(?i)pin", '^x-']
          check-values: true
        custom-key-allowlist: {severity: warning, allowed: [msgid, media]}

      """
    let c = try Self.parse(yaml)
    #expect(c.version == 1)
    #expect(c.platform == .safari)
    #expect(c.pushType == .background)
    #expect(c.transport == .binaryPreIOS8)
    #expect(c.developmentLanguage == "fr")
    #expect(c.table == "Push Strings")
    #expect(c.excludedLocalizations == ["x-pseudo", "en-XA"])
    #expect(Configuration.builtIn.excludedLocalizations == [])
    #expect(c.sizeCount == .raw)
    #expect(c.warnAt == 0.75)
    #expect(c.maxDepth == 12)
    #expect(c.level(of: RuleID(PayloadRule.unknownKey)) == .on(.error))
    #expect(c.level(of: RuleID(PayloadRule.jsonBOM)) == .off)
    #expect(c.level(of: RuleID(PayloadRule.deprecatedKey)) == .on(.warning))
    #expect(c.level(of: RuleID(PayloadRule.sensitiveData)) == .on(.info))
    #expect(c.sensitiveKeyPatterns == ["(?i)pin", "^x-"])
    #expect(c.sensitiveCheckValues == true)
    #expect(c.level(of: RuleID(PayloadRule.customKeyAllowlist)) == .on(.warning))
    #expect(c.allowedCustomKeys == ["msgid", "media"])
    // Rules the file does not name keep the built-in level.
    #expect(c.level(of: RuleID(PayloadRule.valueType)) == .on(.error))
    #expect(c.levels.count == Rule.catalogue.count)
  }

  @Test func aFileOverridesOnlyWhatItNames() throws {
    let base = try Self.parse("""
      version: 1
      target: {platform: macos}
      rules:
        sensitive-data: {severity: error, key-patterns: ["a"], check-values: true}
        custom-key-allowlist: {severity: warning, allowed: [msgid]}

      """)
    let c = try Self.parse("""
      version: 1
      target: {transport: binary}
      rules:
        sensitive-data: info
        custom-key-allowlist: {severity: error}

      """, base: base)
    #expect(c.platform == .macos)
    #expect(c.transport == .binary)
    #expect(c.pushType == nil)
    // A bare severity keeps the rule's parameters.
    #expect(c.level(of: RuleID(PayloadRule.sensitiveData)) == .on(.info))
    #expect(c.sensitiveKeyPatterns == ["a"])
    #expect(c.sensitiveCheckValues == true)
    // A map overrides only the parameters it names.
    #expect(c.level(of: RuleID(PayloadRule.customKeyAllowlist)) == .on(.error))
    #expect(c.allowedCustomKeys == ["msgid"])
    let d = try Self.parse("version: 1\nrules:\n  sensitive-data: {check-values: false}\n", base: base)
    #expect(d.level(of: RuleID(PayloadRule.sensitiveData)) == .on(.error))
    #expect(d.sensitiveKeyPatterns == ["a"])
    #expect(d.sensitiveCheckValues == false)
  }

  @Test func versionAloneIsTheBuiltIn() throws {
    #expect(try Self.parse("version: 1\n") == Configuration.builtIn)
  }

  /// SPEC §7: `version` may be left out; it means 1 (SwiftLint and swift-format need none).
  @Test func versionMayBeLeftOut() throws {
    let c = try Self.parse("rules: {unknown-key: error}\n")
    #expect(c.level(of: RuleID(PayloadRule.unknownKey)) == .on(.error))
    #expect(c.version == 1)
  }

  @Test func offIsASeverityAndUnknownRulesAreOff() throws {
    let c = try Self.parse("version: 1\nrules: {unknown-key: off, payload-near-limit: 'info'}\n")
    #expect(c.level(of: RuleID(PayloadRule.unknownKey)) == .off)
    #expect(c.level(of: RuleID(PayloadRule.payloadNearLimit)) == .on(.info))
  }

  @Test func broadcastIsATransport() throws {
    let c = try Self.parse("target: {transport: broadcast}\n", base: .builtIn)
    #expect(c.transport == .broadcast)
    let linter = Linter(configuration: c)
    #expect(linter.target.transport == .broadcast)
  }

  // MARK: The built-in rules.yaml

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func embeddedTextIsRulesYAMLByteForByte() throws {
    let file = try Data(contentsOf: Self.packageRoot.appendingPathComponent("rules.yaml"))
    #expect(Array(file) == Array(Configuration.builtInYAML.utf8), "run scripts/generate-rules")
  }

  @Test func builtInParsesAndMatchesTheCatalogue() throws {
    let parsed = try Configuration.parse(yaml: Configuration.builtInYAML, path: "rules.yaml", base: .catalogueDefaults)
    #expect(parsed == Configuration.builtIn)
    #expect(parsed == Configuration.catalogueDefaults)
    for rule in Rule.catalogue {
      #expect(parsed.level(of: rule.id) == rule.defaultLevel, "\(rule.id)")
    }
  }

  @Test func defaultLevelsAreTheCataloguesInItsOrder() {
    // `catalogueDefaults` reads them instead of building the catalogue (start-up cost).
    #expect(Rule.defaultLevels.map(\.0) == Rule.catalogue.map(\.id))
    #expect(Rule.defaultLevels.map(\.1) == Rule.catalogue.map(\.defaultLevel))
    #expect(Configuration.builtIn == Configuration.catalogueDefaults)
  }

  @Test func rulesYAMLListsEveryRuleInOrderWithItsSummaryConsequenceAndRemedy() throws {
    let lines = Configuration.builtInYAML.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var cursor = 0
    for rule in Rule.catalogue {
      let entry = lines[cursor...].firstIndex { $0 == "  \(rule.id): \(rule.defaultLevel.name)" || $0 == "  \(rule.id):" }
      let index = try #require(entry, "\(rule.id) missing or out of catalogue order")
      #expect(lines[index - 3] == "  # \(rule.summary)", "\(rule.id) summary comment")
      #expect(lines[index - 2] == "  # why \(rule.defaultLevel.name): \(rule.consequence)", "\(rule.id) consequence comment")
      #expect(lines[index - 1] == "  # to fix: \(rule.card?.remedy ?? "")", "\(rule.id) remedy comment")
      if lines[index].hasSuffix(":") {
        #expect(lines[index + 1] == "    severity: \(rule.defaultLevel.name)", "\(rule.id) severity")
      }
      cursor = index + 1
    }
  }

  // MARK: Files

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func resolvePrefersConfigOverLocalFileOverBuiltIn() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(try Configuration.resolve(explicitPath: nil, workingDirectory: dir.path) == .builtIn)

    try "version: 1\ntarget: {platform: macos}\n".write(to: dir.appendingPathComponent(".apns-lint.yml"), atomically: true, encoding: .utf8)
    try "version: 1\ntarget: {platform: tvos}\n".write(to: dir.appendingPathComponent("other.yml"), atomically: true, encoding: .utf8)
    #expect(try Configuration.resolve(explicitPath: nil, workingDirectory: dir.path).platform == .macos)
    #expect(try Configuration.resolve(explicitPath: "other.yml", workingDirectory: dir.path).platform == .tvos)
    let absolute = dir.appendingPathComponent("other.yml").path
    #expect(try Configuration.resolve(explicitPath: absolute, workingDirectory: "/").platform == .tvos)
    #expect(try Configuration.load(path: absolute).platform == .tvos)

    #expect(throws: ConfigurationError(path: "missing.yml", line: 1, column: 1, message: "cannot read the configuration: no such file")) {
      try Configuration.resolve(explicitPath: "missing.yml", workingDirectory: dir.path)
    }
  }

  @Test func aBadLocalFileIsAnErrorNotAFallback() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try "version: 1\nrules:\n  unknown-key: yes\n".write(to: dir.appendingPathComponent(".apns-lint.yml"), atomically: true, encoding: .utf8)
    #expect(throws: ConfigurationError(path: ".apns-lint.yml", line: 3, column: 16,
                                       message: "'yes' is not a severity for 'rules.unknown-key'; expected 'error', 'warning', 'info' or 'off'")) {
      try Configuration.resolve(explicitPath: nil, workingDirectory: dir.path)
    }
  }

  @Test func nonUTF8IsReportedAtTheByte() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("bad.yml")
    try Data(Array("version: 1\nlocalization: {table: café".utf8) + [0xFF] + Array("}\n".utf8)).write(to: file)
    #expect(throws: ConfigurationError(path: file.path, line: 2, column: 27,
                                       message: "the configuration is not UTF-8: byte 0xFF cannot be read")) {
      try Configuration.load(path: file.path)
    }
  }

  @Test func aDirectoryIsNotAConfiguration() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(throws: ConfigurationError(path: dir.path, line: 1, column: 1, message: "cannot read the configuration: it is a directory")) {
      try Configuration.load(path: dir.path)
    }
  }
}
