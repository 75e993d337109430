import APNsLint
import PayloadSchema
import Testing

/// Each configuration parameter changes what the linter reports (SPEC §7), end to end: YAML text →
/// `Configuration` → `Linter` → diagnostics.
@Suite struct LinterParameterTests {
  func lint(_ payload: String, yaml: String, overrides: TargetOverrides = TargetOverrides()) throws -> [String] {
    let configuration = try Configuration.parse(yaml: yaml, path: "test.yml", base: .builtIn)
    var linter = Linter(configuration: configuration, overrides: overrides)
    let report = Array(payload.utf8).withUnsafeBytes { linter.validate($0) }
    return linter.result(report, path: "p.json", record: nil).findings.map { "\($0.rule) \($0.severity.rawValue) \($0.line):\($0.column)" }
  }

  @Test func keyPatternsReplaceTheDefaults() throws {
    let payload = #"{"aps":{"alert":"Hi"},"password":"x","iban":"DE00"}"#
    #expect(try lint(payload, yaml: "version: 1\n") == ["sensitive-data info 1:23"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  sensitive-data: {key-patterns: [\"(?i)^iban$\"]}\n") == ["sensitive-data info 1:38"])
  }

  @Test func checkValuesLooksAtValues() throws {
    let payload = #"{"aps":{"alert":"Hi"},"note":"my password"}"#
    #expect(try lint(payload, yaml: "version: 1\n") == [])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  sensitive-data: {check-values: true}\n") == ["sensitive-data info 1:30"])
  }

  @Test func allowlistOnlyWhenTurnedOn() throws {
    let payload = #"{"aps":{"alert":"Hi"},"msgid":"1","tracking":"t"}"#
    #expect(try lint(payload, yaml: "version: 1\n") == [])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  custom-key-allowlist: {severity: error, allowed: [msgid]}\n") == ["custom-key-allowlist error 1:35"])
  }

  @Test func warnAtMovesTheNearLimitThreshold() throws {
    let payload = #"{"aps":{"alert":""# + String(repeating: "a", count: 2500) + #""}}"#
    #expect(try lint(payload, yaml: "version: 1\n") == [])
    #expect(try lint(payload, yaml: "version: 1\nsize: {warn-at: 0.5}\n") == ["payload-near-limit warning 1:1"])
  }

  @Test func sizeCountRawCountsWhitespace() throws {
    let payload = "{\"aps\":{\"alert\":\"x\"}}" + String(repeating: " ", count: 4100)
    // Compact (the default for files): fine to send, but not as written (SPEC §2).
    #expect(try lint(payload, yaml: "version: 1\n") == ["payload-whitespace warning 1:1"])
    #expect(try lint(payload, yaml: "version: 1\nsize: {count: raw}\n") == ["payload-too-large error 1:1"])
  }

  @Test func maxDepthLimitsNesting() throws {
    let payload = #"{"aps":{"alert":"Hi"},"d":[[[[1]]]]}"#
    #expect(try lint(payload, yaml: "version: 1\n") == [])
    #expect(try lint(payload, yaml: "version: 1\nlimits: {max-depth: 3}\n") == ["json-too-deep error 1:29"])
  }

  @Test func targetSetsPlatformTransportAndPushType() throws {
    let payload = #"{"aps":{"alert":"Hi","url-args":[]}}"#
    // Named on the command line: that platform's rules apply.
    // (information: only Safari reads url-args, an app's notification shows the same without it)
    #expect(try lint(payload, yaml: "version: 1\n", overrides: TargetOverrides(platform: .ios)) == ["url-args-in-app-push info 1:22"])
    // (A website push reaches Safari 26.3 and earlier only: without --os, safari-legacy-push-reach, a warning.)
    #expect(try lint(payload, yaml: "version: 1\ntarget: {platform: safari}\n") == ["safari-legacy-push-reach warning 1:1", "safari-fields error 1:17"])
    // Otherwise the configuration's platform is a default: only a Safari website push reads
    // url-args, so the payload is checked as one.
    #expect(try lint(payload, yaml: "version: 1\n") == ["safari-legacy-push-reach warning 1:1", "safari-fields error 1:17"])
    #expect(try lint(payload, yaml: "version: 1\ntarget: {platform: macos}\n") == ["safari-legacy-push-reach warning 1:1", "safari-fields error 1:17"])
    #expect(try lint(#"{"aps":{"alert":{"title":"T","body":"B","action":"View"},"url-args":["x"]}}"#, yaml: "version: 1\n")
      == ["safari-legacy-push-reach warning 1:1"])
    // An app's push with a stray url-args stays the app's: badge, sound, thread-id and category
    // are keys Safari does not read (PyAPNs2's test payload, github:Pr0Ger/PyAPNs2@aac4bd34
    // test/test_payload.py, shaped as ours): url-args is the information it is on iOS.
    #expect(try lint(#"{"aps":{"alert":"A","badge":2,"sound":"chime","thread-id":"42","category":"c","url-args":"args"}}"#,
                     yaml: "version: 1\n") == ["url-args-in-app-push info 1:79"])
    // Without url-args the platform stays iOS: `action` is deprecated there, not on Safari.
    #expect(try lint(#"{"aps":{"alert":{"title":"T","body":"B","action":"View"}}}"#, yaml: "version: 1\n") == ["deprecated-key info 1:41"])
    let long = #"{"aps":{"alert":""# + String(repeating: "a", count: 300) + #""}}"#
    #expect(try lint(long, yaml: "version: 1\ntarget: {transport: binary-pre-ios8}\n") == ["payload-too-large error 1:1"])
    #expect(try lint(#"{"aps":{"alert":"Hi"}}"#, yaml: "version: 1\ntarget: {push-type: background}\n") == ["background-inert error 1:8", "push-type-key-unread warning 1:17"])
  }

  @Test func commandLineFlagsOverrideTheConfiguration() throws {
    let payload = #"{"aps":{"alert":"Hi","url-args":[]}}"#
    #expect(try lint(payload, yaml: "version: 1\ntarget: {platform: safari}\n", overrides: TargetOverrides(platform: .ios)) == ["url-args-in-app-push info 1:22"])
  }

  @Test func severitiesAndOff() throws {
    let payload = #"{"aps":{"alert":"Hi","lockey":"x"}}"#
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  unknown-key: error\n") == ["unknown-key error 1:22"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  unknown-key: off\n") == [])
  }

  @Test func silentPushShapeTakesItsConfiguredSeverity() throws {
    let payload = #"{"aps":{"content-available":1,"badge":1}}"#
    let found = try lint(payload, yaml: "version: 1\ntarget: {push-type: background}\nrules:\n  silent-push-shape: warning\n")
    #expect(found == ["silent-push-shape warning 1:29", "push-type-key-unread warning 1:39"])
    #expect(try lint(payload, yaml: "version: 1\n") == ["silent-push-shape info 1:29"])
  }

  /// One consequence per rule (issue 53): a string badge is value-type-ignored, a part of the
  /// group value-type, with its own severity; the group's id names it in a configuration, and a
  /// setting naming the part wins, written before or after the group's.
  @Test func aGroupsIdNamesItsParts() throws {
    let payload = #"{"aps":{"alert":"Hi","badge":"1"}}"#
    #expect(try lint(payload, yaml: "version: 1\n") == ["value-type-ignored warning 1:30"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  value-type: info\n") == ["value-type-ignored info 1:30"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  value-type: off\n") == [])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  value-type: off\n  value-type-ignored: warning\n") == ["value-type-ignored warning 1:30"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  value-type-ignored: error\n  value-type: off\n") == ["value-type-ignored error 1:30"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  value-type-ignored: off\n") == [])
    // The group itself still reports its own consequence when only the part is off.
    #expect(try lint(#"{"aps":{"alert":42,"badge":"1"}}"#, yaml: "version: 1\nrules:\n  value-type-ignored: off\n") == ["value-type error 1:17"])
  }

  /// `mutable-content: true` is flag-value-true (information: iOS reads it as 1), `"1"` is
  /// flag-value-ignored (a warning: the alert shows as sent); `flag-value: error` names them too.
  @Test func flagValuesPartsHaveTheirOwnSeverity() throws {
    let payload = #"{"aps":{"alert":"x","mutable-content":true}}"#
    #expect(try lint(payload, yaml: "version: 1\n") == ["flag-value-true info 1:39"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  flag-value: error\n") == ["flag-value-true error 1:39"])
    #expect(try lint(payload, yaml: "version: 1\nrules:\n  flag-value: off\n") == [])
    #expect(try lint(#"{"aps":{"alert":"x","mutable-content":"1"}}"#, yaml: "version: 1\n") == ["flag-value-ignored warning 1:39"])
    // false (and 0) mean off, as if the key were absent: flag-off, information.
    #expect(try lint(#"{"aps":{"alert":"x","mutable-content":false}}"#, yaml: "version: 1\n") == ["flag-off info 1:39"])
  }
}

/// One `SourcePosition` from the validator to the report: line, column and byte offset of a
/// finding survive `Linter.result` (which gives it the configured severity).
@Suite struct SourcePositionTests {
  @Test func theValidatorsPositionReachesTheDiagnostic() throws {
    let payload = Array("{\n  \"aps\": {\"badge\": \"3\"}\n}".utf8)
    var linter = Linter()
    let report = payload.withUnsafeBytes { linter.validate($0) }
    let finding = try #require(report.findings.first { $0.rule == .valueTypeIgnored })
    #expect(finding.position == SourcePosition(line: 2, column: 20, offset: 21))
    let diagnostic = try #require(linter.result(report, path: "p.json", record: nil).findings.first { $0.rule.rawValue == "value-type-ignored" })
    #expect(diagnostic.position == finding.position)
    #expect("\(diagnostic.position)" == "2:20")
  }
}
