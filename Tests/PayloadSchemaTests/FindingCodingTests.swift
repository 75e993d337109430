import Foundation
import PayloadSchema
import Testing

/// A finding written with `Codable` reads back as the same finding: escalated and softened ones
/// keep their rule's severity beside the one reported.
@Suite struct FindingCodingTests {
  @Test func findingsRoundTrip() throws {
    // An explicit background push with an alert: `silent-push-shape` escalated to an error;
    // `mutable-content: true`: `flag-value` softened to a warning.
    let json = #"{"aps": {"alert": "Hi", "content-available": 1, "mutable-content": true}}"#
    var validator = PayloadValidator(target: Target(pushType: .background))
    let report = validator.validate(Array(json.utf8))
    let escalated = try #require(report.findings.first { $0.escalated })
    let softened = try #require(report.findings.first { $0.softened })
    #expect(escalated.severity == .error && escalated.ruleSeverity == .warning)
    #expect(softened.severity == .warning && softened.ruleSeverity == .error)
    let data = try JSONEncoder().encode(report.findings)
    let decoded = try JSONDecoder().decode([Finding].self, from: data)
    #expect(decoded == report.findings)
    #expect(decoded.map(\.payloadRule) == report.findings.map(\.payloadRule))
  }

  @Test func anyRuleIdDecodesAndAMissingSeverityIsTheRulesDefault() throws {
    let json = #"[{"rule": "strings-syntax", "severity": "error", "message": "m", "line": 2, "column": 3},"#
      + #"{"rule": "value-type", "message": "m", "line": 1, "column": 1}]"#
    let decoded = try JSONDecoder().decode([Finding].self, from: Data(json.utf8))
    #expect(decoded[0].rule.rawValue == "strings-syntax" && decoded[0].payloadRule == nil && decoded[0].severity == .error)
    #expect(decoded[1].rule == .valueType && decoded[1].severity == .error)
    #expect("\(decoded[0])" == "2:3: error: m [strings-syntax]")
  }
}
