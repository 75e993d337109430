import PayloadSchema
import Testing

/// A payload that fires rules: the exact findings, as "rule line:column keyPath".
struct RuleCase: Sendable, CustomTestStringConvertible {
  let name: String
  let payload: [UInt8]
  let flags: String
  let expected: [String]
  init(_ name: String, _ payload: [UInt8], flags: String, _ expected: [String]) {
    self.name = name
    self.payload = payload
    self.flags = flags
    self.expected = expected
  }
  var testDescription: String { name }
}

/// A payload close to a triggering one that must not fire `rule` (and fires exactly `others`).
struct PassCase: Sendable, CustomTestStringConvertible {
  let rule: PayloadRule
  let name: String
  let payload: [UInt8]
  let flags: String
  let others: [String]
  init(_ rule: PayloadRule, _ name: String, _ payload: [UInt8], flags: String, others: [String] = []) {
    self.rule = rule
    self.name = name
    self.payload = payload
    self.flags = flags
    self.others = others
  }
  var testDescription: String { "\(rule.rawValue): \(name)" }
}

/// Every payload rule of SPEC §3, with exact positions and key paths (SPEC §3's position rules):
/// the runners of every family's rows (`JSONRuleTests`, `PayloadRuleTests` and `PushRuleTests`
/// hold them, by the family of the rule in rules.yaml) and the checks over all of them.
@Suite struct RuleTests {
  @Test(arguments: triggering)
  func fires(_ c: RuleCase) {
    let (target, options) = parseFlags(c.flags)
    #expect(findings(bytes: c.payload, target, options: options) == c.expected)
  }

  @Test(arguments: passing)
  func doesNotFire(_ c: PassCase) {
    let (target, options) = parseFlags(c.flags)
    let found = findings(bytes: c.payload, target, options: options)
    #expect(!found.contains { $0.hasPrefix(c.rule.rawValue + " ") })
    #expect(found == c.others)
  }

  @Test func everyRuleHasATriggeringAndAPassingRow() {
    let fired = Set(Self.triggering.flatMap { $0.expected.map { String($0.prefix { $0 != " " }) } })
      .union(PayloadRuleTests.sizeRows.flatMap(\.rules).map(\.rawValue))
    let passed = Set(Self.passing.map(\.rule))
    // Request rules: RequestTests; Live Activity rules (they need the app's Swift types):
    // ActivityContractTests; web push rules (another message format): DeclarativePushTests;
    // a provider's request body (an envelope, not a payload): EnvelopeTests.
    for rule in PayloadRule.allCases where rule.category != .request && rule.category != .activity && rule.category != .web
      && rule != .providerPayloadUnchecked {
      #expect(fired.contains(rule.rawValue), "no triggering row for \(rule.rawValue)")
      #expect(passed.contains(rule), "no passing row for \(rule.rawValue)")
    }
  }

  /// One consequence per rule (issue 53): every finding of every row has its rule's default
  /// severity; no finding is raised or lowered by itself.
  @Test func everyFindingHasItsRulesSeverity() {
    for c in Self.triggering {
      let (target, options) = parseFlags(c.flags)
      var v = PayloadValidator(target: target, options: options)
      for f in v.validate(c.payload).findings where f.severity != (f.payloadRule?.definition.defaultSeverity ?? .warning) {
        Issue.record("\(c.name): \(f.rule.rawValue) \(f.line):\(f.column) is \(f.severity.rawValue), not its rule's severity")
      }
    }
  }

  // MARK: Findings of more than one family

  /// Severity is the consequence (issue 36): where Apple documents a shape but not what the
  /// device does with another, and nothing is dropped for it, the finding is a warning. Seen on
  /// real payloads: a string Live Activity alert (Apple's own "Sending push notifications using
  /// command-line tools" page, parse-community/node-apn's Live Activity test), attributes on an
  /// update (a provider's heredoc), numbers in a Safari push's url-args (ostinelli/apnotic's
  /// README). The loc-args counterpart, text the alert shows, stays an error.
  @Test(arguments: [
    (#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "alert": "Goal"}}"#,
     Target(pushType: .liveactivity), "live-activity-key-ignored 1:84 aps.alert", Severity.warning),
    (#"{"aps": {"event": "update", "timestamp": 1700000000, "content-state": {}, "attributes-type": "Score"}}"#,
     Target(pushType: .liveactivity), "live-activity-key-ignored 1:75 aps.attributes-type", .warning),
    // (To Safari 26.3, which still receives legacy Safari push: safari-legacy-push says nothing.)
    (#"{"aps": {"alert": {"title": "T", "body": "B"}, "url-args": ["a", 42]}}"#,
     Target(platform: .safari, os: OSVersion(26, 3)), "value-type-ignored 1:66 aps.url-args[1]", .warning),
    (#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", 42]}}}"#,
     Target(), "value-type 1:54 aps.alert.loc-args[1]", .error),
  ])
  func documentedShapeWithUndocumentedHandlingIsAWarning(_ json: String, _ target: Target, _ expected: String,
                                                           _ severity: Severity) {
    let report = check(json, target)
    #expect(report.findings.map(summary) == [expected])
    #expect(report.findings.first?.severity == severity)
  }

  // MARK: The rows

  /// Every family's rows, in the order of rules.yaml.
  static let triggering: [RuleCase] = JSONRuleTests.triggering + PayloadRuleTests.triggering + PushRuleTests.triggering
  static let passing: [PassCase] = JSONRuleTests.passing + PayloadRuleTests.passing + PushRuleTests.passing
}
