import Foundation
import PayloadSchema
import Testing

/// A finding written with `Codable` reads back as the same finding: escalated and softened ones
/// keep their rule's severity beside the one reported.
@Suite struct FindingCodingTests {
  @Test func findingsRoundTrip() throws {
    // A string badge: `value-type` softened to a warning;
    // `mutable-content: true`: `flag-value` with no effect, information. No rule escalates today,
    // so the escalated finding is made by hand.
    var validator = PayloadValidator(target: Target())
    let report = validator.validate(Array(#"{"aps": {"alert": "Hi", "badge": "1"}}"#.utf8))
    var flagged = PayloadValidator(target: Target(pushType: .alert))
    let flagReport = flagged.validate(Array(#"{"aps": {"alert": "Hi", "mutable-content": true}}"#.utf8))
    let escalated = Finding(rule: .silentPushShape, message: "escalated", offset: 9, line: 1, column: 10, keyPath: "aps", escalated: true)
    let softened = try #require(report.findings.first { $0.softened })
    let noEffect = try #require(flagReport.findings.first { $0.noEffect })
    #expect(escalated.severity == .error && escalated.ruleSeverity == .info)
    #expect(softened.severity == .warning && softened.ruleSeverity == .error)
    #expect(noEffect.severity == .info && noEffect.ruleSeverity == .error)
    let findings = report.findings + flagReport.findings + [escalated]
    let data = try JSONEncoder().encode(findings)
    let decoded = try JSONDecoder().decode([Finding].self, from: data)
    #expect(decoded == findings)
    #expect(decoded.map(\.payloadRule) == findings.map(\.payloadRule))
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
