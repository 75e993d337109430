import Foundation
import PayloadSchema
import Testing
import TestSupport

/// One row of `Fixtures/payloads/apple/SOURCES.tsv` or of the real payloads' `SOURCES.tsv`: a
/// payload file, the `apns-lint check` flags it needs and the exact findings it must give. The
/// rows are ours and stay in the repository; the files are real material, read from the shared
/// folder (`RealMaterial`, `wild/project-fixtures/Fixtures/payloads/…`).
struct SourceRow: Sendable, CustomTestStringConvertible {
  /// `apple` or `real`.
  var folder: String
  /// Path below the folder.
  var file: String
  var flags: String
  /// `rule line:column keyPath` strings, in the order the tool reports them; empty for `clean`.
  var expected: [String]
  /// The tool does not meet `expected` yet (the row starts with `known:`; DISAGREEMENTS.md).
  var known: Bool

  var path: String { folder + "/" + file }
  var testDescription: String { path }

  /// Where our judgment differs from the expected findings the shared folder's list records for
  /// a real payload, and why (file → expected, as in the list's `expected` column).
  static let judgedSince: [String: String] = [
    // APNSwift's File Provider test payload, `{"foo":"bar"}` with push type fileprovider: no
    // top-level `container-identifier`, so the system signals no enumerator and only the app's
    // PushKit delegate gets the push (Apple, "Using push notifications to signal changes"):
    // push-type-mismatch, softened to a warning (SPEC §3).
    "apnswift-fileprovider-payload.json": "push-type-mismatch 1:1 -",
    // sideshow/apns2's MDM test, `{"aps":{},"mdm":"…"}` with no push type: the list expects the
    // MDM reading (push-type-mismatch at `aps`, a warning) but marked it known, because the push
    // type was inferred as alert. An empty `aps` beside `mdm` is now inferred as MDM (SPEC §2),
    // so the row is met.
    "apns2-mdm.json": "push-type-mismatch 1:2 aps",
    // APNSwift's VoIP test payload, `{"foo":"bar"}` with push type voip: PushKit hands the whole
    // payload to the app's delegate, which reads its own keys (issue 53: peer libraries' encoders
    // send such bodies); a voip push without aps is no finding (SPEC §2).
    "apnswift-voip-payload.json": "clean",
    // PyAPNs2's test payloads: an app's push with `"url-args": "args"`, a key iOS does not read,
    // so the type of its value changes nothing on the device (SPEC §3, `value-type`: not for a key
    // the platform does not read); `url-args-in-app-push` (information) says all there is.
    "pyapns2-test-payload.json": "silent-push-shape 1:74 aps.content-available; platform-key 1:138 aps.url-args",
    "pyapns2-test-payload-alert.json": "alert-text-conflict 1:34 aps.alert.title-loc-key; alert-text-conflict 1:119 aps.alert.subtitle-loc-key; alert-text-conflict 1:208 aps.alert.loc-key; deprecated-key 1:257 aps.alert.action-loc-key; deprecated-key 1:285 aps.alert.action; silent-push-shape 1:369 aps.content-available; platform-key 1:433 aps.url-args",
  ]

  /// Reads a folder's list: `apple/SOURCES.tsv` in the repository (Apple's pages, our expected
  /// findings), and for `real` the list kept beside the payloads in the shared folder
  /// (`../shared/wild/project-fixtures/Fixtures/payloads/real/SOURCES.tsv`: origin, licence,
  /// flags, expected findings), with ``judgedSince`` over it. A header line names the columns,
  /// then one row a line; only `file`, `flags` and `expected` are read. Empty without the shared
  /// folder (the real payloads are there too).
  static func load(_ folder: String) -> [SourceRow] {
    let path = folder == "real" ? RealMaterial.path("Fixtures/payloads/real/SOURCES.tsv") : FixtureTests.directory + "/" + folder + "/SOURCES.tsv"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    guard !lines.isEmpty else { return [] }
    let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard let fileColumn = header.firstIndex(of: "file"), let flagsColumn = header.firstIndex(of: "flags"),
          let expectedColumn = header.firstIndex(of: "expected") else { return [] }
    return lines.map { line in
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      func cell(_ i: Int) -> String { i < cells.count ? cells[i] : "" }
      let file = cell(fileColumn)
      var expected = (folder == "real" ? judgedSince[file] : nil) ?? cell(expectedColumn).trimmingCharacters(in: .whitespaces)
      let known = expected.hasPrefix("known:")
      if known { expected = String(expected.dropFirst("known:".count)).trimmingCharacters(in: .whitespaces) }
      let findings = expected == "clean" || expected.isEmpty
        ? [] : expected.components(separatedBy: "; ").map { $0.trimmingCharacters(in: .whitespaces) }
      return SourceRow(folder: folder, file: file, flags: cell(flagsColumn), expected: findings, known: known)
    }
  }

  static let all: [SourceRow] = load("apple") + load("real")

  /// What `apns-lint check FILE FLAGS` reports for the row, as `summary` strings.
  func findings() throws -> [Finding] {
    try FixtureTests.report(path, flags: flags).findings
  }

  /// A payload Apple's documentation would call valid: nothing expected of it is an error or a
  /// warning (info findings such as `deprecated-key` or `json-escaped-unicode` may remain).
  var isValid: Bool {
    expected.allSatisfy { entry in
      let rule = entry.split(separator: " ").first.map(String.init) ?? entry
      return PayloadRule(rawValue: rule)?.defaultSeverity == .info
    }
  }
}

/// Issue #14: Apple's own listings and real payloads from public projects, each with the findings
/// a demanding user expects (judged against Apple's documentation, not copied from the tool).
/// The tests that read a file are skipped on a clone without the shared folder.
@Suite struct RealPayloadTests {
  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)), arguments: SourceRow.all)
  func findingsMatchSources(_ row: SourceRow) throws {
    let actual = try row.findings().map(summary).map { Self.asWritten($0, in: row.expected) }
    if row.known {
      withKnownIssue("\(row.path): see DISAGREEMENTS.md in ../shared/wild/project-fixtures/Fixtures/payloads/real") {
        #expect(actual == row.expected)
      }
    } else {
      #expect(actual == row.expected)
    }
  }

  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
  func sourcesListEveryFileAndNothingElse() {
    for folder in ["apple", "real"] {
      let files = Set(FixtureTests.files(under: folder).map { String($0.dropFirst(folder.count + 1)) })
      let rows = SourceRow.load(folder).map(\.file)
      #expect(Set(rows).count == rows.count, "\(folder): a file listed twice")
      #expect(Set(rows) == files, "\(folder): unlisted \(files.subtracting(rows).sorted()), missing \(Set(rows).subtracting(files).sorted())")
    }
    #expect(SourceRow.load("apple").count >= 15)
    #expect(SourceRow.load("real").count >= 60)
    // Every judgment of ours that overrides the shared list names a payload the list has.
    #expect(Set(SourceRow.judgedSince.keys).subtracting(SourceRow.load("real").map(\.file)).sorted() == [])
  }

  /// DISAGREEMENTS.md is kept beside the payloads in the shared folder.
  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
  func everyKnownRowIsADisagreement() throws {
    let url = RealMaterial.url("Fixtures/payloads/real/DISAGREEMENTS.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    for row in SourceRow.all where row.known {
      #expect(text.contains("`\(row.file)`"), "\(row.path) is marked known: but DISAGREEMENTS.md does not discuss it")
    }
  }

  /// `finding` ("rule L:C path") as the row writes it: a row written before a rule was split
  /// (issue 53, one consequence per rule) names the group, which names a finding of its part.
  static func asWritten(_ finding: String, in expected: [String]) -> String {
    let id = String(finding.prefix { $0 != " " })
    guard let group = PayloadRule(rawValue: id)?.definition.group?.rawValue else { return finding }
    let written = group + finding.dropFirst(id.count)
    return !expected.contains(finding) && expected.contains(written) ? written : finding
  }

  /// The accuracy figures of issue #14: precision (findings that are right / all findings) and
  /// the share of valid payloads that pass clean, over both folders.
  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
  func accuracy() throws {
    var reported = 0, right = 0, valid = 0, validClean = 0
    for row in SourceRow.all {
      let found = try row.findings()
      let actual = found.map(summary).map { Self.asWritten($0, in: row.expected) }
      var remaining = row.expected
      for finding in actual {
        reported += 1
        if let i = remaining.firstIndex(of: finding) {
          right += 1
          remaining.remove(at: i)
        }
      }
      if row.isValid {
        valid += 1
        // Clean: no error or warning (an info finding such as deprecated-key does not block).
        if found.allSatisfy({ $0.severity == .info }) { validClean += 1 }
      }
    }
    let precision = reported == 0 ? 1 : Double(right) / Double(reported)
    let cleanShare = valid == 0 ? 1 : Double(validClean) / Double(valid)
    print("""
      real-payload accuracy: \(SourceRow.all.count) payloads; precision \(right)/\(reported) = \
      \(String(format: "%.1f", precision * 100))%; valid payloads passing clean \(validClean)/\(valid) = \
      \(String(format: "%.1f", cleanShare * 100))%
      """)
    #expect(precision >= 0.95)
    #expect(cleanShare >= 0.95)
  }
}
