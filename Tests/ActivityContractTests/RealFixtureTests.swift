import ActivityContract
import Foundation
import PayloadSchema
import Testing
import TestSupport

/// The real fixtures of `Fixtures/activities` (their SOURCES.tsv, in the shared folder beside
/// them, says where each file comes from): each payload against the app's own Swift files, with
/// the exact findings EXPECTED.tsv lists. The manifests, expectations and the apps' files are
/// read from the shared folder (`RealMaterial`), and the suite is skipped without it. The patterns they show are reproduced in types and payloads of our own in `RealPatternTests`
/// and the other suites of `ActivityContractTests`.
@Suite(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
struct RealFixtureTests {
  /// The expected findings (EXPECTED.tsv) are kept beside the apps' files in the shared folder.
  static let manifests = RealMaterial.path("Fixtures/activities")
  /// The same folder among the real files: the Swift sources and the payloads.
  static let root = RealMaterial.path("Fixtures/activities")

  struct Row: Sendable, CustomTestStringConvertible {
    var payload: String
    var swift: String
    var now: Int64
    var expected: [String]
    var testDescription: String { payload }
  }

  /// `payload  swift-folder  now  findings` (findings "rule line:column keyPath", `;`-separated, `-` for none).
  static let rows: [Row] = {
    guard let text = try? String(contentsOfFile: manifests + "/EXPECTED.tsv", encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard f.count == 4, let now = Int64(f[2]) else { return nil }
      return Row(payload: f[0], swift: f[1], now: now, expected: f[3] == "-" ? [] : f[3].components(separatedBy: "; "))
    }
  }()

  static func contract(_ folder: String) throws -> ActivityContract {
    var c = ActivityContract()
    let dir = root + "/" + folder
    for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where name.hasSuffix(".swift") {
      c.add(source: try String(contentsOfFile: dir + "/" + name, encoding: .utf8), file: folder + "/" + name)
    }
    return c
  }

  @Test func everyPayloadHasARow() throws {
    #expect(Self.rows.count >= 12)
    var payloads: Set<String> = []
    for folder in ["home-assistant/payloads", "emoji-rangers/payloads"] {
      for name in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + folder) where name.hasSuffix(".json") {
        payloads.insert(folder + "/" + name)
      }
    }
    #expect(Set(Self.rows.map(\.payload)).isSuperset(of: payloads))
  }

  @Test(arguments: rows)
  func findingsAreExactly(_ row: Row) throws {
    let c = try Self.contract(row.swift)
    #expect(c.problems.isEmpty)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.root + "/" + row.payload)))
    let found = ActivityChecker(contract: c).check(bytes, now: row.now).findings.map(summary)
    #expect(found == row.expected)
  }
}
