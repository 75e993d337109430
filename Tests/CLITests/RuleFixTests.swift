import Foundation
import APNsLint
import PayloadSchema
import StringsFile
import TestSupport
import Testing

/// Fixes are part of the rules' definitions (SPEC §3.4): every rule decides, and each rule that
/// fixes has an example whose fixed bytes are asserted here exactly, through the command line
/// (`check --fix`, `strings lint --fix`), checked again, and fixed a second time to nothing.
@Suite struct RuleFixTests {
  static var fixing: [Rule] { Rule.catalogue.filter(\.fix.fixes) }

  @Test func everyRuleDecidesWhetherItFixes() {
    for rule in Rule.catalogue {
      #expect(!rule.fix.explanation.isEmpty, "\(rule.id.rawValue): its definition does not say whether it fixes (fix: .never(\"why\") or .edits(…))")
      #expect(rule.fix.fixes == (rule.fixExample != nil),
              "\(rule.id.rawValue): a rule that fixes has a fixed example, and only such a rule")
    }
  }

  @Test func theRulesThatFixAreThoseOfTheIssue() {
    let ids = Set(Self.fixing.map(\.id.rawValue))
    for id in ["value-type", "flag-value", "flag-off", "unknown-key", "json-duplicate-key", "json-bom"] {
      #expect(ids.contains(id), "\(id) fixes")
    }
  }

  /// A fixing rule's example, written to a folder, fixed by the command line: the bytes are the
  /// example's `fixed`, the rule no longer fires there, and a second `--fix` changes nothing.
  @Test(arguments: fixing.map(\.id.rawValue))
  func theFixedExampleIsExact(_ id: String) throws {
    let rule = try #require(Rule.named(id))
    let example = try #require(rule.fixExample)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fix-example-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let table = [.localization, .strings].contains(rule.category)
    let inputs = table ? RuleCatalogueTests.sections(example.input) : [("p.json", example.input)]
    for (name, body) in inputs {
      let file = dir.appendingPathComponent(Self.file(name, table: table))
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(RuleCatalogueTests.bytes(body)).write(to: file)
    }
    var arguments = table ? ["strings", "lint", "L", "--fix"] : ["check", "p.json", "--fix"]
    arguments += rule.triggeringFlags.split(separator: " ").map(String.init)
    if !rule.exampleConfiguration.isEmpty {
      try rule.exampleConfiguration.write(to: dir.appendingPathComponent("c.yml"), atomically: true, encoding: .utf8)
      arguments += ["--config", "c.yml"]
    }
    let first = try runCLI(arguments + ["--format", "json"], in: dir.path)
    let expected = table ? RuleCatalogueTests.sections(example.fixed) : [("p.json", example.fixed)]
    for (name, body) in expected {
      let written = try Data(contentsOf: dir.appendingPathComponent(Self.file(name, table: table)))
      #expect(Array(written) == RuleCatalogueTests.bytes(body),
              "\(id) \(name): got \(String(decoding: written, as: UTF8.self)); \(first.err)")
    }
    #expect(first.err.contains("fixed "), "\(id): \(first.err)")
    // Checked again, the rule does not fire where it was fixed; fixing again changes nothing.
    let report = try #require(try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])
    let rules = (report["results"] as? [[String: Any]] ?? []).flatMap { $0["diagnostics"] as? [[String: Any]] ?? [] }.compactMap { $0["rule"] as? String }
    #expect(!rules.contains(id), "\(id) still fires after its fix: \(rules)")
    let second = try runCLI(arguments + ["--dry-run"], in: dir.path)
    #expect(second.err.contains("would fix 0 findings in 0 files"), "\(id): \(second.err)")
    #expect(!second.out.contains("+++ b/"), "\(id): a second fix changes the file:\n\(second.out)")
  }

  static func file(_ name: String, table: Bool) -> String { table ? "L/" + name : name }

  /// `--fix --dry-run` prints a unified diff and writes nothing; the summary is on standard error.
  @Test func aDryRunPrintsTheDiffAndWritesNothing() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fix-dry-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let payload = "{\n  \"aps\": {\n    \"badge\": \"3\",\n    \"sound\": \"default\"\n  }\n}\n"
    try payload.write(to: dir.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    let (status, out, err) = try runCLI(["check", "p.json", "--fix", "--dry-run"], in: dir.path)
    #expect(out == """
      --- a/p.json
      +++ b/p.json
      @@ -1,6 +1,6 @@
       {
         "aps": {
      -    "badge": "3",
      +    "badge": 3,
           "sound": "default"
         }
       }

      """)
    #expect(err == "apns-lint: would fix 1 finding in 1 file; 0 errors, 0 warnings would be left\n")
    #expect(status == 0)
    #expect(try String(contentsOf: dir.appendingPathComponent("p.json"), encoding: .utf8) == payload)
  }

  /// A fix that would leave a new finding is not applied, and the run says why.
  @Test func aFixThatMakesANewFindingIsNotApplied() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fix-declined-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // Renaming loc_key makes a loc-key the tables lack: loc-key-missing, a new error.
    let payload = #"{"aps": {"alert": {"loc_key": "NOT_IN_TABLES"}}}"#
    try payload.write(to: dir.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("L/en.lproj"), withIntermediateDirectories: true)
    try #""OTHER" = "Other";"#.write(to: dir.appendingPathComponent("L/en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
    let (_, _, err) = try runCLI(["check", "p.json", "--strings", "L", "--fix"], in: dir.path)
    #expect(err.contains("p.json:1:20: note: fix 'rename 'loc_key' to 'loc-key'' [unknown-key] not applied: checked again, the fixed file has a new finding: 1:31: error:"), "\(err)")
    #expect(err.contains("[loc-key-missing]"), "\(err)")
    #expect(try String(contentsOf: dir.appendingPathComponent("p.json"), encoding: .utf8) == payload)
  }

  /// A table's fix is checked again with every table its findings read, the other translations
  /// included: French lacking `OK`, which English, German, Spanish and Italian all keep as `OK`,
  /// needs no translation (information); checked with English alone, the removed duplicate
  /// seemed to bring out a missing-translation warning, and the fix was refused.
  @Test func aTableFixIsCheckedAgainstEveryTranslation() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fix-evidence-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    for language in ["en", "de", "es", "it", "fr"] {
      try FileManager.default.createDirectory(at: dir.appendingPathComponent("\(language).lproj"), withIntermediateDirectories: true)
      let text = language == "fr" ? "\"SAVE\" = \"Enregistrer\";\n\"SAVE\" = \"Enregistrer\";\n" : "\"OK\" = \"OK\";\n\"SAVE\" = \"Save \(language)\";\n"
      try text.write(to: dir.appendingPathComponent("\(language).lproj/Localizable.strings"), atomically: true, encoding: .utf8)
    }
    let (status, _, err) = try runCLI(["strings", "lint", ".", "--fix"], in: dir.path)
    #expect(err == "apns-lint: fixed 1 finding in 1 file\n", "\(err)")
    #expect(status == 0)
    #expect(try String(contentsOf: dir.appendingPathComponent("fr.lproj/Localizable.strings"), encoding: .utf8) == "\"SAVE\" = \"Enregistrer\";\n")
  }

  /// A table's fix is checked with what the project ships, as the report reads it:
  /// `Fixtures/Localizations/ShipsApp`'s project makes French the development language, so English
  /// lacks `EMPTY` (one warning) and the German table, which no target builds, is compared with
  /// nothing. Checked without the project, English was the development language and the dry run
  /// counted four warnings left where the report shows one.
  @Test func aTableFixIsCheckedWithWhatTheProjectShips() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fix-ships-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.copyItem(at: URL(fileURLWithPath: packageRoot).appendingPathComponent("Fixtures/Localizations/ShipsApp"), to: dir)
    try "\"TITLE\" = \"Shelf\";\n\"TITLE\" = \"Shelf\";\n".write(to: dir.appendingPathComponent("ShipsApp/en.lproj/Labels.strings"), atomically: true, encoding: .utf8)
    let (_, _, report) = try runCLI(["strings", "lint", "."], in: dir.path)
    #expect(report.hasPrefix("note: read 1 project (ShipsApp.xcodeproj)"), "\(report)")
    let (status, _, err) = try runCLI(["strings", "lint", ".", "--fix", "--dry-run"], in: dir.path)
    #expect(err.hasPrefix("note: read 1 project (ShipsApp.xcodeproj)"), "\(err)")
    #expect(err.hasSuffix("apns-lint: would fix 1 finding in 1 file; 0 errors, 1 warning would be left\n"), "\(err)")
    #expect(status == 0)
  }

  /// A fix that brings out a finding another fix removes is applied with it: `contentAvailable:
  /// true` renamed is `content-available: true`, which flag-value writes as 1, in one step.
  @Test func aFollowUpFixIsAppliedInTheSameStep() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fix-follow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "{\n  \"aps\": {\n    \"contentAvailable\": true\n  }\n}\n".write(to: dir.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    let (status, out, err) = try runCLI(["check", "p.json", "--fix"], in: dir.path)
    #expect(try String(contentsOf: dir.appendingPathComponent("p.json"), encoding: .utf8) == "{\n  \"aps\": {\n    \"content-available\": 1\n  }\n}\n")
    #expect(err == "apns-lint: fixed 1 finding in 1 file\n", "\(err)")
    #expect(out == "1 payloads, 0 errors, 0 warnings\n" && status == 0, "\(out)")
  }

  /// The planner on its own: overlapping fixes, the one first in the file (then in the
  /// catalogue's order) wins; identical fixes of two findings count once.
  @Test func overlappingFixesAreResolvedByPlace() {
    let text = Array(#"{"aps": {"title": "T", "body": "B"}}"#.utf8)
    var linter = Linter()
    let findings = text.withUnsafeBytes { linter.result(linter.validate($0), path: "p.json", record: nil).findings }
    let planned = FixPlanner.fixes(for: findings, in: text, carriageReturnEndsLine: false)
    // The title and the body each propose the same move: offered once.
    #expect(planned.map(\.fix.title) == ["move 'title', 'body' into 'aps.alert'"])
    #expect(String(decoding: planned[0].fix.applied(to: text), as: UTF8.self) == #"{"aps": {"alert": {"title": "T", "body": "B"}}}"#)
  }
}
