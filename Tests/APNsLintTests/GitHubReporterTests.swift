import PayloadSchema
import Testing
@testable import APNsLint

/// The GitHub Actions reporter: command lines and @actions/core's escaping.
@Suite struct GitHubReporterTests {
  @Test(arguments: [
    ("plain", "plain", "plain"),
    ("100%", "100%25", "100%25"),
    ("a\nb", "a%0Ab", "a%0Ab"),
    ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
    ("key: 'x', value", "key: 'x', value", "key%3A 'x'%2C value"),
    ("%0A", "%250A", "%250A"),
    ("::error::", "::error::", "%3A%3Aerror%3A%3A"),
    ("é 😀", "é 😀", "é 😀"),
  ])
  func escapesAsTheToolkitDoes(input: String, data: String, property: String) {
    #expect(GitHubReporter.escapeData(input) == data)
    #expect(GitHubReporter.escapeProperty(input) == property)
  }

  @Test func oneCommandPerFinding() {
    let report = LintReport(
      results: [
        LintResult(path: "/repo/Fixtures/a,b.json", findings: [
          Finding(rule: ruleID("value-type"), severity: .error, message: "expected a number, found '5'\n(50% off)",
                     line: 3, column: 14, keyPath: "aps.badge"),
          Finding(rule: ruleID("unknown-key"), severity: .warning, message: "unknown key 'x'", line: 2, column: 5, keyPath: "aps.x"),
        ]),
        LintResult(path: "-", record: 4, findings: [
          Finding(rule: ruleID("deprecated-key"), severity: .info, message: "'launch-image' is deprecated", line: 4, column: 9, keyPath: nil),
        ]),
        LintResult(path: "ok.json", findings: []),
      ],
      rulesRun: ["value-type", "unknown-key", "deprecated-key"])
    #expect(GitHubReporter.render(report, workingDirectory: "/repo") == """
      ::error file=Fixtures/a%2Cb.json,line=3,col=14,title=value-type::expected a number, found '5'%0A(50%25 off)
      ::warning file=Fixtures/a%2Cb.json,line=2,col=5,title=unknown-key::unknown key 'x'
      ::notice line=4,col=9,title=deprecated-key::'launch-image' is deprecated

      """)
    #expect(GitHubReporter.render(LintReport(results: [], rulesRun: [])) == "")
  }
}
