import Foundation
import TestSupport
import Testing
@testable import APNsLint

/// `strings lint` on real apps' tables (Fixtures/RealLocalizations, see SOURCES.tsv), as a user
/// runs it: the 41-language wikipedia-ios fits on a few screens, its SARIF is valid and within
/// GitHub code scanning's limits, JSON lists every missing key (in its findings' `keys`). The tables are real material, read
/// from the shared folder (`RealMaterial`); those tests are skipped without it.
@Suite("strings lint output on real apps")
struct RealLocalizationsOutputTests {
  static let wikipedia = RealMaterial.path("Fixtures/RealLocalizations/wikipedia-ios")

  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason))) func textFitsOnAFewScreens() throws {
    let (status, out, _) = try runCLI(["strings", "lint", Self.wikipedia])
    // Warnings only: 60 translations read '%@' where the English source, which the app fills
    // itself ('$1'), has no specifier; whether a format call ever runs them is not in the tables.
    #expect(status == 0)
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
    // 53 of the lines say which English text a language keeps (information).
    #expect(lines.count < 300)
    #expect(out.contains("missing translations by localization:\n  ro: 695 of 862 keys missing in 1 table\n"))
    // pl plurals with one, few and other lack 'many': 0 and 5–21 read 'other', written as the many
    // wording ('Znaleziono 0 miejsc'), so they are not reported.
    // 144: four tables miss keys that show the English text (`pictured`) and keys that show raw.
    #expect(out.hasSuffix("84 files, 0 errors, 144 warnings\n"))
    #expect(!out.contains("qqq"))
    // Every finding is one line of the compiler form.
    #expect(lines.filter { $0.contains(": warning: ") || $0.contains(": error: ") || $0.contains(": info: ") }.allSatisfy { $0.hasSuffix("]") })
  }

  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason))) func sarifIsValidAndSmall() throws {
    let (_, out, _) = try runCLI(["strings", "lint", Self.wikipedia, "--format", "sarif"])
    #expect(out.utf8.count < 1_000_000)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [Any]) ?? []
    #expect(results.count == 229)
    // Against the official schema when the external corpus (which holds it) is there.
    if SharedCorpus.isAvailable { #expect(try SARIFSchema.validate(out) == "valid") }
  }

  @Test(.enabled(if: RealMaterial.isAvailable, Comment(rawValue: RealMaterial.skipReason))) func jsonListsEveryMissingKey() throws {
    let (_, out, _) = try runCLI(["strings", "lint", Self.wikipedia, "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    var keys = 0, findings = 0
    for result in document["results"] as? [[String: Any]] ?? [] {
      for diagnostic in result["diagnostics"] as? [[String: Any]] ?? [] where diagnostic["rule"] as? String == "strings-missing-translation" {
        findings += 1
        keys += (diagnostic["keys"] as? [String])?.count ?? 0
      }
    }
    // One finding per localization and table (and per table a folder lacks), as text and SARIF
    // report them; their keys are every key missing (6,277 findings of one key or one folder,
    // 41 of them folders without a table, before they were grouped).
    #expect(keys == 6_236)
    #expect(findings == 84)
  }

  @Test func aFolderOfStandaloneTablesIsLinted() throws {
    let folder = try TemporaryFolder()
    try folder.write("Resources/Extra.strings", "\"A\" = \"a\"\n\"B\" = \"b\";\n")
    let (status, out, _) = try runCLI(["strings", "lint", folder.path])
    #expect(status == 1)
    #expect(out == "\(folder.path)/Resources/Extra.strings:2:1: error: expected ';' after the value of 'A', found '\"' [strings-syntax]\n1 files, 1 errors, 0 warnings\n")
  }
}
