import Foundation
import PayloadSchema
import Testing
import TestSupport

/// `Fixtures/payloads`: Apple's listings give the findings `apple/SOURCES.tsv` names, every rule
/// fixture's trigger file fires its rule and its pass file does not.
@Suite struct FixtureTests {
  static let directory = packageRoot + "/Fixtures/payloads"

  /// `apple/` and `real/` are real material, read from the shared folder (`RealMaterial`) at the
  /// same relative path. The repository keeps `apple/SOURCES.tsv` (Apple's pages and our expected
  /// findings); the real payloads' list is beside them in the shared folder, with the judgments
  /// that have changed since in `SourceRow.judgedSince`.
  static func isReal(_ file: String) -> Bool { file.hasPrefix("apple/") || file.hasPrefix("real/") }

  /// Where `file` (`rules/x.json`, `apple/y.json`) is read from.
  static func path(of file: String) -> String {
    isReal(file) ? RealMaterial.path("Fixtures/payloads/" + file) : directory + "/" + file
  }

  static func files(under folder: String) -> [String] {
    let root = path(of: folder + "/")
    let walker = FileManager.default.enumerator(atPath: root)
    var found: [String] = []
    while let path = walker?.nextObject() as? String {
      if path.hasSuffix(".json") || path.hasSuffix(".apns") { found.append(folder + "/" + path) }
    }
    return found.sorted()
  }

  /// `rules/FLAGS.tsv`: file name → flags.
  static let flags: [String: String] = {
    guard let text = try? String(contentsOfFile: directory + "/rules/FLAGS.tsv", encoding: .utf8) else { return [:] }
    var table: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      if parts.count == 2 { table[String(parts[0])] = String(parts[1]) }
    }
    return table
  }()

  static func report(_ file: String, flags: String) throws -> PayloadReport {
    let data = try Data(contentsOf: URL(fileURLWithPath: path(of: file)))
    var (target, options) = parseFlags(flags)
    // As `apns-lint check` reads payload files: compact, the simulator's key left out of .apns files.
    if !flags.contains("--size-count") { options.sizeCounting = .compact }
    options.simulatorFile = file.hasSuffix(".apns")
    var v = PayloadValidator(target: target, options: options)
    return v.validate(data)
  }

  /// Apple's listings are kept byte for byte, broken ones included, so they are not all clean:
  /// `apple/SOURCES.tsv` gives each one's flags and exact findings, which `RealPayloadTests` checks.
  /// Here: every listing has its row, with the flags it needs.
  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)), arguments: SourceRow.load("apple"))
  func appleListingIsInSources(_ row: SourceRow) throws {
    #expect(Self.files(under: "apple").contains(row.path))
    let report = try Self.report(row.path, flags: row.flags)
    if !row.known { #expect(report.findings.map(summary) == row.expected) }
  }

  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason)))
  func thereAreAppleExamples() {
    #expect(Self.files(under: "apple").count >= 15)
    #expect(Self.files(under: "apple").contains("apple/safari/website-push.json"))
    #expect(Set(SourceRow.load("apple").map(\.path)) == Set(Self.files(under: "apple")))
  }

  static func rule(of file: String) -> PayloadRule? {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return PayloadRule(rawValue: String(name.prefix { $0 != "." }))
  }

  @Test(arguments: files(under: "rules"))
  func ruleFixture(_ file: String) throws {
    let rule = try #require(Self.rule(of: file), "\(file) is not named after a payload rule")
    let name = String(file.dropFirst("rules/".count))
    let fired = try Self.report(file, flags: Self.flags[name] ?? "").findings.map(\.payloadRule)
    if name.contains(".trigger.") {
      #expect(fired.contains(rule), "\(fired)")
    } else {
      #expect(name.contains(".pass."))
      #expect(!fired.contains(rule), "\(fired)")
    }
  }

  // A rule needs no fixture pair here: its definition's examples are its required pair, run with
  // their flags and position marker by RuleCatalogueTests. The files here are second cases kept
  // as they were written (often closer to what providers send), and `check Fixtures/` shows them.

  @Test func everyFlagsLineNamesAFixture() {
    let names = Set(Self.files(under: "rules").map { String($0.dropFirst("rules/".count)) })
    #expect(!Self.flags.isEmpty)
    for file in Self.flags.keys { #expect(names.contains(file), "\(file)") }
  }
}
