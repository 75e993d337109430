import Foundation
import PayloadSchema
import Testing

/// A finding written with `Codable` reads back as the same finding; one written before issue 53
/// ("one consequence per rule") with `softened`, `escalated` or `noEffect` keeps the severity it
/// was reported with.
@Suite struct FindingCodingTests {
  @Test func findingsRoundTrip() throws {
    // A string badge: `value-type-ignored`, a warning; `mutable-content: true`: `flag-value-true`,
    // information; an unreached finding keeps its rule's severity beside the one reported.
    var validator = PayloadValidator(target: Target())
    let report = validator.validate(Array(#"{"aps": {"alert": "Hi", "badge": "1"}}"#.utf8))
    var flagged = PayloadValidator(target: Target(pushType: .alert))
    let flagReport = flagged.validate(Array(#"{"aps": {"alert": "Hi", "mutable-content": true}}"#.utf8))
    #expect(report.findings.map { "\($0.rule) \($0.severity)" } == ["value-type-ignored warning"])
    #expect(flagReport.findings.map { "\($0.rule) \($0.severity)" } == ["flag-value-true info"])
    var unreached = Finding(rule: .valueType, message: "unreached", offset: 9, line: 1, column: 10, keyPath: "aps")
    unreached.unreached = true
    #expect(unreached.severity == .info && unreached.ruleSeverity == .error)
    let findings = report.findings + flagReport.findings + [unreached]
    let data = try JSONEncoder().encode(findings)
    let decoded = try JSONDecoder().decode([Finding].self, from: data)
    #expect(decoded == findings)
    #expect(decoded.map(\.payloadRule) == findings.map(\.payloadRule))
  }

  /// A finding written before the split, lowered by itself (`"softened": true`, reported as a
  /// warning of an error rule), reads back with the severity it was reported with.
  @Test func aFindingWrittenBeforeTheSplitKeepsItsSeverity() throws {
    let json = #"[{"rule": "value-type", "severity": "warning", "ruleSeverity": "error", "softened": true, "message": "m", "line": 1, "column": 9},"#
      + #"{"rule": "flag-value", "severity": "info", "ruleSeverity": "error", "noEffect": true, "message": "m", "line": 1, "column": 9}]"#
    let decoded = try JSONDecoder().decode([Finding].self, from: Data(json.utf8))
    #expect(decoded.map { "\($0.rule) \($0.severity) \($0.ruleSeverity)" } == ["value-type warning warning", "flag-value info info"])
  }

  /// A finding is always written with its severity; one read without (written by hand) is a
  /// warning: the vocabulary that decodes it holds no rule's definition (a `Linter` gives each
  /// finding its configured severity).
  @Test func anyRuleIdDecodesAndAMissingSeverityIsAWarning() throws {
    let json = #"[{"rule": "strings-syntax", "severity": "error", "message": "m", "line": 2, "column": 3},"#
      + #"{"rule": "value-type", "message": "m", "line": 1, "column": 1}]"#
    let decoded = try JSONDecoder().decode([Finding].self, from: Data(json.utf8))
    #expect(decoded[0].rule.rawValue == "strings-syntax" && decoded[0].payloadRule == nil && decoded[0].severity == .error)
    #expect(decoded[1].rule == .valueType && decoded[1].severity == .warning && decoded[1].ruleSeverity == .warning)
    #expect("\(decoded[0])" == "2:3: error: m [strings-syntax]")
  }
}
