import APNsLint
import PayloadSchema
import Foundation
import Testing

/// `check --ndjson` reads a stream in bounded memory: a 50 MB line is fed to the validator in
/// chunks, never held whole, and the records around it are read as usual (the bound itself is
/// measured in a process of its own: CLITests' `aFiftyMegabyteRecordIsReadInBoundedMemory`).
@Suite struct NDJSONStreamTests {
  @Test func fiftyMegabyteLineInsideAStream() throws {
    let size = 50 * 1_000_000
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-50mb-\(UUID().uuidString).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // First record, a 50 MB record with a mistake at its end, a last record.
    var stream = Data(#"{"aps":{"alert":"a"}}"#.utf8) + Data([0x0A])
    stream += Data(#"{"aps":{"alert":""#.utf8)
    stream += Data(repeating: 0x78, count: size)
    stream += Data(#"","badge":"9"}}"#.utf8) + Data([0x0A])
    stream += Data(#"{"aps":{"badge":-1}}"#.utf8) + Data([0x0A])
    #expect(FileManager.default.createFile(atPath: path, contents: stream))
    stream = Data()

    let fd = open(path, O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    var linter = Linter()
    var results: [LintResult] = []
    try PayloadInput.lintNDJSON(fd: fd, path: "s.ndjson", linter: &linter) { results.append($0) }

    #expect(results.map(\.record) == [1, 2, 3])
    #expect(results[0].findings.isEmpty)
    #expect(results[1].findings.map(\.rule.rawValue) == ["payload-too-large", "value-type-ignored"])
    #expect(results[1].findings.last?.line == 2)
    #expect(results[1].findings.last?.column == 17 + size + 11)
    #expect(results[1].bytes == 17 + size + 15)
    #expect(results[2].findings.map(\.rule.rawValue) == ["value-range-ignored"])
    // The memory bound is measured in a process of its own (CLITests'
    // `aFiftyMegabyteRecordIsReadInBoundedMemory`): this process's resident size moves with every
    // test running beside it.
  }

  /// Threads change nothing: the results of a stream read with 1, 2 or 3 workers are the same,
  /// in the same order, and each is what `validate` says of its line alone. The stream has 12,000
  /// records of all kinds (valid, invalid, empty, spaced), lines across the 1 MiB chunk edges, a
  /// 1.5 MiB record (streamed through the validator) and a last line without a newline.
  @Test func workersGiveTheSameResultsInOrder() throws {
    let kinds = [
      #"{"aps":{"alert":"café 🎉","badge":3,"sound":"default"},"msgid":"1"}"#,
      #"{"aps":{"alert":"x","badge":"3"}}"#,
      #"{"aps":{"content-available":true}}"#,
      #"{"aps":{"alert":{"loc-key":"K","loc-args":["a",2]}},"password":"p"}"#,
      #" { "aps" : { "content-available" : 1 } } "#,
      #"{"aps":{"alert":"a"}"#,
      "",
      #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"s":[1,2]}}}"#,
    ]
    var lines: [String] = []
    for i in 0..<12_000 {
      if i == 7_000 {
        lines.append(#"{"aps":{"alert":""# + String(repeating: "y", count: 1_500_000) + #""}}"#)
      } else {
        // Lengths vary so that records fall across chunk edges.
        lines.append(kinds[i % kinds.count] + String(repeating: " ", count: (i * 37) % 211))
      }
    }
    let stream = Data((lines.joined(separator: "\n") + "\n" + kinds[1]).utf8)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-workers-\(UUID().uuidString).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: stream))

    // A further finding for big payloads, as the localization checks add theirs (on the calling thread).
    let extra: (PayloadReport) -> [Finding] = { report in
      report.size > 200 ? [Finding(rule: RuleID(LocalizationRule.locKeyMissing), severity: .error, message: "big", line: 1, column: 1, keyPath: nil)] : []
    }
    func run(_ workers: Int, localize: ((PayloadReport) -> [Finding])? = nil) throws -> [LintResult] {
      let fd = open(path, O_RDONLY)
      #expect(fd >= 0)
      defer { close(fd) }
      var linter = Linter()
      var results: [LintResult] = []
      try PayloadInput.lintNDJSON(fd: fd, path: "w.ndjson", linter: &linter, workers: workers, localize: localize) { results.append($0) }
      return results
    }
    let one = try run(1)
    #expect(one.count == 12_001)
    #expect(one.map(\.record) == Array(1...12_001).map { Optional($0) })
    #expect(try run(2) == one)
    #expect(try run(3) == one)
    let localized = try run(1, localize: extra)
    #expect(localized != one)
    #expect(localized.filter { $0.findings.contains { $0.rule.rawValue == "loc-key-missing" } }.count > 100)
    #expect(try run(3, localize: extra) == localized)

    // Each record is what validating its line alone gives.
    var linter = Linter()
    for (k, line) in (lines + [kinds[1]]).enumerated() where k % 97 == 0 || k == 7_000 {
      let report = Array(line.utf8).withUnsafeBytes { linter.validate($0) }
      #expect(one[k] == linter.result(report, path: "w.ndjson", record: k + 1))
    }
  }
}
