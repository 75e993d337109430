import Foundation
import Testing
import TestSupport

/// Adopting apns-lint on a project with a history (issue #30): on copies of wikipedia-ios's tables
/// (real material, from the shared folder: skipped without it) and of `Fixtures/` in a temporary folder (never the fixtures themselves), `--write-baseline`
/// then `--baseline` reports nothing and exits 0; one broken translation or one new bad payload,
/// with 50 lines inserted above an old finding, reports exactly the new finding and exits 1.
@Suite("baselines on real projects")
struct BaselineAdoptionTests {
  /// A copy of `relative` (below the package root, or an absolute path) at `target` in a new folder.
  static func copy(_ relative: String, as target: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let destination = folder.path + "/" + target
    try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: relative.hasPrefix("/") ? relative : packageRoot + "/" + relative, toPath: destination)
    return folder
  }

  /// Lines of text output that are findings (`PATH:LINE:COLUMN: SEVERITY: …`).
  static func findings(_ out: String) -> [String] {
    out.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": info: ") }
  }

  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason))) func wikipediaTables() throws {
    let folder = try Self.copy(RealMaterial.path("Fixtures/RealLocalizations/wikipedia-ios/Wikipedia"), as: "Wikipedia")
    let tables = "Wikipedia/Localizations"
    let written = try runCLI(["strings", "lint", tables, "--write-baseline", "baseline.tsv"], in: folder.path)
    // Warnings only: the one error class these tables had (a translation's `%@` where English,
    // which the app fills itself, has no specifier) is a warning now (SPEC §3).
    #expect(written.status == 0, "the tables have only warnings: \(written.err)")
    let baseline = try String(contentsOfFile: folder.path + "/baseline.tsv", encoding: .utf8)
    #expect(baseline.hasPrefix("# apns-lint baseline 1\n"))
    // Two comment lines, then one line per key of a finding (none repeats in these tables): 6,277
    // missing translations, 60 format warnings, 31 extra keys, and one line for each of the 54 tables
    // whose values include English text left unchanged (strings-development-copy, information).
    #expect(baseline.split(separator: "\n").count == 2 + 6_422)

    let clean = try runCLI(["strings", "lint", tables, "--baseline", "baseline.tsv"], in: folder.path)
    #expect(clean.status == 0)
    #expect(clean.out == "84 files, 0 errors, 0 warnings\n6422 findings hidden by the baseline\n")
    #expect(clean.err.isEmpty)

    // 50 lines above the old strings-extra-key finding at line 497, and one translation whose
    // `$1` became `%@`.
    let french = folder.path + "/Wikipedia/Localizations/fr.lproj/Localizable.strings"
    var text = try String(contentsOfFile: french, encoding: .utf8)
    let old = "\"about-libraries-licenses-title\" = \"Nous aimons les logiciels au code source ouvert $1\";"
    #expect(text.contains(old))
    text = String(repeating: "/* moved */\n", count: 50) + text.replacingOccurrences(of: old, with: old.replacingOccurrences(of: "$1", with: "%@"))
    try text.write(toFile: french, atomically: true, encoding: .utf8)

    let changed = try runCLI(["strings", "lint", tables, "--baseline", "baseline.tsv"], in: folder.path)
    #expect(changed.status == 0)
    #expect(changed.out == """
      Wikipedia/Localizations/fr.lproj/Localizable.strings:89:1: warning: 'about-libraries-licenses-title' in 'fr' ('Nous aimons les \
      logiciels au code source ouvert %@') does not take the arguments of 'en' ('We love open source software $1'): '%@' where 'en' \
      has none: if the code formats this key, that reads an argument the code does not pass (a crash); if it does not, the user \
      reads '%@' [strings-argument-left-out]
      84 files, 0 errors, 1 warnings
      6422 findings hidden by the baseline

      """)
    // Every format hides the same findings; JSON counts them.
    let json = try runCLI(["strings", "lint", tables, "--baseline", "baseline.tsv", "--format", "json"], in: folder.path)
    #expect(json.status == 0)
    #expect(json.out.components(separatedBy: "\"rule\": ").count - 1 == 1)
    #expect(json.out.hasSuffix("\"baseline\": {\n      \"suppressed\": 6422,\n      \"fixed\": 0\n    }\n  }\n}\n"))
    let github = try runCLI(["strings", "lint", tables, "--baseline", "baseline.tsv", "--format", "github"], in: folder.path)
    #expect(github.out.split(separator: "\n").filter { $0.hasPrefix("::error") || $0.hasPrefix("::warning") }.count == 1)
    #expect(github.out.hasSuffix("::notice title=apns-lint baseline::6422 findings hidden by the baseline\n"))
    let sarif = try runCLI(["strings", "lint", tables, "--baseline", "baseline.tsv", "--format", "sarif"], in: folder.path)
    #expect(sarif.out.components(separatedBy: "\"ruleId\"").count - 1 == 1)
    #expect(sarif.err == "note: 6422 findings hidden by the baseline\n")
  }

  @Test func fixturesPayloads() throws {
    let folder = try Self.copy("Fixtures", as: "Fixtures")
    // A fixed clock: provider-token findings of the request fixtures depend on it.
    let clock = ["--now", "1750000000"]
    let written = try runCLI(["check", "Fixtures", "--write-baseline", "baseline.tsv"] + clock, in: folder.path)
    #expect(written.status == 1)
    let clean = try runCLI(["check", "Fixtures", "--baseline", "baseline.tsv"] + clock, in: folder.path)
    #expect(clean.status == 0)
    #expect(Self.findings(clean.out) == [])
    // The counts follow Fixtures/ (240 payloads and 214 hidden findings when written; 146 payload
    // files once the real ones left for the shared folder, issue 36, 79 of them rule triggers or
    // requests APNs refuses, each with a finding at least).
    func leadingNumber(_ output: String, lineEndingWith suffix: String) -> Int {
      let line = output.split(separator: "\n").last { $0.hasSuffix(suffix) } ?? ""
      return Int(line.split(separator: " ").first ?? "") ?? -1
    }
    let payloads = leadingNumber(written.out, lineEndingWith: "warnings")
    let hidden = leadingNumber(clean.out, lineEndingWith: "hidden by the baseline")
    #expect(payloads >= 140)
    #expect(hidden >= 79)
    #expect(clean.out.hasSuffix("\(payloads) payloads, 0 errors, 0 warnings\n\(hidden) findings hidden by the baseline\n"))

    // The old value-type finding moves 50 lines down; a new payload has a body that is not text.
    let moved = folder.path + "/Fixtures/payloads/rules/value-type.trigger.json"
    let text = try String(contentsOfFile: moved, encoding: .utf8)
    try (String(repeating: "\n", count: 50) + text).write(toFile: moved, atomically: true, encoding: .utf8)
    try "{\"aps\": {\"alert\": {\"body\": 5}}}\n".write(toFile: folder.path + "/Fixtures/payloads/new-body.json", atomically: true, encoding: .utf8)

    let changed = try runCLI(["check", "Fixtures", "--baseline", "baseline.tsv"] + clock, in: folder.path)
    #expect(changed.status == 1)
    #expect(Self.findings(changed.out) == ["Fixtures/payloads/new-body.json:1:28: error: 'body' must be a string, not a number [value-type]"])
    #expect(changed.out.hasSuffix("\(payloads + 1) payloads, 1 errors, 0 warnings\n\(hidden) findings hidden by the baseline\n"))

    // Rewriting the baseline over itself drops nothing that still occurs and adds the new one.
    let rewritten = try runCLI(["check", "Fixtures", "--baseline", "baseline.tsv", "--write-baseline", "baseline.tsv"] + clock, in: folder.path)
    #expect(rewritten.status == 1)
    let again = try runCLI(["check", "Fixtures", "--baseline", "baseline.tsv"] + clock, in: folder.path)
    #expect(again.status == 0)
    #expect(again.out.hasSuffix("\(payloads + 1) payloads, 0 errors, 0 warnings\n\(hidden + 1) findings hidden by the baseline\n"))
  }

  @Test func aFixedFindingIsCountedAndABadBaselineIsExitTwo() throws {
    let folder = try TemporaryFolder()
    try folder.write("Push/a.json", "{\"aps\": {\"alert\": \"Hi\", \"badge\": \"5\"}}\n")
    try folder.write("Push/b.json", "{\"aps\": {\"alert\": \"Hi\", \"interruption-level\": \"loud\"}}\n")
    #expect(try runCLI(["check", "Push", "--write-baseline", "baseline.tsv"], in: folder.path).status == 1)
    try folder.write("Push/a.json", "{\"aps\": {\"alert\": \"Hi\", \"badge\": 5}}\n")
    let fixed = try runCLI(["check", "Push", "--baseline", "baseline.tsv"], in: folder.path)
    #expect(fixed.status == 0)
    #expect(fixed.out == "2 payloads, 0 errors, 0 warnings\n1 finding hidden by the baseline; 1 baseline entry fixed; `--write-baseline` to drop them\n")

    try folder.write("bad.tsv", "# apns-lint baseline 1\nPush/a.json\t-\tvalue-type\taps.badge\n")
    let bad = try runCLI(["check", "Push", "--baseline", "bad.tsv", "--format", "json"], in: folder.path)
    #expect(bad.status == 2)
    #expect(bad.out.isEmpty)
    #expect(bad.err == "bad.tsv:2:35: error: expected 6 tab-separated fields (path, record, rule, key, subject, count), found 4\n")

    let overwrite = try runCLI(["check", "Push", "--write-baseline", "Push/a.json"], in: folder.path)
    #expect(overwrite.status == 2)
    #expect(try String(contentsOfFile: folder.path + "/Push/a.json", encoding: .utf8) == "{\"aps\": {\"alert\": \"Hi\", \"badge\": 5}}\n")
  }
}
