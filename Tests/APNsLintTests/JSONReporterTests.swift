@testable import APNsLint
import PayloadSchema
import Testing

/// `JSONReporter` writes results without diagnostics straight as bytes; they must be exactly what
/// the general writer (`JSONValue`) makes of them, separators included.
@Suite struct JSONReporterTests {
  static let results: [LintResult] = [
    LintResult(path: "-", record: 1, bytes: 175, limit: 4096, pushType: "alert", findings: []),
    LintResult(path: "-", record: 2, bytes: 0, limit: 4096, pushType: "background", findings: []),
    LintResult(path: "a \"quoted\" \\ path\té/ü.json", record: nil, bytes: 9_999_999_999, limit: 5120, pushType: "voip", findings: []),
    LintResult(path: "a \"quoted\" \\ path\té/ü.json", record: 7, bytes: nil, limit: nil, pushType: nil, findings: []),
    LintResult(path: "x.json", record: 3, bytes: 12, limit: 4096, pushType: "alert", findings: [
      Finding(rule: ruleID("value-type"), severity: .error, message: "'badge' must be an integer, not a string", line: 3, column: 14, keyPath: "aps.badge"),
    ]),
    LintResult(path: "-", record: -1, bytes: 1, limit: 256, pushType: "alert", findings: []),
  ]

  /// What `JSONValue` writes for the results, with the reporter's separators.
  static func expected(_ results: [LintResult]) -> String {
    var out = ""
    for (i, r) in results.enumerated() {
      out += i == 0 ? "\n    " : ",\n    "
      JSONReporter.value(r).write(to: &out, indent: 2)
    }
    return out
  }

  @Test func bytesAreWhatJSONValueWrites() {
    var reporter = JSONReporter()
    var bytes: [UInt8] = []
    for r in Self.results { reporter.write(r, to: &bytes) }
    #expect(String(decoding: bytes, as: UTF8.self) == Self.expected(Self.results))
  }

  @Test func resultStringsAreTheSame() {
    var reporter = JSONReporter()
    let text = Self.results.map { reporter.result($0) }.joined()
    #expect(text == Self.expected(Self.results))
  }

  @Test func oneCleanResultExactly() {
    var reporter = JSONReporter()
    let text = reporter.result(Self.results[0])
    #expect(text == "\n    {\n      \"path\": \"-\",\n      \"record\": 1,\n      \"bytes\": 175,\n      \"limit\": 4096,\n      \"pushType\": \"alert\",\n      \"diagnostics\": []\n    }")
  }
}
